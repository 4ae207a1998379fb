import type { Kysely } from "kysely";

// Issue 17: a workspace's stores (its default marketplaces, the first is the default), and the store and
// language every saved output was written for (null: written before stores, for amazon.com in English).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").addColumn("marketplaces", "text", (col) => col.notNull().defaultTo('["amazon.com"]')).execute();
  for (const table of ["output", "output_trash"]) {
    await db.schema.alterTable(table).addColumn("marketplace", "text").execute();
    await db.schema.alterTable(table).addColumn("language", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["output", "output_trash"]) {
    await db.schema.alterTable(table).dropColumn("language").execute();
    await db.schema.alterTable(table).dropColumn("marketplace").execute();
  }
  await db.schema.alterTable("workspace").dropColumn("marketplaces").execute();
}
