import { randomUUID } from "node:crypto";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
// The HTTP application, and the one module of server/ that knows the features: it mounts their
// routers, hands their housekeeping to maintenance and their library tables to the migrator. The
// rest of server/ is platform and never imports app/features or app/routes (eslint.config.js).
import { getAuth, migrateAuthTables } from "#app/features/auth/auth.server.ts";
import { signedSessionCheck } from "#app/features/auth/signed-session-cookie.server.ts";
import { recoverInterruptedGenerations } from "#app/features/generate/generation-credits.server.ts";
import { startServerJobRunner, stopServerJobRunner } from "#app/features/jobs/job-runner.server.ts";
import { startServerImportRunner, stopServerImportRunner } from "#app/features/amazon/import/import-runner.server.ts";
import { startServerPublisher, stopServerPublisher } from "#app/features/publish/publish.server.ts";
import { sweepDataExports } from "#app/features/data-export/data-exports.server.ts";
import { startServerDataExportRunner, stopServerDataExportRunner } from "#app/features/data-export/export-runner.server.ts";
import { outputsRoutes } from "#app/features/outputs/outputs-router.server.ts";
import { apiKeyAuth, hasApiKey, unlessApiKey } from "#app/features/api-keys/bearer.server.ts";
import { keyUserContext, keyUserOf } from "#app/features/auth/session.server.ts";
// The catalog audit listens to every saved listing version (issue 33): loaded with the server, not with its page.
import "#app/features/catalog/audit.server.ts";
import { sendFetchResponse, toFetchRequest } from "./api/fetch-bridge.server.ts";
import { requestContext } from "./context.ts";
import { pingDb } from "./db/db.server.ts";
import { logger, redactUrl } from "./logger.server.ts";
import { createRoutePatternMatcher, metricsEndpoint, observeRequests, setRoutePattern } from "./observability/http.server.ts";
import { startProcessMetrics } from "./observability/metrics.server.ts";
import { startTracing, stopTracing } from "./observability/tracing.server.ts";
import { startMaintenance, stopMaintenance } from "./maintenance.server.ts";
import { methodGuard, originCheck, readBodies, rejectAmbiguousPath, sendApiError } from "./request-guards.server.ts";
import { securityHeaders } from "./security-headers.server.ts";
import { closeServices as closeAllServices, getServices, prepareServices as preparePlatform } from "./services.server.ts";
import { getConfig } from "./config.server.ts";

/** Opens the database and migrates it (Better Auth's tables first) before the server takes traffic. */
export async function prepareServices(): Promise<void> {
  // Tracing first, so the start-up's own transactions are traced too (nothing is loaded without an endpoint).
  const { observability } = getConfig();
  await startTracing({ endpoint: observability.otlpEndpoint, exportDelayMs: observability.exportDelayMs, serviceName: observability.serviceName });
  return preparePlatform(migrateAuthTables);
}

/** Stops housekeeping, then closes the database (the launcher calls this on SIGTERM). */
export async function closeServices(): Promise<void> {
  stopMaintenance();
  // Rows being written go back to the queue (nothing half-saved), before the database closes.
  await stopServerJobRunner();
  await stopServerImportRunner();
  await stopServerPublisher();
  await stopServerDataExportRunner();
  await closeAllServices();
  await stopTracing();
}
export { getConfig } from "./config.server.ts";
export { handleClientError } from "./request-guards.server.ts";

export interface CreateAppOptions {
  /** Folder of the built browser assets; the launcher passes it in production. */
  clientDir?: string;
  development?: boolean;
}

const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  const requestId = (req.get("x-request-id") ?? "").slice(0, 64) || randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const level = res.statusCode >= 500 ? "error" : "info";
    // Never a credential in the log: a key put in the query string is refused (400) and its value redacted here.
    const apiKey = res.locals.apiKeyPrefix as string | undefined;
    logger[level]({ requestId, method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10, ...(apiKey ? { apiKey } : {}) }, "request");
  });
  next();
};

const loadServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * Better Auth's HTTP endpoints that are meant to be reached: the OAuth redirects coming back from
 * Google (/callback/google) and OpenID Connect providers (/oauth2/callback/oidc). Sign-in, sign-up,
 * password reset, profile and account changes go through our own forms, with their schemas and
 * shared rate limits (docs/decisions/012); Better Auth's own copies of them are not exposed.
 */
const exposedAuthPaths = /^\/api\/auth\/(callback\/[\w-]+|oauth2\/callback\/[\w-]+|error)$/;

/** A Better Auth error answer in our error body: its status chooses the catalogue code; Retry-After is kept. */
function sendAuthRefusal(req: express.Request, res: express.Response, answer: Response): void {
  if (answer.status === 429) {
    const seconds = Math.max(1, Number(answer.headers.get("x-retry-after") ?? answer.headers.get("retry-after")) || 60);
    return sendApiError(req, res, "RATE_LIMITED", { params: { seconds }, headers: { "Retry-After": String(seconds) } });
  }
  sendApiError(req, res, answer.status === 404 ? "NOT_FOUND" : answer.status < 500 ? "BAD_REQUEST" : "INTERNAL");
}

