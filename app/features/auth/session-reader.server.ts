// The common case of reading a session, without Better Auth's endpoint machinery.
//
// Better Auth's getSession costs about 1 ms a request (an endpoint context, tracing spans, a
// WebCrypto HMAC, two queries, output filtering). Most requests carry a valid session that is
// not yet due for its daily refresh; for those this module checks the cookie's signature and
// reads session and user in one query, so a revoked or expired session is refused on the very
// next request, exactly as before. Anything else (no valid signature, an unknown, expired or
// stale session, a cookie-cache cookie) is "ask Better Auth", which then answers, clears cookies
// or refreshes the session as it always did. This module never says "signed out" on its own.
// See docs/decisions/011-fast-api-path.md.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { sql, type CompiledQuery, type InferResult } from "kysely";
import { readCookie } from "#app/lib/cookies.ts";
import { selectNow, type Db } from "#server/db/db.server.ts";
import { dialectOf } from "#server/db/dialect.server.ts";

interface BetterAuthContext {
  authCookies: { sessionToken: { name: string }; sessionData: { name: string } };
  secret: string;
  sessionConfig: { expiresIn: number; updateAge: number };
}

/** The signed-in user as loaders and actions see it (userContext). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  /** Their workspace requires two-factor and they have not turned it on: pages send them to enrol, the JSON API refuses (403). */
  mustEnrolTwoFactor: boolean;
  /** Set when an API key authenticated the request (app/features/api-keys): the key's workspace is the one worked in. */
  apiKey?: ApiKeyIdentity;
}

/** What an API key brings to a request: which key, its workspace, its creator's role there, its scopes. */
export interface ApiKeyIdentity {
  id: string;
  prefix: string;
  workspaceId: string;
  role: "owner" | "member";
  scopes: readonly string[];
}

export interface SessionCookieSettings {
  /** Name of Better Auth's signed session cookie (with its __Secure- prefix over HTTPS). */
  tokenCookie: string;
  /** Name of Better Auth's cookie cache; when present, Better Auth decides (it may clear it). */
  dataCookie: string;
  /** Better Auth's secret, as a key object made once (making it per request costs more than the HMAC). */
  secret: KeyObject;
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

export type SessionRead = { user: SessionUser } | { askBetterAuth: true };

const askBetterAuth: SessionRead = { askBetterAuth: true };

/** The token inside a cookie signed as `token.base64(HMAC-SHA256(secret, token))`, or null when the signature is not ours. */
export function verifySignedValue(signed: string, secret: KeyObject): string | null {
  const verified = verifiedValues.get(secret);
  const known = verified?.get(signed);
  if (known !== undefined) return known;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  remember(secret, signed, token);
  return token;
}

/**
 * Cookies whose signature has been checked, per secret: the same cookie comes back on every request,
 * and its HMAC always gives the same answer. Only signatures that held are kept, at most
 * `verifiedLimit` per secret (the oldest go first), so a client sending made-up cookies fills nothing.
 * This remembers arithmetic, not sessions: the session row is still read on every request.
 */
const verifiedValues = new WeakMap<KeyObject, Map<string, string>>();
const verifiedLimit = 2000;

function remember(secret: KeyObject, signed: string, token: string): void {
  let values = verifiedValues.get(secret);
  if (!values) verifiedValues.set(secret, (values = new Map()));
  if (values.size >= verifiedLimit) values.delete(values.keys().next().value!);
  values.set(signed, token);
}

/** What readSession needs to know of a Better Auth instance, read from it so names and ages never drift. */
export async function sessionCookieSettings(auth: { $context: Promise<BetterAuthContext> }): Promise<SessionCookieSettings> {
  const context = await auth.$context;
  return {
    tokenCookie: context.authCookies.sessionToken.name,
    dataCookie: context.authCookies.sessionData.name,
    secret: createSecretKey(Buffer.from(context.secret, "utf8")),
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  };
}

function buildSessionQuery(db: Db, token: string) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["session.expiresAt", "user.id", "user.email", "user.name", "user.firstName", "user.lastName", "user.twoFactorEnabled"])
    // Whether the workspace the user works in (their latest membership) requires two-factor: read
    // here, in the same statement, so the requirement costs API requests no query of their own.
    .select((eb) =>
      eb
        .selectFrom("member")
        .innerJoin("workspace", "workspace.id", "member.workspaceId")
        .select("workspace.requireTwoFactor")
        .whereRef("member.userId", "=", "user.id")
        .orderBy("member.createdAt", "desc")
        .orderBy("member.workspaceId", "desc")
        // A literal, so the token stays the statement's one parameter.
        .limit(sql.lit(1))
        .as("workspaceRequiresTwoFactor"),
    )
    // On SQLite, `+?` (a no-op on a value) rather than `?`: this build of SQLite (STAT4) lets the value
    // bound there choose the plan, so it re-planned the statement at every run, which cost more than
    // running it (docs/decisions/023). Same plan, same rows; PostgreSQL has no unary plus for text.
    .where("session.token", "=", dialectOf(db) === "sqlite" ? sql<string>`+${token}` : token);
}

type SessionQuery = CompiledQuery<InferResult<ReturnType<typeof buildSessionQuery>>[number]>;

const sessionQueries = new WeakMap<Db, SessionQuery>();
const tokenPlaceholder = "\u0000token";

/**
 * The session-and-user query for one token. It is built and compiled once per database and then
 * only given the token: building and compiling it cost as much as running it (docs/decisions/023).
 */
function sessionQuery(db: Db, token: string): SessionQuery {
  let compiled = sessionQueries.get(db);
  if (!compiled) {
    compiled = buildSessionQuery(db, tokenPlaceholder).compile();
    // The token must be the statement's one parameter: a Kysely change that breaks this fails loudly, never guesses.
    if (compiled.parameters.length !== 1 || compiled.parameters[0] !== tokenPlaceholder) throw new Error("the session query's parameters changed");
    sessionQueries.set(db, compiled);
  }
  return { ...compiled, parameters: [token] };
}

/** Reads the signed-in user from a Cookie header when that is certain; otherwise says to ask Better Auth. */
export async function readSession({ db, settings, cookieHeader, now = Date.now() }: { db: Db; settings: SessionCookieSettings; cookieHeader: string; now?: number }): Promise<SessionRead> {
  if (cookieHeader.includes(settings.dataCookie)) return askBetterAuth;
  const signed = readCookie(cookieHeader, settings.tokenCookie);
  const token = signed ? verifySignedValue(signed, settings.secret) : null;
  if (!token) return askBetterAuth;
  // On SQLite straight from the snapshot reader (every committed sign-out and revocation included).
  const [row] = await selectNow(db, sessionQuery(db, token));
  if (!row) return askBetterAuth;
  const expiresAt = new Date(row.expiresAt).getTime();
  // Better Auth extends a session once it is updateAge old (and re-sets the cookie): its job, not ours.
  const refreshDue = expiresAt - settings.expiresInSeconds * 1000 + settings.updateAgeSeconds * 1000 <= now;
  if (!Number.isFinite(expiresAt) || expiresAt <= now || refreshDue) return askBetterAuth;
  const mustEnrolTwoFactor = Boolean(row.workspaceRequiresTwoFactor) && !row.twoFactorEnabled;
  return { user: { id: row.id, email: row.email, name: row.name, firstName: row.firstName ?? "", lastName: row.lastName ?? "", mustEnrolTwoFactor } };
}
