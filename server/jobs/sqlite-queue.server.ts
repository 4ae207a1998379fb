// The work queue on SQLite: items are rows of queue_job, handed out by this process (one server per
// SQLite file). It keeps pg-boss's promises: an item runs in one handler at a time, within the local and
// per-group limits, is retried with back-off when its handler throws, and survives a restart (items
// that were running when the process died run again).
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import type { QueueItem, QueueOptions, WorkQueue } from "./queue.server.ts";

const idlePollMs = 250;

export function createSqliteQueue<T extends object>({ db, options, now = Date.now }: { db: Db; options: QueueOptions; now?: () => number }): WorkQueue<T> {
  const running = new Set<Promise<void>>();
  let handler: ((data: T) => Promise<void>) | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  let again = false;

  // One CASE over the tiers: how many of its group's items may run at once (integers from our own config).
  // A queue without tiers has the default alone (a CASE with no WHEN is not SQL).
  const tiers = Object.entries(options.groupConcurrency.tiers);
  const limitSql = sql.raw(
    tiers.length
      ? `case q.tier ${tiers.map(([tier, limit]) => `when '${tier.replace(/'/g, "''")}' then ${Math.floor(limit)}`).join(" ")} else ${Math.floor(options.groupConcurrency.default)} end`
      : String(Math.floor(options.groupConcurrency.default)),
  );

  /** The next item whose group has room, claimed; undefined when none can run now. */
  async function claimNext(): Promise<{ id: string; data: string; retryCount: number } | undefined> {
    const { rows } = await sql<{ id: string; data: string; retryCount: number }>`
      select q.id, q.data, q.retryCount from queue_job q
      where q.queue = ${options.name} and q.state = 'created' and q.startAfter <= ${now()}
        and (select count(*) from queue_job a where a.queue = q.queue and a.groupId = q.groupId and a.state = 'active') < ${limitSql}
      order by q.createdAt, q.id limit 1`.execute(db);
    const next = rows[0];
    if (!next) return undefined;
    const { numUpdatedRows } = await db.updateTable("queue_job").set({ state: "active" }).where("id", "=", next.id).where("state", "=", "created").executeTakeFirst();
    return numUpdatedRows === 1n ? next : undefined;
  }

  async function run(item: { id: string; data: string; retryCount: number }): Promise<void> {
    try {
      await handler!(JSON.parse(item.data) as T);
      await db.deleteFrom("queue_job").where("id", "=", item.id).execute();
    } catch (error) {
      if (item.retryCount >= options.retryLimit) {
        logger.error({ err: error, queue: options.name, item: item.id }, "queue item failed for good");
        await db.deleteFrom("queue_job").where("id", "=", item.id).execute();
      } else {
        logger.warn({ err: error, queue: options.name, item: item.id, retry: item.retryCount + 1 }, "queue item failed; it will be tried again");
        const delayMs = options.retryDelaySeconds * 1000 * 2 ** item.retryCount;
        await db.updateTable("queue_job").set({ state: "created", retryCount: item.retryCount + 1, startAfter: now() + delayMs }).where("id", "=", item.id).execute();
      }
    }
  }

  /** Starts items while there is room; called on send, when a handler ends, and on a timer. */
  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && handler && running.size < options.localConcurrency) {
          const item = await claimNext();
          if (!item) break;
          const task: Promise<void> = run(item).finally(() => {
            running.delete(task);
            if (!stopped) void pump();
          });
          running.add(task);
        }
      } while (again && !stopped);
    } catch (error) {
      logger.error({ err: error, queue: options.name }, "queue poll failed");
    } finally {
      pumping = false;
    }
  }

  return {
    async send(items) {
      if (items.length === 0) return;
      const at = now();
      const values = items.map((item: QueueItem<T>, index) => ({ id: randomUUID(), queue: options.name, data: JSON.stringify(item.data), groupId: item.group.id, tier: item.group.tier, state: "created" as const, startAfter: at + Math.round((item.delaySeconds ?? 0) * 1000), createdAt: at * 1000 + index }));
      for (let start = 0; start < values.length; start += 500) await db.insertInto("queue_job").values(values.slice(start, start + 500)).execute();
      void pump();
    },
    async work(handle) {
      if (handler) throw new Error(`queue ${options.name} already has a worker`);
      handler = handle;
      // One server per SQLite file: whatever was active when the last process died runs again.
      await db.updateTable("queue_job").set({ state: "created" }).where("queue", "=", options.name).where("state", "=", "active").execute();
      const tick = () => {
        if (stopped) return;
        void pump().finally(() => {
          if (!stopped) timer = setTimeout(tick, idlePollMs);
        });
      };
      tick();
    },
    async stop(timeoutMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
  };
}

/** For tests: how many items wait or run. */
export async function queueDepth(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom("queue_job").select((eb) => eb.fn.countAll<number>().as("n")).where("queue", "=", name).executeTakeFirstOrThrow();
  return Number(row.n);
}
