import type { Kysely } from "kysely";

// Issue 17: a listing's language, for stores that take more than one (amazon.ca in French, amazon.ae in
// Arabic): a Listings API tag such as "fr_CA"; null is the store's first language.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").addColumn("languageTag", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").dropColumn("languageTag").execute();
}
