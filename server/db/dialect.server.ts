import { PostgresAdapter, type Kysely } from "kysely";

export type SqlDialect = "sqlite" | "postgres";

/** Which database a Kysely instance talks to, for the few queries that differ (full-text search). */
export function dialectOf<DB>(db: Kysely<DB>): SqlDialect {
  // getExecutor() is how Kysely's own Migrator asks the adapter about the dialect.
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
