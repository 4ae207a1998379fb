import { sql } from "kysely";
import { getConfig, type AppConfig } from "./config.server.ts";
import { createDb, type Db } from "./db/db.server.ts";
import { migrateToLatest } from "./db/migrate.server.ts";
import { logger } from "./logger.server.ts";
import { createMailer, type Mailer } from "./mail/mail.server.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server.ts";

export interface Services {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  /** Rate limits shared by every server on this database. */
  limiter: RateLimiter;
}

let services: Services | undefined;

export function createServices(config: AppConfig): Services {
  const db = createDb(config.database);
  return { config, db, mailer: createMailer(config.mail), limiter: createRateLimiter(db) };
}

/** The process-wide services, created on first use. */
export function getServices(): Services {
  services ??= createServices(getConfig());
  return services;
}

/** Tables a feature's library owns (Better Auth's), created before ours, which reference them. */
export type MigrateFirst = (services: Pick<Services, "config" | "db" | "mailer">) => Promise<void>;

/**
 * The library-owned tables first (ours reference "user"), then our migrations. On PostgreSQL, servers
 * starting together take turns (a session advisory lock): Better Auth's migration has no lock of its
 * own, and two servers creating its tables at once would fail one of them.
 */
export async function migrateDatabase(services: Pick<Services, "config" | "db" | "mailer">, migrateFirst?: MigrateFirst): Promise<string[]> {
  const migrate = async () => {
    await migrateFirst?.(services);
    return migrateToLatest(services.db);
  };
  if (services.config.database.kind !== "postgres") return migrate();
  // The lock is held by one pooled connection while the migrations run on others.
  return services.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${migrationLockName}))`.execute(connection);
    try {
      return await migrate();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${migrationLockName}))`.execute(connection);
    }
  });
}

const migrationLockName = "sellscribe:migrations";

/** Runs at start-up before the server accepts traffic. */
export async function prepareServices(migrateFirst?: MigrateFirst): Promise<void> {
  const current = getServices();
  const { db, config } = current;
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const where = config.database.kind === "sqlite" ? config.database.file : redactUrl(config.database.url);
    throw new Error(`DATABASE_URL: cannot open the ${config.database.kind} database at ${where} (${(error as Error).message})`, { cause: error });
  }
  const applied = await migrateDatabase(current, migrateFirst);
  logger.info({ database: config.database.kind, applied }, applied.length ? "migrations applied" : "database schema up to date");
  if (!config.mail.smtpUrl) logger.warn("SMTP_URL is not set: e-mails go to the dev outbox" + (config.mail.devOutbox ? " (/dev/outbox)" : " (logged only)"));
}

export async function closeServices(): Promise<void> {
  if (!services) return;
  await services.db.destroy();
  services = undefined;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
