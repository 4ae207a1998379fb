// A workspace owner can require two-factor for every member: a member without it is sent to
// /settings/personal to turn it on before using the app (a page that says why, not a dead end).
import type { Locale } from "#app/i18n/i18n.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import type { Db } from "#server/db/db.server.ts";

/** Where a member without two-factor goes; the page explains the requirement and offers enrolment. */
export const twoFactorEnrolPath = "/settings/personal";

/** Whether this workspace requires two-factor of its members. */
export async function workspaceRequiresTwoFactor(db: Db, workspaceId: string): Promise<boolean> {
  const row = await db.selectFrom("workspace").select("requireTwoFactor").where("id", "=", workspaceId).executeTakeFirst();
  return Boolean(row?.requireTwoFactor);
}

/** The owner's switch (settings → workspace). */
export async function setWorkspaceRequiresTwoFactor(db: Db, workspaceId: string, required: boolean): Promise<void> {
  await db.updateTable("workspace").set({ requireTwoFactor: required ? 1 : 0 }).where("id", "=", workspaceId).execute();
}

/** True when the workspace requires two-factor and this user has not turned it on (one query). */
export async function mustEnrolTwoFactor(db: Db, userId: string, workspaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom("workspace")
    .innerJoin("user", (join) => join.on("user.id", "=", userId))
    .select(["workspace.requireTwoFactor", "user.twoFactorEnabled"])
    .where("workspace.id", "=", workspaceId)
    .executeTakeFirst();
  return Boolean(row?.requireTwoFactor) && !row?.twoFactorEnabled;
}

/** Pages a member without two-factor may still open: the enrolment page (and its data requests). */
export function isTwoFactorEnrolPath(pathname: string): boolean {
  return pathname === twoFactorEnrolPath || pathname.startsWith(`${twoFactorEnrolPath}.`) || pathname.startsWith(`${twoFactorEnrolPath}/`);
}

/** The owner's form: turning the requirement on needs two-factor on the owner's own account first. */
export async function saveTwoFactorRequirement({ db, userId, workspaceId, required }: { db: Db; userId: string; workspaceId: string; required: boolean }): Promise<{ ok: true } | { ok: false; reason: "ownerFirst" }> {
  if (required) {
    const owner = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst();
    if (!owner?.twoFactorEnabled) return { ok: false, reason: "ownerFirst" };
  }
  await setWorkspaceRequiresTwoFactor(db, workspaceId, required);
  return { ok: true };
}

/**
 * The same check for a user Better Auth had to read (a session due for its refresh): their latest
 * membership's workspace, as getActiveMembership picks it. The usual path reads it with the session.
 */
export async function mustEnrolTwoFactorInActiveWorkspace(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("member")
    .innerJoin("workspace", "workspace.id", "member.workspaceId")
    .innerJoin("user", "user.id", "member.userId")
    .select(["workspace.requireTwoFactor", "user.twoFactorEnabled"])
    .where("member.userId", "=", userId)
    .orderBy("member.createdAt", "desc")
    .orderBy("member.workspaceId", "desc")
    .limit(1)
    .executeTakeFirst();
  return Boolean(row?.requireTwoFactor) && !row?.twoFactorEnabled;
}

/** JSON endpoints of members; Better Auth's OAuth callbacks and Stripe's webhook carry no member's session. */
export function isMemberApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/") && pathname !== "/api/stripe/webhook";
}

/** A 403 TWO_FACTOR_REQUIRED for a member API request of someone who must enrol first; null for anything else. */
export function twoFactorApiRefusal({ pathname, locale, requestId }: { pathname: string; locale: Locale; requestId: string }): Response | null {
  if (!isMemberApiPath(pathname)) return null;
  return apiErrorResponse("TWO_FACTOR_REQUIRED", { locale, requestId });
}
