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

/** Forms and anything else: 64 KB; JSON: 1 MB; unless a route above says otherwise. */
export function bodyLimitFor(req: IncomingMessage): number {
  const path = (req.url ?? "/").split("?")[0]!;
  const rule = routeBodyLimits.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  if (rule) return rule.maxBytes;
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  return /^application\/([\w.+-]+\+)?json\b/.test(type) ? jsonBodyLimit : formBodyLimit;
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
 * whole in memory. Routes then read the buffered copy (`bufferedBody`).
 */
export function readBodies(limitFor: (req: IncomingMessage) => number = bodyLimitFor): RequestHandler {
  return (req, res, next) => {
    if (!announcesBody(req)) return next();
    const limit = limitFor(req);
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
