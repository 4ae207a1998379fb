import { APIError } from "better-auth/api";
import { type data, redirect } from "react-router";
import { getServices } from "#server/services.server.ts";

export { getAuth as auth } from "./auth.server.ts";

/**
 * After an action replaced the session (password changed, two-factor turned on or off): a form posted
 * without JavaScript is answered with a 303 back to `path` carrying the new cookie, since the page's
 * loaders would otherwise run in this request with the old one. JavaScript's data request (`.data`)
 * gets `answer`: the browser stores the cookie before React Router reloads the page's data.
 */
export function answerAfterSessionChange(request: Request, { path, notice, setCookies }: { path: string; notice: string; setCookies: Headers }, answer: () => Response | ReturnType<typeof data>) {
  if (new URL(request.url).pathname.endsWith(".data")) return answer();
  return redirect(`${path}?notice=${encodeURIComponent(notice)}`, { status: 303, headers: setCookies });
}

/** The Better Auth error code, when it is one. */
export function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** Configured external sign-in providers, for the buttons. */
export function externalProviders(): { id: string; label: string }[] {
  const { config } = getServices();
  const providers: { id: string; label: string }[] = [];
  if (config.google) providers.push({ id: "google", label: "Google" });
  if (config.oidc) providers.push({ id: "oidc", label: config.oidc.name });
  return providers;
}
