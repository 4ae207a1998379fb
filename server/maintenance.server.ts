// Housekeeping while the server runs: now, and every interval after (MAINTENANCE_INTERVAL_SECONDS, 10
// minutes by default). Every server on one database ticks, but each task runs once per interval across
// all of them: a server first claims the task's run in maintenance_run, and only one claim per interval
// succeeds (docs/decisions/018). The tasks come from the wiring module (server/app.ts), so this file
// knows no feature.
import { hostname } from "node:os";
import { sql } from "kysely";
import type { Db } from "./db/db.server.ts";
import { logger } from "./logger.server.ts";

export interface MaintenanceTask {
  name: string;
  /** Resolves to a count worth a warning (e.g. generations closed), or nothing. */
  run(): Promise<number | void>;
  /** The warning logged when `run` resolves to a positive count. */
  warning?: string;
}

export interface MaintenanceOptions {
  db: Db;
  /** How often each task runs across all servers. */
  intervalMs: number;
  /** Names this server in maintenance_run.lastRunBy and the log. */
  serverId?: string;
  now?: () => number;
}

/** This process, as maintenance_run.lastRunBy and the log name it. */
export const serverInstanceId = `${hostname()}:${process.pid}`;

/**
 * A claim succeeds when the task's last run (by any server) began at least this share of the interval
 * ago: servers' timers drift, so a claim a little early must not push the next run a whole interval back.
 */
const claimableAfter = 0.9;

/**
 * Claims this interval's run of `task` for this server: true when no server has run it in the last
 * 0.9 interval. One statement (an upsert whose update is conditional), atomic on SQLite and PostgreSQL:
 * of servers claiming at once, exactly one gets the row back.
 */
export async function claimMaintenanceRun(db: Db, task: string, { intervalMs, serverId = serverInstanceId, now = Date.now }: Omit<MaintenanceOptions, "db">): Promise<boolean> {
  const time = now();
  const claimed = await db
    .insertInto("maintenance_run")
    .values({ task, lastRunAt: time, lastRunBy: serverId, runs: 1 })
    .onConflict((oc) =>
      oc
        .column("task")
        .doUpdateSet({ lastRunAt: time, lastRunBy: serverId, runs: sql<number>`maintenance_run.runs + 1` })
        .where("maintenance_run.lastRunAt", "<=", time - Math.floor(intervalMs * claimableAfter)),
    )
    .returning("task")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** One tick: every task this server claims, run side by side. Resolves to the names of the tasks it ran. */
export async function runMaintenance(tasks: MaintenanceTask[], options: MaintenanceOptions): Promise<string[]> {
  const { db, serverId = serverInstanceId, now = Date.now } = options;
  const ran: string[] = [];
  await Promise.all(
    tasks.map(async (task) => {
      try {
        // The claim's time is logged: the line itself may be written later (a busy event loop at start-up).
        const claimedAt = now();
        if (!(await claimMaintenanceRun(db, task.name, { ...options, now: () => claimedAt }))) return;
        ran.push(task.name);
        logger.debug({ task: task.name, server: serverId, claimedAt }, "maintenance task started");
        const count = await task.run();
        if (count && task.warning) logger.warn({ task: task.name, count }, task.warning);
      } catch (error) {
        logger.error({ err: error, task: task.name }, "maintenance failed");
      }
    }),
  );
  return ran;
}

let timer: NodeJS.Timeout | undefined;

export function startMaintenance(tasks: MaintenanceTask[], options: MaintenanceOptions): void {
  const tick = () => void runMaintenance(tasks, options);
  stopMaintenance();
  tick();
  timer = setInterval(tick, options.intervalMs);
  timer.unref();
}

export function stopMaintenance(): void {
  clearInterval(timer);
  timer = undefined;
}
