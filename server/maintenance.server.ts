// Housekeeping while the server runs: now, and every 10 minutes after. (Started by createApp; it is
// not in services.server.ts because scripts and benchmarks load that module without the app's bundler.)
import { recoverInterruptedGenerations } from "#app/features/billing/generation-credits.server.ts";
import type { Db } from "./db/db.server.ts";
import { logger } from "./logger.server.ts";
import type { RateLimiter } from "./rate-limit.server.ts";

let timer: NodeJS.Timeout | undefined;

export function startMaintenance(db: Db, limiter: RateLimiter): void {
  const run = () =>
    Promise.all([
      recoverInterruptedGenerations(db).then((closed) => {
        if (closed) logger.warn({ closed }, "closed generations that a server stop interrupted; their words were given back");
      }),
      limiter.sweep(),
    ]).catch((error: unknown) => logger.error({ err: error }, "maintenance failed"));
  stopMaintenance();
  void run();
  timer = setInterval(run, 10 * 60_000);
  timer.unref();
}

export function stopMaintenance(): void {
  clearInterval(timer);
  timer = undefined;
}
