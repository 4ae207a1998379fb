import { sql, type Kysely } from "kysely";

// Issue 33: a workspace's Seller Central connection per region (app/features/amazon). The refresh token is
// encrypted with the session secrets like two-factor keys; Disconnect deletes the row. A connection
// attempt's OAuth `state` is kept only as a hash, bound to the session, workspace and region that
// started it, and is deleted when used or expired.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("amazon_connection")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("region", "text", (col) => col.notNull().check(sql`region in ('na', 'eu', 'fe')`))
    .addColumn("sellingPartnerId", "text", (col) => col.notNull())
    .addColumn("refreshToken", "text", (col) => col.notNull())
    // JSON: the stores the account sells in, as getMarketplaceParticipations answered.
    .addColumn("marketplaces", "text", (col) => col.notNull())
    .addColumn("connectedBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("connectedAt", "text", (col) => col.notNull())
    // Amazon's authorization lasts 365 days; the seller authorizes again before then.
    .addColumn("reauthorizeBy", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active").check(sql`status in ('active', 'needs_reauthorization')`))
    .addColumn("statusReason", "text")
    .addColumn("statusChangedAt", "text")
    .addUniqueConstraint("amazon_connection_workspace_region", ["workspaceId", "region"])
    .execute();
  await db.schema
    .createTable("amazon_oauth_state")
    .addColumn("stateHash", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("sessionHash", "text", (col) => col.notNull())
    .addColumn("region", "text", (col) => col.notNull().check(sql`region in ('na', 'eu', 'fe')`))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("amazon_oauth_state_expires_idx").on("amazon_oauth_state").column("expiresAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("amazon_oauth_state").execute();
  await db.schema.dropTable("amazon_connection").execute();
}
