import { sql, type Kysely } from "kysely";

// Invitations to a workspace, pinned templates, generations and their saved outputs.
// Timestamps are ISO-8601 text in both databases so ordering and keyset cursors behave the same.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invitation")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    // Only a hash of the link's token is stored: a leaked table does not let anyone join.
    .addColumn("tokenHash", "text", (col) => col.notNull().unique())
    .addColumn("invitedBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .addColumn("acceptedAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("invitation_workspace_idx").on("invitation").columns(["workspaceId", "email"]).execute();

  await db.schema
    .createTable("pinned_template")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("templateId", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("pinned_template_pk", ["userId", "templateId"])
    .execute();

  await db.schema
    .createTable("generation")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("templateId", "text", (col) => col.notNull())
    .addColumn("inputs", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('running', 'succeeded', 'failed', 'cancelled')`))
    .addColumn("words", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("inputTokens", "integer")
    .addColumn("outputTokens", "integer")
    .addColumn("latencyMs", "integer")
    .addColumn("error", "text")
    .addColumn("requestId", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("finishedAt", "text")
    .execute();
  await db.schema.createIndex("generation_workspace_date_idx").on("generation").columns(["workspaceId", "createdAt"]).execute();

  await db.schema
    .createTable("output")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("generationId", "text", (col) => col.references("generation.id").onDelete("set null"))
    .addColumn("templateId", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("inputs", "text", (col) => col.notNull())
    .addColumn("favorite", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("editedAt", "text")
    .execute();
  // Pages are read newest first per user, optionally per template or favorites only; id breaks ties for keyset cursors.
  await db.schema.createIndex("output_user_date_idx").on("output").columns(["userId", "createdAt", "id"]).execute();
  await db.schema.createIndex("output_user_template_date_idx").on("output").columns(["userId", "templateId", "createdAt", "id"]).execute();
  await db.schema.createIndex("output_user_favorite_date_idx").on("output").columns(["userId", "favorite", "createdAt", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("output").execute();
  await db.schema.dropTable("generation").execute();
  await db.schema.dropTable("pinned_template").execute();
  await db.schema.dropTable("invitation").execute();
}
