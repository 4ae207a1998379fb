import { sql, type Kysely } from "kysely";

// Issue 34 (publish to Amazon): one row per preview, publish and rollback of a listing, the audit log and the
// submission record at once. A publish's row is written as 'sending' BEFORE the call to Amazon and a preview
// can be sent once (unique previewId), so a crash or a double click never sends twice; the verification
// (status, checks, nextCheckAt) moves the row to live, rejected or pending. batchId is for bulk runs (feeds).
// An owner can let members publish (workspace.membersMayPublish).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing_publication")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("listingId", "text", (col) => col.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('preview', 'publish', 'rollback')`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('preview', 'sending', 'submitted', 'live', 'rejected', 'pending', 'failed')`))
    .addColumn("createdBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("connectionId", "text", (col) => col.references("amazon_connection.id").onDelete("set null"))
    .addColumn("sellerId", "text", (col) => col.notNull())
    .addColumn("marketplaceId", "text", (col) => col.notNull())
    .addColumn("sku", "text", (col) => col.notNull())
    .addColumn("productType", "text", (col) => col.notNull())
    // The listing version the preview checked (publishing refuses once the listing moved on).
    .addColumn("listingVersion", "integer", (col) => col.notNull())
    // Publish and rollback rows: the preview they were sent from, at most once.
    .addColumn("previewId", "text", (col) => col.unique())
    .addColumn("rollbackOf", "text")
    .addColumn("batchId", "text")
    // JSON: the live copy before and ours (the listing's sections), the live attributes' hash at the preview,
    // the patches to send, the preview's findings, Amazon's issues, the ERROR issue codes standing before.
    .addColumn("before", "text", (col) => col.notNull())
    .addColumn("after", "text", (col) => col.notNull())
    .addColumn("liveHash", "text", (col) => col.notNull())
    .addColumn("patches", "text", (col) => col.notNull())
    .addColumn("preview", "text", (col) => col.notNull())
    .addColumn("issues", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("issuesBefore", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("submissionId", "text")
    .addColumn("error", "text")
    // The versions kept: the live copy before ('imported') and what was sent ('published').
    .addColumn("beforeVersion", "integer")
    .addColumn("afterVersion", "integer")
    .addColumn("checks", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("nextCheckAt", "text")
    .addColumn("sentAt", "text")
    .addColumn("settledAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("listing_publication_listing_idx").on("listing_publication").columns(["workspaceId", "listingId", "createdAt"]).execute();
  await db.schema.createIndex("listing_publication_workspace_idx").on("listing_publication").columns(["workspaceId", "createdAt"]).execute();
  await db.schema.createIndex("listing_publication_check_idx").on("listing_publication").columns(["status", "nextCheckAt"]).execute();
  await db.schema.createIndex("listing_publication_batch_idx").on("listing_publication").column("batchId").where(sql.ref("batchId"), "is not", null).execute();
  await db.schema.alterTable("workspace").addColumn("membersMayPublish", "integer", (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").dropColumn("membersMayPublish").execute();
  await db.schema.dropTable("listing_publication").execute();
}
