import type { Kysely } from "kysely";

// Housekeeping runs once across every server on one database (server/maintenance.server.ts): a server
// claims a task's run by moving lastRunAt (epoch milliseconds) forward, which only one server can do
// per interval; lastRunBy names it and runs counts the claims (for operators, and the two-server test).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("maintenance_run")
    .addColumn("task", "text", (col) => col.primaryKey())
    .addColumn("lastRunAt", "bigint", (col) => col.notNull())
    .addColumn("lastRunBy", "text", (col) => col.notNull())
    .addColumn("runs", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("maintenance_run").execute();
}
