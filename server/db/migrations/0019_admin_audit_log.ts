import type { Kysely } from "kysely";

// Issue 21: every operator action (the /admin page or the npm run credits/plan commands) leaves one row:
// who (an admin's user id and e-mail, or the command line), what, on which workspace, with which
// parameters (JSON), when. No foreign keys: the record outlives the admin's account and the workspace.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("actorKind", "text", (col) => col.notNull())
    .addColumn("actorUserId", "text")
    .addColumn("actorEmail", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("workspaceId", "text", (col) => col.notNull())
    .addColumn("workspaceName", "text", (col) => col.notNull())
    .addColumn("params", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_audit_log_date_idx").on("admin_audit_log").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("admin_audit_log_workspace_idx").on("admin_audit_log").columns(["workspaceId", "createdAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_audit_log").execute();
}
