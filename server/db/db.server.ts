import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { AppConfig } from "../config.server.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DatabaseKind = AppConfig["database"]["kind"];

/** One Kysely instance per process; SQLite (default) or PostgreSQL, chosen by DATABASE_URL. */
export function createDb(database: AppConfig["database"]): Db {
  if (database.kind === "sqlite") {
    const file = new SQLite(database.file);
    // WAL lets readers run while a writer commits; busy_timeout waits out short write locks.
    file.pragma("journal_mode = WAL");
    file.pragma("synchronous = NORMAL");
    file.pragma("busy_timeout = 5000");
    file.pragma("foreign_keys = ON");
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** True when the database answers a trivial query. */
export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
