// The work queue on SQLite: items are rows of queue_job, handed out by this process (one server per
// SQLite file). It keeps pg-boss's promises: an item runs in one handler at a time, within the local and
// per-group limits, is retried with back-off when its handler throws, and survives a restart (items
// that were running when the process died run again).
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { yieldToEventLoop, type QueueItem, type QueueOptions, type WorkQueue } from "./work-queue.server.ts";

const idlePollMs = 250;
/** Items inserted per statement: a few milliseconds each, with a turn of the event loop between. */
const sendBatch = 100;

type ClaimedItem = { id: string; data: string; retryCount: number };

/**
 * Claims the oldest item that may start now, in one statement served by queue_job_next_idx (queue,
 * groupId, state, createdAt, id): it steps from one group with waiting items to the next (one seek each),
 * takes each group's oldest ready item and counts the group's running ones (a seek each), and claims the
 * oldest of those whose group has room. A group at its limit costs a few seeks however long its backlog,
 * so a claim is O(groups × log n), never a sort of every waiting item (docs/decisions/029, item 3).
 */
export function claimStatement(options: Pick<QueueOptions, "name" | "groupConcurrency">, at: number) {
  // One CASE over the tiers: how many of its group's items may run at once (integers from our own config).
  // A queue without tiers has the default alone (a CASE with no WHEN is not SQL).
  const tiers = Object.entries(options.groupConcurrency.tiers);
  const limitSql = sql.raw(
    tiers.length
      ? `case q.tier ${tiers.map(([tier, limit]) => `when '${tier.replace(/'/g, "''")}' then ${Math.floor(limit)}`).join(" ")} else ${Math.floor(options.groupConcurrency.default)} end`
      : String(Math.floor(options.groupConcurrency.default)),
  );
  return sql<ClaimedItem>`
    with recursive waiting(groupId) as (
      select (select groupId from queue_job where queue = ${options.name} and state = 'created' order by groupId limit 1)
      union all
      select (select g.groupId from queue_job g where g.queue = ${options.name} and g.state = 'created' and g.groupId > waiting.groupId order by g.groupId limit 1)
      from waiting where waiting.groupId is not null
    ),
    heads(id) as (
      select (select h.id from queue_job h where h.queue = ${options.name} and h.groupId = waiting.groupId and h.state = 'created' and h.startAfter <= ${at} order by h.createdAt, h.id limit 1)
      from waiting where waiting.groupId is not null
    )
    update queue_job set state = 'active'
    where id = (
      select q.id from heads join queue_job q on q.id = heads.id
      where (select count(*) from queue_job a where a.queue = q.queue and a.groupId = q.groupId and a.state = 'active') < ${limitSql}
      order by q.createdAt, q.id limit 1
    )
    returning id, data, retryCount`;
}

export function createSqliteQueue<T extends object>({ db, options, now = Date.now }: { db: Db; options: QueueOptions; now?: () => number }): WorkQueue<T> {
  const running = new Set<Promise<void>>();
  let handler: ((data: T) => Promise<void>) | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  let again = false;

  /** The next item whose group has room, claimed in one statement; undefined when none can run now. */
  async function claimNext(): Promise<ClaimedItem | undefined> {
    const { rows } = await claimStatement(options, now()).execute(db);
    return rows[0];
  }

  async function run(item: ClaimedItem): Promise<void> {
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
          // Between items, timers and sockets run (a drained backlog never holds the server).
          await yieldToEventLoop();
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
      const values = items.map((item: QueueItem<T>, index) => ({ id: randomUUID(), queue: options.name, data: JSON.stringify(item.data), groupId: item.group.id, tier: item.group.tier, key: item.key ?? null, state: "created" as const, startAfter: at + Math.round((item.delaySeconds ?? 0) * 1000), createdAt: at * 1000 + index }));
      for (let start = 0; start < values.length; start += sendBatch) {
        if (start > 0) await yieldToEventLoop();
        await db.insertInto("queue_job").values(values.slice(start, start + sendBatch)).execute();
      }
      void pump();
    },
    async removeWaiting(key) {
      const { numDeletedRows } = await db.deleteFrom("queue_job").where("queue", "=", options.name).where("key", "=", key).where("state", "=", "created").executeTakeFirst();
      return Number(numDeletedRows);
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
