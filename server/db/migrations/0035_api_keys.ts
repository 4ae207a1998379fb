import { type Kysely } from "kysely";

// Issue 35 item 1: a workspace's API keys (app/features/api-keys, docs/decisions/044). Only the secret's SHA-256 is kept;
// the prefix (unique, not secret) finds the row, so every request is one indexed read, and a revoke is seen by every server at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_key")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("prefix", "text", (col) => col.notNull().unique())
    .addColumn("secretHash", "text", (col) => col.notNull())
    // Comma-separated, from read, write, publish.
    .addColumn("scopes", "text", (col) => col.notNull())
    // The key acts as this person (attribution, words charged to the workspace); deleting the account deletes its keys.
    .addColumn("createdBy", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("expiresAt", "text")
    .addColumn("lastUsedAt", "text")
    .addColumn("revokedAt", "text")
    .addColumn("revokedBy", "text")
    .execute();
  await db.schema.createIndex("api_key_workspace_idx").on("api_key").columns(["workspaceId", "createdAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_key").execute();
}
