// Who may publish to Amazon (issue 34 item 4): a workspace's owners, and its members when an owner allows it
// (workspace.membersMayPublish, Settings → Workspace → Amazon). Checked on the server for every preview,
// publish, rollback and SKU link.
import type { Db } from "#server/db/db.server.ts";

export async function membersMayPublish({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<boolean> {
  const row = await db.selectFrom("workspace").select("membersMayPublish").where("id", "=", workspaceId).executeTakeFirst();
  return Number(row?.membersMayPublish ?? 0) === 1;
}

/** An owner always; a member while the workspace allows members; anyone else never. */
export async function mayPublish({ db, workspaceId, userId }: { db: Db; workspaceId: string; userId: string }): Promise<boolean> {
  const member = await db.selectFrom("member").select("role").where("workspaceId", "=", workspaceId).where("userId", "=", userId).executeTakeFirst();
  if (!member) return false;
  return member.role === "owner" || (await membersMayPublish({ db, workspaceId }));
}

/** The owner's switch; false when `userId` is not an owner of the workspace (nothing changes). */
export async function setMembersMayPublish({ db, workspaceId, userId, allowed }: { db: Db; workspaceId: string; userId: string; allowed: boolean }): Promise<boolean> {
  const owner = await db.selectFrom("member").select("role").where("workspaceId", "=", workspaceId).where("userId", "=", userId).where("role", "=", "owner").executeTakeFirst();
  if (!owner) return false;
  await db.updateTable("workspace").set({ membersMayPublish: allowed ? 1 : 0 }).where("id", "=", workspaceId).execute();
  return true;
}
