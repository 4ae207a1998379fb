import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { apiErrorBody, apiErrors, methodNotAllowedParams, type ApiErrorCode, type ApiErrorExtras } from "#app/lib/errors.ts";
import { resolveLocale } from "#app/i18n/i18n.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Methods a page or endpoint here can take; anything else (TRACE, CONNECT, PROPFIND…) is a 405. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Sends a JSON error from the catalogue, in the client's language. */
export function sendApiError<C extends ApiErrorCode>(req: ExpressRequest, res: ExpressResponse, code: C, extras = {} as ApiErrorExtras<C>): void {
  const locale = requestLocale(req);
  if (announcesBody(req) && !req.complete) discardRestOfBody(req);
  res
    .status(apiErrors[code].status)
    .set({ "Cache-Control": "no-store", ...extras.headers })
    .json(apiErrorBody(code, { ...extras, locale, requestId: String(res.locals.requestId ?? "") }));
}

function requestLocale(req: ExpressRequest) {
  return resolveLocale(req.headers.cookie ?? null, req.get("accept-language") ?? null);
}

/**
 * CSRF defence for every state-changing request: a browser always sends Origin (or Sec-Fetch-Site)
 * on a cross-site POST, so those must name this site. Non-browser clients send neither and pass:
 * that is how Stripe's webhooks reach POST /api/stripe/webhook, which checks their signature instead.
 */
export function originCheck(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (safeMethods.has(req.method)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const fetchSite = req.get("sec-fetch-site");
    const originOk = origin === undefined ? fetchSite !== "cross-site" : origin === publicOrigin || origin === ownOrigin;
    if (originOk) return next();
    sendApiError(req, res, "CROSS_SITE_REQUEST");
  };
}

/**
 * Whether a Host header names this server: a loopback name or address (localhost, 127.0.0.0/8, [::1],
 * any port) or PUBLIC_URL's host. What loopback may read without a token answers only these, so a
 * page whose own name a DNS rebinding pointed at 127.0.0.1 reads nothing (issue 30).
 */
export function isOwnHost(host: string | undefined, publicUrl: string): boolean {
  // A name or an IPv4 address, or a bracketed IPv6 address, then an optional port: nothing a URL could hide another host behind.
  if (!host || !/^([a-z\d.-]+|\[[a-f\d:.]+\])(:\d{1,5})?$/i.test(host)) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === new URL(publicUrl).hostname;
}

/** TRACE, CONNECT and other methods no route takes: 405 with the methods pages do take. */
export const methodGuard: RequestHandler = (req, res, next) => {
  if (knownMethods.has(req.method)) return next();
  const allow = "GET, HEAD, POST";
  sendApiError(req, res, "METHOD_NOT_ALLOWED", { params: methodNotAllowedParams(requestLocale(req), req.method, allow), headers: { Allow: allow } });
};

export const formBodyLimit = 64 * 1024;
export const jsonBodyLimit = 1024 * 1024;

/** Routes whose bodies are bounded tighter (or looser) than their type's default. */
const routeBodyLimits: { prefix: string; maxBytes: number }[] = [
  // A favorite flag and up to 5,000 characters of copy.
  { prefix: "/api/outputs", maxBytes: 64 * 1024 },
  // Keyword files of up to 2 MB, and banks of up to 5,000 phrases of 200 characters (as JSON).
  { prefix: "/api/keywords", maxBytes: 2 * 1024 * 1024 + 64 * 1024 },
  { prefix: "/api/listings", maxBytes: 2 * 1024 * 1024 + 64 * 1024 },
  // A catalog upload: 10 MB of file and the multipart around it (the catalog reader answers 413 with the limits past 10 MB).
  { prefix: "/api/jobs", maxBytes: 10 * 1024 * 1024 + 256 * 1024 },
];

/** What a client without a signed session cookie may send anywhere: an auth form or a small JSON body. */
export const anonymousBodyLimit = formBodyLimit;

/** Routes that take larger bodies without a session: Stripe's webhook proves itself by its signature, which is in the body it signs. */
const anonymousBodyLimits: { path: string; maxBytes: number }[] = [{ path: "/api/stripe/webhook", maxBytes: jsonBodyLimit }];

