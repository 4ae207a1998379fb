import type { Kysely } from "kysely";

// Rate-limit windows live in the database so every app server counts the same attempts
// (server/rate-limit.server.ts). resetAt is epoch milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("resetAt", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_reset_idx").on("rate_limit").column("resetAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit").execute();
}
