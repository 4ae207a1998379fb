// The signed-in user's sessions (devices): listed for settings, one revoked or all but this one.
// Through Better Auth's server API with the request's own headers, so every call is scoped to the
// user whose session the cookie names. Session tokens never leave the server: the page names a
// session by its id, and the token is looked up among the user's own sessions.
import { actionFailureBody, type ActionFailure } from "#app/lib/action-failure.ts";
import { apiErrors } from "#app/lib/errors.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { parseUserAgent } from "./user-agent.ts";

export interface SessionItem {
  id: string;
  browser: string | null;
  system: string | null;
  ipAddress: string;
  /** When the session was last extended or changed (Better Auth refreshes it once a day of use). */
  lastSeenAt: string;
  createdAt: string;
  current: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The user's live sessions, this one first, then the most recently seen. Null when the request is signed out. */
export async function listUserSessions({ headers, auth = getAuth() }: { headers: Headers; auth?: Auth }): Promise<SessionItem[] | null> {
  const current = await auth.api.getSession({ headers });
  if (!current) return null;
  const sessions = await auth.api.listSessions({ headers });
  return sessions
    .map((session) => ({
      id: session.id,
      ...parseUserAgent(session.userAgent),
      ipAddress: session.ipAddress ?? "",
      lastSeenAt: iso(session.updatedAt),
      createdAt: iso(session.createdAt),
      current: session.id === current.session.id,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

export type RevokeResult = "revoked" | "notFound" | "current";

/** Ends one of the user's other sessions by its id; another user's id, or an unknown one, is "notFound". */
export async function revokeUserSession({ headers, sessionId, auth = getAuth() }: { headers: Headers; sessionId: string; auth?: Auth }): Promise<RevokeResult> {
  const current = await auth.api.getSession({ headers });
  if (!current) return "notFound";
  if (current.session.id === sessionId) return "current";
  const target = (await auth.api.listSessions({ headers })).find((session) => session.id === sessionId);
  if (!target) return "notFound";
  await auth.api.revokeSession({ headers, body: { token: target.token } });
  return "revoked";
}

/** Ends every session of the user but the one making the request. */
export async function revokeOtherUserSessions({ headers, auth = getAuth() }: { headers: Headers; auth?: Auth }): Promise<void> {
  await auth.api.revokeOtherSessions({ headers });
}

/** The answer of a sessions intent on the settings page: a toast's message, saved or refused. */
export type SessionsAnswer = { intent: "revokeSession" | "revokeOtherSessions"; saved: "account.sessions.revoked" | "account.sessions.othersRevoked" } | ActionFailure;

/** The settings page's "revokeSession" (form field `id`) and "revokeOtherSessions" intents. */
export async function sessionsIntent({ request, intent, form }: { request: Request; intent: "revokeSession" | "revokeOtherSessions"; form: Record<string, unknown> }): Promise<{ answer: SessionsAnswer; status: number }> {
  if (intent === "revokeOtherSessions") {
    await revokeOtherUserSessions({ headers: request.headers });
    return { answer: { intent, saved: "account.sessions.othersRevoked" }, status: 200 };
  }
  const sessionId = typeof form.id === "string" ? form.id.slice(0, 200) : "";
  const result = await revokeUserSession({ headers: request.headers, sessionId });
  if (result === "revoked") return { answer: { intent, saved: "account.sessions.revoked" }, status: 200 };
  const refused = result === "current" ? ({ code: "BAD_REQUEST", formError: "account.sessions.currentRefused" } as const) : ({ code: "NOT_FOUND", formError: "account.sessions.notFound" } as const);
  return { answer: actionFailureBody(refused.code, { formError: refused.formError }), status: apiErrors[refused.code].status };
}
