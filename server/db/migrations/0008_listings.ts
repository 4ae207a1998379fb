import { sql, type Kysely } from "kysely";

// Listings (issue 15): one row a product listing with its current copy, and one listing_version row per
// save (generated, edited or restored), so any two can be compared and an older one restored.
// The workspace picks its rule set and keeps a list of other brands (never in search terms).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("createdBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("marketplace", "text", (col) => col.notNull())
    .addColumn("ruleSetId", "text", (col) => col.notNull())
    // JSON of ListingFacts (app/features/listings/types.ts).
    .addColumn("facts", "text", (col) => col.notNull())
    // JSON of the current ListingCopy (the latest version's), so the list and the builder read one row.
    .addColumn("copy", "text", (col) => col.notNull())
    .addColumn("passed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(0))
    // Lower-cased brand, product name and title: what /listings searches.
    .addColumn("searchText", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("listing_workspace_date_idx").on("listing").columns(["workspaceId", "createdAt", "id"]).execute();

  await db.schema
    .createTable("listing_version")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("listingId", "text", (col) => col.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('generated', 'edited', 'restored')`))
    .addColumn("facts", "text", (col) => col.notNull())
    .addColumn("copy", "text", (col) => col.notNull())
    .addColumn("passed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("generationId", "text", (col) => col.references("generation.id").onDelete("set null"))
    .addColumn("createdBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addUniqueConstraint("listing_version_number", ["listingId", "version"])
    .execute();

  await db.schema.alterTable("workspace").addColumn("ruleSetId", "text").execute();
  // JSON array of brand names (competitors) never to use in search terms.
  await db.schema.alterTable("workspace").addColumn("otherBrands", "text", (col) => col.notNull().defaultTo("[]")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").dropColumn("otherBrands").execute();
  await db.schema.alterTable("workspace").dropColumn("ruleSetId").execute();
  await db.schema.dropTable("listing_version").execute();
  await db.schema.dropTable("listing").execute();
}
