import type { Kysely } from "kysely";

// Issue 33 (the audit page in <= 100 ms at 10,000 listings): the catalog's totals take ~13 ms to count, and change
// only when an audit is stored or a listing goes. Each store of audits moves the workspace's revision on, so a
// server can keep the totals it counted and trust them while the revision and the listing count are unchanged.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("catalog_revision")
    .addColumn("workspaceId", "text", (col) => col.primaryKey().references("workspace.id").onDelete("cascade"))
    .addColumn("revision", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("catalog_revision").execute();
}