/** The request target's path (an absolute-form target loses its scheme and host, as Express reads it), percent-decoded once. */
function decodedPath(url: string | undefined): string | null {
  const path = (url ?? "/").split(/[?#]/)[0]!.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, "");
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * A request's path as the routers see it: percent-decoded once (%2F and %2E included), backslashes
 * as slashes, doubled slashes as one, dot segments resolved, lower case, no trailing slash (Express and
 * React Router both match case-insensitively and ignore a trailing slash). Null when the encoding is
 * broken. Limits are chosen from this, never from the raw path (issue 30).
 */
export function normalizedPath(url: string | undefined): string | null {
  const path = decodedPath(url);
  if (path === null) return null;
  const segments: string[] = [];
  for (const segment of path.replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join("/")}`;
}

/** Whether a path holds a `.` or `..` segment in any spelling (%2e, %2f or a backslash around it). */
export function hasDotSegment(url: string | undefined): boolean {
  const path = decodedPath(url) ?? "";
  return path.replaceAll("\\", "/").split("/").some((segment) => segment === "." || segment === "..");
}

/**
 * A path no page can be meant by: broken percent-encoding, or dot segments (browsers resolve them
 * before sending, so only a crafted request has them, and each router would resolve them its own
 * way). 400 before anything else, the body included, is read.
 */
export const rejectAmbiguousPath: RequestHandler = (req, res, next) => {
  if (normalizedPath(req.url) !== null && !hasDotSegment(req.url)) return next();
  sendApiError(req, res, "BAD_REQUEST");
};

/** Forms and anything else: 64 KB; JSON: 1 MB; unless a route above says otherwise. Chosen from the normalized path. */
export function bodyLimitFor(req: IncomingMessage): number {
  const path = normalizedPath(req.url) ?? "/";
  const rule = routeBodyLimits.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  if (rule) return rule.maxBytes;
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  return /^application\/([\w.+-]+\+)?json\b/.test(type) ? jsonBodyLimit : formBodyLimit;
}

/**
 * The limit for a request whose Cookie header carries no session we signed: what an anonymous client
 * may make the server hold is small (a sign-in form), so slow 10 MB bodies on many connections hold
 * nothing. Only a signed session cookie (checked before a byte of the body is read) opens the
 * larger limits; the session itself is still read by the route.
 */
export function anonymousLimitFor(req: IncomingMessage, limit: number): number {
  const path = normalizedPath(req.url) ?? "/";
  const allowed = anonymousBodyLimits.find((rule) => rule.path === path)?.maxBytes ?? anonymousBodyLimit;
  return Math.min(limit, allowed);
}

function announcesBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

// Past these, a client still sending a refused body is cut off instead.
const maxDiscardBytes = 128 * 1024 * 1024;
const maxDiscardMs = 30_000;

/**
 * An answer given before the request's body arrived: the rest of the body is read and thrown away
 * (never kept), so the keep-alive socket is ready for the next request as soon as it ends. Closing
 * the socket instead would make the client's pending writes reset the connection before it reads
 * the answer.
 */
function discardRestOfBody(req: IncomingMessage): void {
  let discarded = 0;
  const cutOff = setTimeout(() => req.socket.destroy(), maxDiscardMs);
  cutOff.unref();
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxDiscardBytes) req.socket.destroy();
  });
  req.once("end", () => clearTimeout(cutOff));
  req.once("close", () => clearTimeout(cutOff));
  req.resume();
}

const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body `readBodies` read for this request (empty for GET, HEAD and bodiless requests). */
export function bufferedBody(req: IncomingMessage): Buffer {
  return bodies.get(req) ?? Buffer.alloc(0);
}

/**
 * Reads every request body before any route sees it, counting bytes as they arrive, so a body over
 * its limit is refused with 413 whatever its framing (Content-Length or chunked) and never held
 * whole in memory. Routes then read the buffered copy (`bufferedBody`). Without a signed session
 * cookie the limit is `anonymousBodyLimit` (Stripe's webhook excepted), decided before reading.
 */
export function readBodies({ limitFor = bodyLimitFor, carriesSession }: { limitFor?: (req: IncomingMessage) => number; carriesSession: (req: IncomingMessage) => boolean }): RequestHandler {
  return (req, res, next) => {
    if (!announcesBody(req)) return next();
    const routeLimit = limitFor(req);
    const limit = routeLimit > anonymousBodyLimit && !carriesSession(req) ? anonymousLimitFor(req, routeLimit) : routeLimit;
    const tooLarge = () => sendApiError(req, res, "PAYLOAD_TOO_LARGE", { params: { kb: Math.round(limit / 1024) } });
    if (Number(req.headers["content-length"] ?? 0) > limit) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => req.off("data", onData).off("end", onEnd).off("error", onGone).off("aborted", onGone);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      detach();
      tooLarge();
    };
    const onEnd = () => {
      detach();
      bodies.set(req, Buffer.concat(chunks, size));
      next();
    };
    // The client went away mid-body: nobody is left to answer.
    const onGone = () => {
      detach();
      req.socket.destroy();
    };
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("aborted", onGone);
  };
}

/**
 * An error Node answers itself, before Express sees the request: no headers were parsed, so there is
 * no request id and no language to honour.
 */
function rawJsonAnswer(code: "BAD_REQUEST" | "REQUEST_TIMEOUT" | "HEADERS_TOO_LARGE"): string {
  const { status } = apiErrors[code];
  const text = JSON.stringify(apiErrorBody(code, { locale: "en", requestId: "" }));
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`;
}

/**
 * The HTTP server's 'clientError' listener: a request line or headers over Node's limit get 431
 * with a JSON body from the catalogue (Node's own answer has none); any other unparsable request 400.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    socket.end(rawJsonAnswer("HEADERS_TOO_LARGE"));
  } else if (error.code === "ECONNRESET" || error.code === "EPIPE") {
    socket.destroy();
  } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end(rawJsonAnswer("REQUEST_TIMEOUT"));
  } else {
    socket.end(rawJsonAnswer("BAD_REQUEST"));
  }
}
