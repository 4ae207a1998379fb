import { sql, type Kysely } from "kysely";

// A key/value table for facts about this installation (schema notes, first start).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_meta").execute();
}
