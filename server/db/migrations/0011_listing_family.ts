import type { Kysely } from "kysely";

// Issue 17: the same product's listings for other stores are siblings: they share a family id (the
// first listing's id), so the builder switches between them and a localized listing reads its source.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").addColumn("familyId", "text").execute();
  await db.schema.createIndex("listing_family_idx").on("listing").columns(["workspaceId", "familyId"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("listing_family_idx").execute();
  await db.schema.alterTable("listing").dropColumn("familyId").execute();
}
