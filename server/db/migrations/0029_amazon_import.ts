import { sql, type Kysely } from "kysely";

// Issue 33 item 3: one row per "Import from Amazon" run (app/features/amazon/import). The run is a durable
// job: one worker holds its claim (claimedBy, heartbeatAt) and moves `cursor` forward in the same
// transaction that writes each page's listings, so a server that dies mid-run loses nothing and
// imports nothing twice. Paused by the user or because Amazon wants the seller to authorize again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("amazon_import")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("connectionId", "text", (col) => col.notNull().references("amazon_connection.id").onDelete("cascade"))
    .addColumn("createdBy", "text", (col) => col.references("user.id").onDelete("set null"))
    // JSON array of SP-API marketplace ids: one store, or every store of the connection.
    .addColumn("marketplaceIds", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('running', 'paused', 'completed', 'failed')`))
    // 'user' or 'needs_reauthorization'; null unless paused.
    .addColumn("pauseReason", "text")
    .addColumn("error", "text")
    // JSON ImportCursor: the store, the way (pages or report) and where in it.
    .addColumn("cursor", "text", (col) => col.notNull())
    .addColumn("seen", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("unchanged", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("flagged", "integer", (col) => col.notNull().defaultTo(0))
    // Best known number of SKUs to read (Amazon's numberOfResults, or the report's lines).
    .addColumn("total", "integer")
    .addColumn("claimedBy", "text")
    .addColumn("attempt", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("heartbeatAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("finishedAt", "text")
    .execute();
  await db.schema.createIndex("amazon_import_workspace_idx").on("amazon_import").columns(["workspaceId", "createdAt"]).execute();
  await db.schema.createIndex("amazon_import_status_idx").on("amazon_import").columns(["status", "heartbeatAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("amazon_import").execute();
}
