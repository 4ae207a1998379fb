// The saved-outputs JSON API, served by Express ahead of React Router: GET /api/outputs is what
// the history pages and API clients call most, and React Router's matching and middleware cost
// more than the query itself (docs/decisions/011). The handlers stay in app/features/outputs.
import express, { type Request as ExpressRequest, type RequestHandler } from "express";
import { readRequestSession } from "#app/features/auth/session.server.ts";
import { twoFactorApiRefusal } from "#app/features/auth/two-factor-requirement.server.ts";
import { answerListOutputs, handleOutputRequest, handleRestoreOutput, replyHeaders, type OutputsApiContext, type OutputsApiRequest } from "#app/features/outputs/outputs-api.server.ts";
import { resolveLocale } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";
import { requestUrl, sendFetchResponse, sendJson, toFetchRequest } from "#server/api/fetch-bridge.server.ts";

type Handler = (ctx: OutputsApiContext, params: Record<string, string>) => Promise<Response | { page: unknown }>;

const noBody = (): Promise<never> => Promise.reject(new SyntaxError("GET and HEAD requests have no body"));

/** A Fetch Request only when there is a body to read; method and URL are all a GET or HEAD handler reads. */
function apiRequest(req: ExpressRequest): OutputsApiRequest {
  return req.method === "GET" || req.method === "HEAD" ? { method: req.method, url: requestUrl(req), json: noBody } : toFetchRequest(req);
}

/** GET /api/outputs, GET|PATCH|DELETE /api/outputs/:id and POST /api/outputs/:id/restore (README "History and API"). */
export function outputsRoutes(db: Db): express.Router {
  const serve =
    (handle: Handler): RequestHandler =>
    async (req, res, next) => {
      // Bodies were read and bounded (64 KB here) by readBodies; unknown methods got a 405 from methodGuard.
      try {
        const request = apiRequest(req);
        const session = await readRequestSession(req.headers.cookie, () => toFetchRequest(req).headers);
        const locale = resolveLocale(req.headers.cookie ?? null, req.get("accept-language") ?? null);
        // The workspace requires two-factor and this member has not turned it on (as sessionMiddleware answers the other API routes).
        const refusal = session.user?.mustEnrolTwoFactor ? twoFactorApiRefusal({ pathname: req.originalUrl.split("?")[0]!, locale, requestId: String(res.locals.requestId) }) : null;
        if (refusal) return void (await sendFetchResponse(res, refusal, session.setCookies));
        const ctx: OutputsApiContext = { request, user: session.user, locale, requestId: String(res.locals.requestId), db };
        const answer = await handle(ctx, req.params as Record<string, string>);
        if (answer instanceof Response) await sendFetchResponse(res, answer, session.setCookies);
        else sendJson(res, answer.page, replyHeaders, session.setCookies);
      } catch (error) {
        next(error);
      }
    };
  const router = express.Router();
  router.all("/", serve((ctx) => answerListOutputs(ctx)));
  router.all("/:id", serve((ctx, params) => handleOutputRequest(ctx, params.id!)));
  router.all("/:id/restore", serve((ctx, params) => handleRestoreOutput(ctx, params.id!)));
  return router;
}
