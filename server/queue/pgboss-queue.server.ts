// The work queue on PostgreSQL: pg-boss (its own schema "pgboss", made and migrated on start). Every app
// server works the same queue; pg-boss hands each item to one of them, counts a group's running items
// across all servers (groupConcurrency, with the plan as the tier), and gives an item whose server went
// silent past its heartbeat to another. Loaded only when DATABASE_URL is PostgreSQL.
import { PgBoss } from "pg-boss";
import { logger } from "#server/logger.server.ts";
import type { QueueItem, QueueOptions, WorkQueue } from "./work-queue.server.ts";

/** Items removed per call: a job holds at most 5,000 rows, so one call in practice. */
const removePage = 10_000;

export async function createPgBossQueue<T extends object>({ url, options }: { url: string; options: QueueOptions }): Promise<WorkQueue<T>> {
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    application_name: "sellscribe-queue",
    max: Math.max(4, Math.ceil(options.localConcurrency / 2) + 2),
    // The ready count behind burst fetching (below) is refreshed this often.
    queueCacheIntervalSeconds: 2,
  });
  boss.on("error", (error: unknown) => logger.error({ err: error, queue: options.name }, "pg-boss error"));
  await boss.start();
  // Idempotent for every server that starts: the first one makes the queue.
  if (!(await boss.getQueue(options.name))) {
    try {
      await boss.createQueue(options.name, {
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        heartbeatSeconds: Math.max(10, options.heartbeatSeconds),
        // A row writes a whole listing; it is retried when silent, not when long.
        expireInSeconds: 60 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
      });
    } catch (error) {
      // Another server made it in the meantime.
      if (!(await boss.getQueue(options.name))) throw error;
    }
  }
  let workerId: string | undefined;
  return {
    async send(items) {
      for (let start = 0; start < items.length; start += 500) {
        await boss.insert(
          options.name,
          items.slice(start, start + 500).map((item: QueueItem<T>) => ({
            data: item.data,
            group: { id: item.group.id, tier: item.group.tier },
            // On a standard queue a singleton key is only a label (no uniqueness): findJobs finds a key's queued jobs through pg-boss's own index (job_i17).
            ...(item.key ? { singletonKey: item.key } : {}),
            ...(item.delaySeconds ? { startAfter: item.delaySeconds } : {}),
          })),
        );
      }
    },
    async removeWaiting(key) {
      // pg-boss 12 deletes by ids in one call (deleteJob); findJobs({key, queued}) names them.
      let removed = 0;
      for (;;) {
        const waiting = await boss.findJobs(options.name, { key, queued: true, limit: removePage });
        if (waiting.length === 0) return removed;
        await boss.deleteJob(options.name, waiting.map((job) => job.id));
        removed += waiting.length;
        if (waiting.length < removePage) return removed;
      }
    },
    async work(handler) {
      if (workerId) throw new Error(`queue ${options.name} already has a worker`);
      workerId = await boss.work<T>(
        options.name,
        {
          batchSize: 1,
          localConcurrency: options.localConcurrency,
          groupConcurrency: { default: options.groupConcurrency.default, tiers: options.groupConcurrency.tiers },
          // A worker whose last fetch found a row fetches again at once while rows wait; idle ones poll.
          pollingIntervalSeconds: 0.5,
          burstWhenReadyExceeds: 1,
        },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
    },
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
