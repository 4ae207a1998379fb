import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getAuth, type Auth } from "./auth.server.ts";
import { readSession, sessionCookieSettings, type ApiKeyIdentity, type SessionCookieSettings, type SessionUser } from "./session-reader.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import { mustEnrolTwoFactorInActiveWorkspace, twoFactorRefusal } from "./two-factor-requirement.server.ts";

export type { ApiKeyIdentity, SessionUser };

export const userContext = createContext<SessionUser | null>(null);

/**
 * The user an API key authenticated (app/features/api-keys/bearer.server.ts), set by server/app.ts before any route:
 * when set, the session cookie is never read, so a key and a cookie never authenticate one request together.
 */
export const keyUserContext = createContext<SessionUser | null>(null);
const keyUsers = new WeakMap<object, SessionUser>();

/** Marks a server request (Express's) as authenticated by an API key as `user`. */
export function setKeyUser(req: object, user: SessionUser): void {
  keyUsers.set(req, user);
}

/** The user an API key authenticated this server request as, if one did. */
export function keyUserOf(req: object): SessionUser | undefined {
  return keyUsers.get(req);
}

const cookieSettings = new WeakMap<Auth, Promise<SessionCookieSettings>>();

function settingsOf(auth: Auth): Promise<SessionCookieSettings> {
  let settings = cookieSettings.get(auth);
  if (!settings) cookieSettings.set(auth, (settings = sessionCookieSettings(auth)));
  return settings;
}

/**
 * Reads the session once per request: a valid session that needs no refresh is read directly
 * (app/features/auth/session-reader.server.ts); everything else goes to Better Auth, which may extend
 * the session and re-set its cookie. Those Set-Cookie headers are copied onto whatever response
 * the route produces. An unknown or tampered cookie reads as signed out.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const keyUser = context.get(keyUserContext);
  const { user, setCookies } = keyUser ? { user: keyUser, setCookies: [] } : await readRequestSession(request.headers.get("cookie"), () => request.headers);
  context.set(userContext, user);
  // A member whose workspace requires two-factor reaches none of its data before turning it on: decided
  // here, once, on the route React Router matched (any case, any spelling of the path), for every route.
  const refusal = user?.mustEnrolTwoFactor ? twoFactorRefusal({ routePattern: pattern, locale: getLocale(request), requestId: context.get(requestContext).requestId }) : null;
  const result = refusal ?? (await next());
  for (const cookie of setCookies) result.headers.append("Set-Cookie", cookie);
  // What a signed-in user sees is theirs alone: never kept by the browser's cache or a proxy.
  if (user) result.headers.set("Cache-Control", "private, no-store");
  return result;
};

/**
 * The signed-in user of a request, and any Set-Cookie headers Better Auth wants sent back.
 * `headers` is only built when Better Auth has to be asked (see app/features/auth/session-reader.server.ts).
 */
export async function readRequestSession(cookieHeader: string | null | undefined, headers: () => Headers): Promise<{ user: SessionUser | null; setCookies: string[] }> {
  if (!cookieHeader?.includes("session_token")) return { user: null, setCookies: [] };
  try {
    const services = getServices();
    const auth = getAuth(services);
    const read = await readSession({ db: services.db, settings: await settingsOf(auth), cookieHeader });
    if ("user" in read) return { user: read.user, setCookies: [] };
    const answer = await auth.api.getSession({ headers: headers(), returnHeaders: true });
    const setCookies = answer.headers.getSetCookie();
    if (!answer.response) return { user: null, setCookies };
    const { id, email, name, firstName, lastName } = answer.response.user;
    const mustEnrolTwoFactor = await mustEnrolTwoFactorInActiveWorkspace(services.db, id);
    return { user: { id, email, name, firstName: firstName ?? "", lastName: lastName ?? "", mustEnrolTwoFactor }, setCookies };
  } catch {
    return { user: null, setCookies: [] };
  }
}

export function getUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(userContext);
}

export { safeRedirectPath } from "#app/lib/safe-redirect.ts";

/** The signed-in user, or a redirect to /sign-in that comes back here afterwards. */
export function requireUser({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): SessionUser {
  const user = getUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Guest-only pages send a signed-in user to the dashboard. */
export function requireAnonymous({ context }: { context: Readonly<RouterContextProvider> }): void {
  if (getUser(context)) throw redirect("/dashboard");
}
