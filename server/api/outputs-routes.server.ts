// The saved-outputs JSON API, served by Express ahead of React Router: GET /api/outputs is what
// the history pages and API clients call most, and React Router's matching and middleware cost
// more than the query itself (docs/decisions/011). The handlers stay in app/features/outputs.
import express, { type RequestHandler } from "express";
import { readRequestSession } from "~/features/auth/session.server.ts";
import { handleListOutputs, handleOutputRequest, handleRestoreOutput, type OutputsApiContext } from "~/features/outputs/outputs-api.server.ts";
import { resolveLocale } from "~/i18n/i18n.ts";
import type { Db } from "../db/db.server.ts";
import { BodyTooLargeError, ClientGoneError, sendFetchResponse, toFetchRequest } from "./fetch-bridge.server.ts";

/** PATCH bodies are a favorite flag and up to 5,000 characters of copy. */
const maxBodyBytes = 64 * 1024;

const fetchMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

type Handler = (ctx: OutputsApiContext, params: Record<string, string>) => Promise<Response>;

/** GET /api/outputs, GET|PATCH|DELETE /api/outputs/:id and POST /api/outputs/:id/restore (README "History and API"). */
export function outputsRoutes(db: Db): express.Router {
  const serve =
    (handle: Handler): RequestHandler =>
    async (req, res, next) => {
      // TRACE, CONNECT and the like cannot become a Fetch request, and no handler here takes them.
      if (!fetchMethods.has(req.method)) {
        res.status(405).json({ error: `${req.method} is not supported here.`, code: "METHOD_NOT_ALLOWED", requestId: res.locals.requestId });
        return;
      }
      try {
        const request = await toFetchRequest(req, maxBodyBytes);
        const session = await readRequestSession(req.headers.cookie, () => request.headers);
        const locale = resolveLocale(req.headers.cookie ?? null, req.get("accept-language") ?? null);
        const ctx: OutputsApiContext = { request, user: session.user, locale, requestId: String(res.locals.requestId), db };
        await sendFetchResponse(res, await handle(ctx, req.params as Record<string, string>), session.setCookies);
      } catch (error) {
        if (error instanceof ClientGoneError) return;
        if (!(error instanceof BodyTooLargeError)) return next(error);
        res.status(413).json({ error: error.message, code: "PAYLOAD_TOO_LARGE", requestId: res.locals.requestId });
      }
    };
  const router = express.Router();
  router.all("/", serve((ctx) => handleListOutputs(ctx)));
  router.all("/:id", serve((ctx, params) => handleOutputRequest(ctx, params.id!)));
  router.all("/:id/restore", serve((ctx, params) => handleRestoreOutput(ctx, params.id!)));
  return router;
}
