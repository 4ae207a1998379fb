// The saved-outputs JSON API, served by Express ahead of React Router: GET /api/outputs is what
// the history pages and API clients call most, and React Router's matching and middleware cost
// more than the query itself (docs/decisions/011). The handlers stay in app/features/outputs.
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { keyUserOf, readRequestSession } from "#app/features/auth/session.server.ts";
import { twoFactorRefusal } from "#app/features/auth/two-factor-requirement.server.ts";
import { answerListOutputs, handleOutputRequest, handleRestoreOutput, replyHeaders, type OutputsApiContext, type OutputsApiRequest } from "#app/features/outputs/outputs-api.server.ts";
import { resolveLocale, type Locale } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";
import { requestUrl, sendFetchResponse, sendJson, toFetchRequest } from "#server/api/fetch-bridge.server.ts";
import { setRoutePattern } from "#server/observability/http.server.ts";

type Handler = (ctx: OutputsApiContext) => Promise<Response | { json: string }>;

const noBody = (): Promise<never> => Promise.reject(new SyntaxError("GET and HEAD requests have no body"));

/** A Fetch Request only when there is a body to read; method and URL are all a GET or HEAD handler reads. */
function apiRequest(req: ExpressRequest): OutputsApiRequest {
  return req.method === "GET" || req.method === "HEAD" ? { method: req.method, url: requestUrl(req), json: noBody } : toFetchRequest(req);
}

/** The client's language, worked out only when a message has to be written (a refusal). */
function lazyLocale(req: ExpressRequest): () => Locale {
  let locale: Locale | undefined;
  return () => (locale ??= resolveLocale(req.headers.cookie ?? null, req.get("accept-language") ?? null));
}

async function serve(handle: Handler, db: Db, req: ExpressRequest, res: ExpressResponse): Promise<void> {
  // Bodies were read and bounded (64 KB here) by readBodies; unknown methods got a 405 from methodGuard.
  const request = apiRequest(req);
  // A request an API key authenticated (server/app.ts) never reads the session cookie.
  const keyUser = keyUserOf(req);
  const session = keyUser ? { user: keyUser, setCookies: [] } : await readRequestSession(req.headers.cookie, () => toFetchRequest(req).headers);
  const locale = lazyLocale(req);
  const requestId = String(res.locals.requestId);
  // The workspace requires two-factor and this member has not turned it on (as sessionMiddleware answers the other routes):
  // decided on the mount Express matched (in any case), never the raw path.
  const refusal = session.user?.mustEnrolTwoFactor ? twoFactorRefusal({ routePattern: "/api/outputs", locale: locale(), requestId }) : null;
  if (refusal) return sendFetchResponse(res, refusal, session.setCookies);
  const ctx: OutputsApiContext = {
    request,
    user: session.user,
    get locale() {
      return locale();
    },
    requestId,
    db,
  };
  const answer = await handle(ctx);
  if (answer instanceof Response) await sendFetchResponse(res, answer, session.setCookies);
  else sendJson(res, answer.json, replyHeaders, session.setCookies);
}

/** `/`, `/:id` and `/:id/restore` below the mount point, a trailing slash allowed, as Express's router matched them. */
const outputPath = /^\/([^/]+)(\/restore)?\/?$/i;

/**
 * GET /api/outputs, GET|PATCH|DELETE /api/outputs/:id and POST /api/outputs/:id/restore (README
 * "History and API"). Three paths, told apart by one regular expression rather than an Express
 * router: on the most requested endpoint the router's matching and parameter handling cost more
 * than they do for anything else (docs/decisions/023).
 */
export function outputsRoutes(db: Db): RequestHandler {
  return (req, res, next) => {
    let handle: Handler;
    // Metrics and spans name the route by its pattern, as they did when an Express router matched it.
    if (req.path === "/") {
      setRoutePattern(res, "/api/outputs");
      handle = answerListOutputs;
    } else {
      const match = outputPath.exec(req.path);
      if (!match) return next();
      // A path that is not valid percent-encoding was answered 400 before any route (server/app.ts).
      const id = decodeURIComponent(match[1]!);
      setRoutePattern(res, match[2] ? "/api/outputs/:id/restore" : "/api/outputs/:id");
      handle = match[2] ? (ctx) => handleRestoreOutput(ctx, id) : (ctx) => handleOutputRequest(ctx, id);
    }
    serve(handle, db, req, res).catch(next);
  };
}
