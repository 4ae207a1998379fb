import type { Kysely } from "kysely";

// Issue 20: "the workspace a user works in" (their latest membership) is read with every session, for
// the two-factor requirement (docs/decisions/020), and by getActiveMembership. An index in that order
// answers it without a sort; it covers every use of the single-column index it replaces.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("member_user_active_idx").on("member").columns(["userId", "createdAt", "workspaceId"]).execute();
  await db.schema.dropIndex("member_user_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("member_user_idx").on("member").column("userId").execute();
  await db.schema.dropIndex("member_user_active_idx").execute();
}
