import { sql, type Kysely } from "kysely";

// Issue 34 item 3: a bulk publish (app/features/publish/feeds, docs/decisions/042), paced patches or one
// JSON_LISTINGS_FEED for one seller and store. Its state is written before each step (the feed document, 'creating'
// before createFeed, the feed id as soon as Amazon answers), so a server that dies mid-run resumes by polling the
// same feed and never creates a second one; a message marked 'sending' is never sent again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("publish_batch")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("connectionId", "text", (col) => col.references("amazon_connection.id").onDelete("set null"))
    .addColumn("sellerId", "text", (col) => col.notNull())
    .addColumn("marketplaceId", "text", (col) => col.notNull())
    .addColumn("issueLocale", "text")
    .addColumn("path", "text", (col) => col.notNull().check(sql`path in ('patches', 'feed')`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('queued', 'running', 'done', 'interrupted', 'failed')`))
    // The feed's step: new → document → uploaded → creating (written BEFORE createFeed) → processing → report → done.
    .addColumn("step", "text", (col) => col.notNull().defaultTo("new").check(sql`step in ('new', 'document', 'uploaded', 'creating', 'processing', 'report', 'done')`))
    .addColumn("feedDocumentId", "text")
    .addColumn("feedId", "text")
    .addColumn("processingStatus", "text")
    .addColumn("resultFeedDocumentId", "text")
    .addColumn("error", "text")
    // One server runs a batch at a time: it holds the lease and renews it while it runs.
    .addColumn("leaseUntil", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("publish_batch_message")
    .addColumn("batchId", "text", (col) => col.notNull().references("publish_batch.id").onDelete("cascade"))
    // The feed's messageId (1…), also the order paced patches are sent in.
    .addColumn("messageId", "integer", (col) => col.notNull())
    .addColumn("sku", "text", (col) => col.notNull())
    .addColumn("productType", "text", (col) => col.notNull())
    // JSON: the patches (copy-attributes' patchesFor), the same a single publish sends.
    .addColumn("patches", "text", (col) => col.notNull())
    .addColumn("publicationId", "text", (col) => col.references("listing_publication.id").onDelete("set null"))
    // 'unknown': sent, no answer (a crash or the network); never sent again, the listing read back tells.
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('queued', 'sending', 'accepted', 'invalid', 'failed', 'unknown')`))
    .addColumn("submissionId", "text")
    .addColumn("issues", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("publish_batch_message_pk", ["batchId", "messageId"])
    .execute();
  await db.schema.createIndex("publish_batch_status_idx").on("publish_batch").columns(["status", "leaseUntil"]).execute();
  await db.schema.createIndex("publish_batch_message_publication_idx").on("publish_batch_message").column("publicationId").where(sql.ref("publicationId"), "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("publish_batch_message").execute();
  await db.schema.dropTable("publish_batch").execute();
}
