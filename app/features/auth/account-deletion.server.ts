import { cancelSubscriptionsOf } from "#app/features/billing/stripe.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { deleteSoleOwnedWorkspaces, listSoleOwnedWorkspaceIds, listWorkspacesNeedingNewOwner } from "#app/features/workspace/workspaces.server.ts";
import type { Auth } from "./auth.server.ts";

export type AccountDeletion = { ok: true } | { ok: false; reason: "transferOwnership"; workspaces: string[] } | { ok: false; reason: "stripeFailed"; error: unknown };

/**
 * The one way an account is deleted (Better Auth's own delete endpoint is not exposed, and its
 * beforeDelete hook refuses the same case): refused while a workspace the user owns alone still has
 * other members (transfer ownership first); otherwise the subscriptions of the workspaces it owns
 * alone end, those workspaces and their data go, then the user (sessions, accounts and outputs cascade).
 */
export async function deleteAccount({ db, config, auth, userId }: { db: Db; config: AppConfig; auth: Auth; userId: string }): Promise<AccountDeletion> {
  const needOwner = await listWorkspacesNeedingNewOwner({ db, userId });
  if (needOwner.length) return { ok: false, reason: "transferOwnership", workspaces: needOwner.map((w) => w.name) };
  try {
    await cancelSubscriptionsOf({ db, config, workspaceIds: await listSoleOwnedWorkspaceIds({ db, userId }) });
  } catch (error) {
    return { ok: false, reason: "stripeFailed", error };
  }
  await deleteSoleOwnedWorkspaces({ db, userId });
  await (await auth.$context).internalAdapter.deleteUser(userId);
  // The user's outputs went with them (a cascade), bumping their output version on the way: nothing of theirs stays.
  await db.deleteFrom("output_version").where("userId", "=", userId).execute();
  return { ok: true };
}
