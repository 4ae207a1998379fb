import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getServices } from "../../../server/services.server.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
}

export const userContext = createContext<SessionUser | null>(null);

/**
 * Reads the session once per request. Better Auth may extend the session and re-set its cookie;
 * those Set-Cookie headers are copied onto whatever response the route produces.
 * An unknown or tampered cookie reads as signed out.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let setCookies: string[] = [];
  if (request.headers.get("cookie")?.includes("session_token")) {
    try {
      const { headers, response } = await getServices().auth().api.getSession({ headers: request.headers, returnHeaders: true });
      setCookies = headers.getSetCookie();
      if (response) {
        const { id, email, name, firstName, lastName } = response.user;
        context.set(userContext, { id, email, name, firstName: firstName ?? "", lastName: lastName ?? "" });
      }
    } catch {
      context.set(userContext, null);
    }
  }
  const result = await next();
  for (const cookie of setCookies) result.headers.append("Set-Cookie", cookie);
  return result;
};

export function getUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(userContext);
}

/** Only same-site paths, so a `redirectTo` can never send someone to another site. */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

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
