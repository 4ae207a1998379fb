// Every HTTP request as a metric and a span, labelled by its route pattern (never the raw URL: ids
// would make a series each), and GET /metrics for Prometheus. See docs/decisions/024.
import { createHash, timingSafeEqual } from "node:crypto";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isOwnHost, sendApiError } from "#server/request-guards.server.ts";
import { recordHttpRequest, renderMetrics } from "./metrics.server.ts";
import { tracer } from "./tracing.server.ts";

/** The label of a request no route pattern matched (static files, 404s). */
export const unmatchedRoute = "unmatched";

/** Names the route pattern that answers a request (res.locals.routePattern), for the page handler to set. */
export function setRoutePattern(res: Response, pattern: string): void {
  res.locals.routePattern = pattern;
}

/** The pattern a request was answered by: the page's (set above), the Express route's, or "unmatched". */
function routeOf(req: Request, res: Response): string {
  if (typeof res.locals.routePattern === "string") return res.locals.routePattern;
  const path: unknown = req.route?.path;
  if (typeof path !== "string") return unmatchedRoute;
  // A router's own root ("/" under "/api/outputs") is the mount path itself.
  return (path === "/" && req.baseUrl ? req.baseUrl : `${req.baseUrl}${path}`) || "/";
}

/**
 * Opens the request's span (the parent of everything done for it) and, when the answer is finished or
 * the client went away, records its duration by method, route pattern and status.
 */
export function observeRequests(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const span = tracer.startSpan(`${req.method}`, {
      kind: SpanKind.SERVER,
      // No URL path: some carry secrets (/invite/:token). The route pattern is added when it is known.
      attributes: { "http.request.method": req.method, "url.scheme": req.protocol, "user_agent.original": req.get("user-agent")?.slice(0, 200) ?? "" },
    });
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      const route = routeOf(req, res);
      // A client that left before the answer was complete: 499, as proxies log it.
      const status = res.writableFinished ? res.statusCode : 499;
      recordHttpRequest({ method: req.method, route, status, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": status, ...(res.locals.requestId ? { "sellscribe.request_id": String(res.locals.requestId) } : {}) });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once("finish", end);
    res.once("close", end);
    const requestContext = trace.setSpan(context.active(), span);
    // The request's own events too: readBodies calls next() from its "end" listener, which Node runs in
    // the socket's context when the body arrives after the headers (the built server), not in this one.
    context.bind(requestContext, req);
    context.with(requestContext, next);
  };
}

/**
 * The route pattern of a page or resource route of the React Router build ("/listings/:id"); its data
 * requests ("/listings/abc.data") count as the page. The catch-all 404 page is "unmatched".
 */
export function createRoutePatternMatcher(routes: ServerBuild["routes"]): (pathname: string) => string {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const objects = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object: RouteObject = route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] };
    objects.set(route.id, object);
  }
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(objects.get(route.id)!);
    byParent.set(route.parentId, siblings);
  }
  for (const [id, object] of objects) if (!object.index) object.children = byParent.get(id) ?? [];
  const tree = byParent.get(undefined) ?? [];
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page);
    if (!matches || matches.length === 0) return unmatchedRoute;
    const segments = matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
    if (segments.at(-1) === "*") return unmatchedRoute;
    return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === "::1";
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics: Prometheus' text format, for a scraper on this machine (the socket's own address is
 * loopback, no proxy forwarded the request and the Host is a loopback name or PUBLIC_URL's) or one
 * sending `Authorization: Bearer $METRICS_TOKEN` (any Host). Anyone else gets the catalogue's 401,
 * which says nothing about the data.
 */
export function metricsEndpoint({ token, publicUrl }: { token?: string; publicUrl: string }): RequestHandler {
  const expected = token ? digest(token) : undefined;
  return async (req, res, next) => {
    try {
      // A reverse proxy on this machine connects from loopback too: what it forwards is not local.
      const forwarded = req.get("x-forwarded-for") !== undefined || req.get("forwarded") !== undefined;
      // A browser page on another name that DNS rebinding pointed at 127.0.0.1 connects from loopback too, with its own name as Host.
      const local = isLoopbackAddress(req.socket.remoteAddress) && !forwarded && isOwnHost(req.get("host"), publicUrl);
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
      // Compared as digests, in constant time: neither the token nor its length leaks through timing.
      const authorized = expected !== undefined && bearer !== undefined && timingSafeEqual(digest(bearer), expected);
      if (!local && !authorized) return sendApiError(req, res, "UNAUTHORIZED", { headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
      const { contentType, body } = await renderMetrics();
      res.status(200).set({ "Content-Type": contentType, "Cache-Control": "no-store" }).send(body);
    } catch (error) {
      next(error);
    }
  };
}