/** The whole HTTP application: headers, static files, health checks, API and pages. */
export async function createApp({ clientDir, development = false }: CreateAppOptions = {}): Promise<express.Express> {
  const services = getServices();
  const { config, db } = services;
  // Each task runs once per interval across every server on this database (server/maintenance.server.ts).
  startMaintenance(
    [
      { name: "recover-generations", run: () => recoverInterruptedGenerations({ db }), warning: "closed generations that a server stop interrupted; their words were given back" },
      { name: "sweep-rate-limits", run: () => services.limiter.sweep() },
      { name: "sweep-data-exports", run: () => sweepDataExports({ db }) },
    ],
    { db, intervalMs: config.maintenanceIntervalMs },
  );
  // Bulk jobs: this server takes rows from the shared queue (pg-boss on PostgreSQL, in-process on SQLite).
  await startServerJobRunner({ db, config });
  // Imports from Amazon: runs read at Amazon's rate through the same queue interface (app/features/amazon/import).
  await startServerImportRunner({ db, config });
  // Publishing to Amazon: verification read-backs go through the same queue interface (app/features/publish).
  await startServerPublisher({ db, config });
  // Data exports: prepared through the same queue interface, by whichever server takes them.
  await startServerDataExportRunner({ db, config, mailer: services.mailer });
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", 1);

  // Each request's span and metrics (by route pattern) wrap everything below, the request log included.
  startProcessMetrics();
  app.use(observeRequests());
  app.use(requestLog);
  app.use(securityHeaders({ development }));
  app.use(methodGuard);
  // Event streams (POST /api/generations) go out unbuffered: gzip would hold events back until a block fills.
  app.use(compression({ filter: (req, res) => !/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) && compression.filter(req, res) }));
  // Broken percent-encoding or dot segments (in any encoding): 400 before a byte of the body is read.
  app.use(rejectAmbiguousPath);

  if (clientDir) {
    // Hashed file names change with their content, so they may be cached forever.
    app.use("/assets", (_req, res, next) => {
      setRoutePattern(res, "/assets/*");
      next();
    }, express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // Files at the root (favicon.ico, robots.txt…) all have an extension; other paths skip the disk lookup.
    const rootFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? rootFiles(req, res, next) : next()));
  }

  // Every body is read here, bounded, before any route (or a 413); then the CSRF check. Large bodies
  // only with a signed session cookie: an anonymous client's is refused past 64 KB before it is held.
  // API keys first (issue 35): a bearer request is authenticated, limited and scoped before its body is read; a key
  // may send what a session may, and the CSRF check does not apply to it (no browser sends a key by itself).
  app.use(apiKeyAuth({ db, limiter: services.limiter, routePattern: createRoutePatternMatcher((await loadServerBuild()).routes) }));
  const carriesSession = await signedSessionCheck(getAuth(services), config);
  app.use(readBodies({ carriesSession: (req) => hasApiKey(req) || carriesSession(req) }));
  app.use(unlessApiKey(originCheck(config.publicUrl)));

  // Better Auth's rate limiter reads the client address from x-client-ip, which we set from the
  // socket (or the trusted proxy) ourselves.
  app.all("/api/auth/*splat", async (req, res, next) => {
    if (!exposedAuthPaths.test(req.path) || !["GET", "POST"].includes(req.method)) return sendApiError(req, res, "NOT_FOUND");
    try {
      req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
      const answer = await getAuth(services).handler(toFetchRequest(req, res));
      // Redirects (the OAuth callbacks' answers) pass through; a JSON refusal of Better Auth's own
      // (its rate limiter's 429, a bad state) is answered from our catalogue, like every other JSON error.
      if (answer.status >= 400 && /json/i.test(answer.headers.get("content-type") ?? "")) return sendAuthRefusal(req, res, answer);
      await sendFetchResponse(res, answer);
    } catch (error) {
      next(error);
    }
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", uptime: Math.round(process.uptime()) });
  });
  // Prometheus' scrape: from this machine under its own Host, or with METRICS_TOKEN as a bearer token (docs/decisions/024).
  app.get("/metrics", metricsEndpoint({ token: config.observability.metricsToken, publicUrl: config.publicUrl }));
  app.get("/readyz", async (_req, res) => {
    const ok = await pingDb(db);
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable", database: config.database.kind });
  });

  app.use("/api/outputs", outputsRoutes(db));

  // Given a function, React Router re-imports the build and rebuilds its route tables on every
  // request (right for development, where the build changes); in production it is loaded once.
  const handlePage = createRequestHandler(development ? loadServerBuild : await loadServerBuild(), development ? "development" : "production");
  // Metrics and spans name a page by its route pattern ("/listings/:id"), never by its URL.
  const routePattern = createRoutePatternMatcher((await loadServerBuild()).routes);
  app.use(async (req, res, next) => {
    try {
      setRoutePattern(res, routePattern(req.path));
      const context = new RouterContextProvider();
      context.set(requestContext, { cspNonce: res.locals.cspNonce, requestId: res.locals.requestId, clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" });
      context.set(keyUserContext, keyUserOf(req) ?? null);
      // The body was read by readBodies: React Router gets that copy, never the socket.
      await sendFetchResponse(res, await handlePage(toFetchRequest(req, res), context));
    } catch (error) {
      next(error);
    }
  });

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const clientFault = typeof error?.status === "number" && error.status >= 400 && error.status < 500;
    if (!clientFault) logger.error({ err: error, requestId: res.locals.requestId, url: redactUrl(req.originalUrl) }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendApiError(req, res, clientFault ? "BAD_REQUEST" : "INTERNAL");
  };
  app.use(onError);
  return app;
}
