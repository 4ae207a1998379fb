// One work queue interface, two engines (docs/decisions/019-bulk-jobs.md): pg-boss on PostgreSQL, so any
// number of app servers share the work, and on SQLite the same semantics in the one server process with
// the state in the database (sqlite-queue.server.ts). A feature sends items and registers one handler;
// the queue hands each item to one handler at a time, within this server's concurrency and each group's
// (a workspace's) limit across all servers, and retries an item whose handler threw.
import type { Db } from "#server/db/db.server.ts";
import type { AppConfig } from "#server/config.server.ts";

export interface QueueItem<T> {
  data: T;
  /** Items of one group (a workspace) run at most `groupConcurrency.tiers[tier]` at once, across servers. */
  group: { id: string; tier: string };
  /** Not before this many seconds from now (a row whose workspace is at its limit comes back a little later). */
  delaySeconds?: number;
  /** Items sent with one key (a job's rows) leave the queue together with `removeWaiting(key)`. */
  key?: string;
}

export interface QueueOptions {
  name: string;
  /** Items this server runs at once. */
  localConcurrency: number;
  /** Per group: a default and per-tier limits (a plan's). */
  groupConcurrency: { default: number; tiers: Record<string, number> };
  /** A handler that throws is tried again this many times, after `retryDelaySeconds` doubling. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A handler silent this long (its server died) gives its item to another. */
  heartbeatSeconds: number;
}

export interface WorkQueue<T> {
  send(items: readonly QueueItem<T>[]): Promise<void>;
  /** Removes every item of this key not yet handed out, in one statement; how many went. */
  removeWaiting(key: string): Promise<number>;
  /** Starts handing out items (once). */
  work(handler: (data: T) => Promise<void>): Promise<void>;
  /** Stops taking items and waits (up to `timeoutMs`) for the running handlers. */
  stop(timeoutMs?: number): Promise<void>;
}

/** One turn of the event loop: better-sqlite3 answers at once, so a loop of awaits alone never lets a timer or a socket run. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The queue for this database: pg-boss on PostgreSQL (loaded only there), the in-process one on SQLite. */
export async function createWorkQueue<T extends object>({ db, config, options }: { db: Db; config: AppConfig; options: QueueOptions }): Promise<WorkQueue<T>> {
  if (config.database.kind === "postgres") {
    const { createPgBossQueue } = await import("./pgboss-queue.server.ts");
    return createPgBossQueue<T>({ url: config.database.url, options });
  }
  const { createSqliteQueue } = await import("./sqlite-queue.server.ts");
  return createSqliteQueue<T>({ db, options });
}
