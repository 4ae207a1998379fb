// A workspace owner can require two-factor for every member: a member without it is sent to
// /settings/personal to turn it on before using the app (a page that says why, not a dead end).
import { redirect } from "react-router";
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

/**
 * Routes (React Router's matched pattern, as written in app/routes.ts) open to a member who must enrol
 * first: the public site, signing in and out, the enrolment page itself, and Stripe's webhook (no
 * member's session). Everything else reaches the workspace's data, so a route added later is closed
 * until it is listed here.
 */
const openBeforeEnrolment = new Set([
  "/",
  "/pricing",
  "/about",
  "/privacy",
  "/terms",
  "/*",
  "/sign-in",
  "/sign-in/two-factor",
  "/sign-up",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/sign-out",
  "/passkeys/:step",
  "/auth/external",
  "/set-language",
  // The language catalogs (docs/decisions/043): text every page needs, including the enrolment page itself.
  "/i18n/:file",
  "/invite/:token",
  "/admin",
  "/dev/outbox",
  "/api/stripe/webhook",
  twoFactorEnrolPath,
]);

/** Routes that hand data out as JSON or a file (every /api/ route and the downloads): refused with a 403, not sent to a page. */
const dataDownloads = new Set(["/history/export", "/settings/data-export", "/settings/data-export/:id/download"]);

/**
 * Whether a matched route reaches a workspace's data (everything but `openBeforeEnrolment`). Decided on
 * the route the router matched, never on the raw path: routes match in any case, with a trailing slash,
 * and after dot segments and encodings are resolved, so `/API/listings` is `/api/listings` here.
 */
export function reachesWorkspaceData(routePattern: string): boolean {
  return !openBeforeEnrolment.has(routeKey(routePattern));
}

/** React Router joins the matched routes' paths without the root's slash ("api/listings", "*"); the lists above are written with it. */
function routeKey(routePattern: string): string {
  return `/${routePattern.replace(/^\/+/, "")}`;
}

/**
 * What a member who must enrol first gets from a matched route: null where they may go, 403
 * TWO_FACTOR_REQUIRED from a JSON endpoint or a download, and a redirect to the enrolment page from
 * any other page (its data requests too, whichever loaders they name in `_routes`).
 */
export function twoFactorRefusal({ routePattern, locale, requestId }: { routePattern: string; locale: Locale; requestId: string }): Response | null {
  if (!reachesWorkspaceData(routePattern)) return null;
  const route = routeKey(routePattern);
  if (route.startsWith("/api/") || dataDownloads.has(route)) return apiErrorResponse("TWO_FACTOR_REQUIRED", { locale, requestId });
  return redirect(`${twoFactorEnrolPath}?twoFactor=required`);
}
