import type { BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { readCookie } from "#app/lib/cookies.ts";

/** Days a device stays trusted after "Trust this device" on the code step. */
export const trustDeviceDays = 30;
/** Minutes the code step stays open after the password was right. */
export const twoFactorStepMinutes = 10;
/** Our page for the code step (app/routes/_auth/two-factor.tsx). */
export const twoFactorStepPage = "/sign-in/two-factor";

/**
 * Better Auth's two-factor plugin, TOTP and backup codes only. Its endpoints are not exposed
 * (docs/decisions/012): our forms call them through auth.api (app/features/auth/two-factor.server.ts).
 * It adds user.twoFactorEnabled and the twoFactor table, created by migrateAuthTables.
 *
 * `allowPasswordless`: an account made with Google or OpenID Connect has no password, so it turns
 * two-factor on without one, and confirms turning it off or new backup codes with a code from its
 * app instead (two-factor.server.ts). Accounts with a password still give it (the plugin checks).
 */
export function twoFactorPlugin() {
  return twoFactor({
    issuer: "Sellscribe",
    allowPasswordless: true,
    trustDeviceMaxAge: trustDeviceDays * 86_400,
    twoFactorCookieMaxAge: twoFactorStepMinutes * 60,
    backupCodeOptions: { amount: 10, length: 10 },
  });
}

type TwoFactor = ReturnType<typeof twoFactorPlugin>;
type AfterHook = TwoFactor["hooks"]["after"][number];
/** What Better Auth hands an after-hook: the endpoint path, its request headers, and the auth context with what the endpoint returned. */
type HookContext = Parameters<AfterHook["matcher"]>[0];

/**
 * The plugin asks for the code only after a password (/sign-in/email). This plugin puts the same code
 * step after every other door that signs a user in without it:
 * - the Google and OpenID Connect callback (/callback/:id), and
 * - a verification link opened where the user is not signed in (/verify-email signs them in).
 * It runs the two-factor plugin's own hook (trusted devices, the session swapped for a code-step
 * cookie, the attempt counter) and turns its JSON answer into a redirect to our code-step page,
 * keeping where the user was going. A passkey is a second factor in itself and signs in directly
 * (docs/decisions/020).
 */
export function twoFactorForOtherSignIns(base: TwoFactor): BetterAuthPlugin {
  const [codeStep] = base.hooks.after;
  if (!codeStep) throw new Error("Better Auth's two-factor plugin has no after-hook to reuse");
  const handler = (async (context: HookContext) => {
    // Called as dispatch calls after-hooks (returnHeaders on): it answers { headers, response }.
    const newSession = context.context.newSession;
    if (!newSession) return { headers: undefined, response: undefined };
    // A verification link opened in the browser that is already signed in keeps that session.
    if (context.path === "/verify-email" && requestSessionToken(context) === newSession.session.token) return { headers: undefined, response: undefined };
    const goingTo = redirectTarget(context.context.returned, context.context.baseURL);
    const answer = (await codeStep.handler(context as Parameters<AfterHook["handler"]>[0])) as { headers?: Headers; response?: unknown } | undefined;
    if (!asksForCode(answer?.response)) return answer ?? { headers: undefined, response: undefined };
    const location = goingTo ? `${twoFactorStepPage}?redirectTo=${encodeURIComponent(goingTo)}` : twoFactorStepPage;
    if (context.path === "/verify-email") return { headers: answer?.headers, response: { status: true, twoFactorRedirect: true, redirectTo: location } };
    // The callback's own redirect put its Location among the answer's headers: ours replaces it.
    const headers = new Headers(answer?.headers);
    headers.set("Location", location);
    return { headers, response: new APIError("FOUND", undefined, { Location: location }) };
  }) as AfterHook["handler"];
  return {
    id: "sellscribe-two-factor-other-sign-ins",
    hooks: { after: [{ matcher: (context) => context.path === "/callback/:id" || context.path === "/verify-email", handler }] },
  };
}

/** Whether the two-factor plugin's hook answered "ask for the code" (plain, or wrapped as better-call's JSON). */
function asksForCode(response: unknown): boolean {
  if (typeof response !== "object" || response === null) return false;
  const body = "_flag" in response && "body" in response ? response.body : response;
  return typeof body === "object" && body !== null && "twoFactorRedirect" in body && body.twoFactorRedirect === true;
}

/** The path (and query) the callback was sending the user to, when it is on this site. */
function redirectTarget(returned: unknown, baseURL: string): string | null {
  if (!(returned instanceof APIError)) return null;
  const location = new Headers(returned.headers as HeadersInit | undefined).get("location");
  if (!location) return null;
  try {
    const site = new URL(baseURL);
    const url = new URL(location, site);
    return url.origin === site.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** The token of the request's own session cookie (the part before its signature), to tell a new session from the one it had. */
function requestSessionToken(context: HookContext): string | null {
  const signed = readCookie(new Headers(context.headers).get("cookie"), context.context.authCookies.sessionToken.name);
  return signed?.split(".")[0] ?? null;
}
