import type { Kysely } from "kysely";

// A listing's keyword bank (issue 16): the seller's researched phrases with their search volumes, as a
// JSON array of {phrase, volume}. Not versioned with the copy: it is what the copy is measured against.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").addColumn("keywords", "text", (col) => col.notNull().defaultTo("[]")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").dropColumn("keywords").execute();
}
