import { sql } from "kysely";
import { getConfig, type AppConfig } from "./config.server.ts";
import { createDb, type Db } from "./db/db.server.ts";
import { migrateToLatest } from "./db/migrate.server.ts";
import { logger } from "./logger.server.ts";

export interface Services {
  config: AppConfig;
  db: Db;
}

let services: Services | undefined;

/** The process-wide services, created on first use. */
export function getServices(): Services {
  if (!services) {
    const config = getConfig();
    services = { config, db: createDb(config.database) };
  }
  return services;
}

/** Runs at start-up before the server accepts traffic. */
export async function prepareServices(): Promise<void> {
  const { db, config } = getServices();
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const where = config.database.kind === "sqlite" ? config.database.file : redactUrl(config.database.url);
    throw new Error(`DATABASE_URL: cannot open the ${config.database.kind} database at ${where} (${(error as Error).message})`, { cause: error });
  }
  const applied = await migrateToLatest(db);
  logger.info({ database: config.database.kind, applied }, applied.length ? "migrations applied" : "database schema up to date");
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
