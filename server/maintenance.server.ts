// Housekeeping while the server runs: now, and every 10 minutes after. The tasks come from the
// wiring module (server/app.ts), so this file knows no feature.
import { logger } from "./logger.server.ts";

export interface MaintenanceTask {
  name: string;
  /** Resolves to a count worth a warning (e.g. generations closed), or nothing. */
  run(): Promise<number | void>;
  /** The warning logged when `run` resolves to a positive count. */
  warning?: string;
}

let timer: NodeJS.Timeout | undefined;

export function startMaintenance(tasks: MaintenanceTask[]): void {
  const runAll = () =>
    Promise.all(
      tasks.map((task) =>
        task.run().then(
          (count) => {
            if (count && task.warning) logger.warn({ task: task.name, count }, task.warning);
          },
          (error: unknown) => logger.error({ err: error, task: task.name }, "maintenance failed"),
        ),
      ),
    );
  stopMaintenance();
  void runAll();
  timer = setInterval(runAll, 10 * 60_000);
  timer.unref();
}

export function stopMaintenance(): void {
  clearInterval(timer);
  timer = undefined;
}
