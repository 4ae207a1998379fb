import { sql } from "kysely";
import { createAuth, migrateAuthTables, type Auth } from "./auth/auth.server.ts";
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
  /** Better Auth, created on first use (OIDC discovery happens then, once the provider is up). */
  auth(): Auth;
}

let services: Services | undefined;

export function createServices(config: AppConfig): Services {
  const db = createDb(config.database);
  const mailer = createMailer(config.mail);
  let auth: Auth | undefined;
  return {
    config,
    db,
    mailer,
    limiter: createRateLimiter(db),
    auth: () => (auth ??= createAuth({ config, db, kind: config.database.kind, mailer })),
  };
}

/** The process-wide services, created on first use. */
export function getServices(): Services {
  services ??= createServices(getConfig());
  return services;
}

/** Better Auth's tables first (ours reference "user"), then our migrations. */
export async function migrateDatabase({ config, db, mailer }: Pick<Services, "config" | "db" | "mailer">): Promise<string[]> {
  await migrateAuthTables({ config, db, kind: config.database.kind, mailer });
  return migrateToLatest(db);
}

/** Runs at start-up before the server accepts traffic. */
export async function prepareServices(): Promise<void> {
  const current = getServices();
  const { db, config } = current;
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const where = config.database.kind === "sqlite" ? config.database.file : redactUrl(config.database.url);
    throw new Error(`DATABASE_URL: cannot open the ${config.database.kind} database at ${where} (${(error as Error).message})`, { cause: error });
  }
  const applied = await migrateDatabase(current);
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
