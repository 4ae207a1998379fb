// `Authorization: Bearer <key>` on /api/* (issue 35, docs/decisions/044): mounted by server/app.ts before bodies are read,
// the CSRF check and every route. A request with a key is that key's alone: the session cookie is never read for it.
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { keyUserOf, setKeyUser } from "#app/features/auth/session.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { secretQueryNames } from "#server/logger.server.ts";
import type { RateLimiter, RateLimitRule } from "#server/rate-limit.server.ts";
import { sendApiError } from "#server/request-guards.server.ts";
import { authenticateApiKey } from "./api-keys.server.ts";
import { requiredScope } from "./scopes.ts";

/** Per key, across servers (the rate_limit table): a script's steady pace, with room for bursts. */
export const apiKeyRateLimit: RateLimitRule = { max: 120, windowMs: 60_000 };

// Any case, as React Router matches; Better Auth's own redirects (/api/auth/*) are not part of the API.
const apiPath = /^\/api(\/|$)/i;
const authPath = /^\/api\/auth(\/|$)/i;
const bearerHeader = /^Bearer[ \t]+(\S*)[ \t]*$/i;

/** Whether the query string names a credential parameter (?api_key=, ?key=, ?access_token=, in any case or encoding). */
function keyInQuery(url: string): boolean {
  const query = url.indexOf("?");
  if (query === -1) return false;
  for (const name of new URLSearchParams(url.slice(query + 1)).keys()) if (secretQueryNames.has(name.toLowerCase())) return true;
  return false;
}

export interface ApiKeyAuthOptions {
  db: Db;
  limiter: RateLimiter;
  /** The route pattern a path matches ("/api/listings/:id/publish"), as React Router matches it. */
  routePattern: (pathname: string) => string;
  rateLimit?: RateLimitRule;
  now?: () => Date;
}

/**
 * On /api/*: a credential in the query string is a 400 (it would end up in logs and browser history); a bearer key is
 * checked on every request against the database (unknown, revoked or expired: 401), counted against its rate limit
 * (429) and its scopes (403 INSUFFICIENT_SCOPE), then the request goes on as the key's creator in the key's workspace.
 * Other Authorization schemes and requests without one go on untouched (the session cookie decides).
 */
export function apiKeyAuth({ db, limiter, routePattern, rateLimit = apiKeyRateLimit, now = () => new Date() }: ApiKeyAuthOptions): RequestHandler {
  return async (req, res, next) => {
    if (!apiPath.test(req.path) || authPath.test(req.path)) return next();
    if (keyInQuery(req.originalUrl)) return sendApiError(req, res, "API_KEY_IN_QUERY");
    const bearer = bearerHeader.exec(req.get("authorization") ?? "");
    if (!bearer) return next();
    try {
      const found = await authenticateApiKey({ db, key: bearer[1]!, now: now() });
      if (!found.ok) return sendApiError(req, res, "API_KEY_INVALID", { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
      const { apiKey } = found.user;
      const limited = await limiter.consume(`api-key:${apiKey.id}`, rateLimit);
      if (!limited.allowed) return sendApiError(req, res, "RATE_LIMITED", { params: { seconds: limited.retryAfterSeconds }, headers: { "Retry-After": String(limited.retryAfterSeconds) } });
      // Only a path naming "publish" can match a publish endpoint: the others skip React Router's matching.
      const scope = requiredScope(req.method, /publish/i.test(req.path) ? routePattern(req.path) : "");
      if (!apiKey.scopes.includes(scope)) return sendApiError(req, res, "INSUFFICIENT_SCOPE", { params: { scope }, headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}"` } });
      setKeyUser(req, found.user);
      // The request log names the key (its prefix, not secret): the record of which key did what.
      res.locals.apiKeyPrefix = apiKey.prefix;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Runs `guard` only for requests no API key authenticated (the CSRF check: a key is not a browser's ambient credential). */
export function unlessApiKey(guard: RequestHandler): RequestHandler {
  return (req, res, next) => (keyUserOf(req) ? next() : guard(req, res, next));
}

/** Whether an API key authenticated this request (readBodies lets it send the large bodies a signed-in session may). */
export function hasApiKey(req: IncomingMessage): boolean {
  return keyUserOf(req) !== undefined;
}
