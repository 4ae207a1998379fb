import type { Kysely } from "kysely";

// Issue 34 item 1: Amazon's product type schemas, cached by their checksum (app/features/publish/definitions,
// docs/decisions/040). A schema document (about 1.3 MB for BRACELET) is stored once however many stores and
// connections name it; a definition row says which checksum a connection's store answered, and when, so the
// answer is trusted for a while before Amazon is asked again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product_type_schema")
    // Amazon's checksum: Base64 of the MD5 of the document, verified before it is stored.
    .addColumn("checksum", "text", (col) => col.primaryKey())
    // The document as downloaded (JSON text).
    .addColumn("schema", "text", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("product_type_definition")
    .addColumn("connectionId", "text", (col) => col.notNull().references("amazon_connection.id").onDelete("cascade"))
    .addColumn("marketplaceId", "text", (col) => col.notNull())
    .addColumn("productType", "text", (col) => col.notNull())
    // The locale asked for (DEFAULT: the store's own language).
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("productTypeVersion", "text", (col) => col.notNull())
    .addColumn("checksum", "text", (col) => col.notNull())
    .addColumn("fetchedAt", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("product_type_definition_pk", ["connectionId", "marketplaceId", "productType", "locale"])
    .execute();
  await db.schema.createIndex("product_type_definition_checksum_idx").on("product_type_definition").column("checksum").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_type_definition").execute();
  await db.schema.dropTable("product_type_schema").execute();
}
