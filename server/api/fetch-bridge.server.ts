// Between Express and handlers written against the Fetch API (Request in, Response out): React
// Router, Better Auth and the JSON endpoints Express serves directly (docs/decisions/011). Bodies
// were already read and bounded by readBodies (request-guards.server.ts).
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { bufferedBody } from "#server/request-guards.server.ts";

const bodyless = new Set(["GET", "HEAD"]);

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  return headers;
}

/** The request's full URL as a Fetch Request would have it. */
export function requestUrl(req: ExpressRequest): string {
  // req.host honours X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY).
  const host = (req.host || "localhost").split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${host}${req.originalUrl}`;
}

/** The request as a Fetch Request: method, full URL, headers, the buffered body, and a signal that aborts when the client goes away. */
export function toFetchRequest(req: ExpressRequest, res?: ExpressResponse): Request {
  const url = requestUrl(req);
  let signal: AbortSignal | undefined;
  if (res) {
    const controller = new AbortController();
    let finished = false;
    res.on("finish", () => (finished = true));
    res.on("close", () => finished || controller.abort());
    signal = controller.signal;
  }
  const headers = headersOf(req);
  // Better Auth records a session's address from x-client-ip (advanced.ipAddress): the socket's (or the
  // trusted proxy's) address, never a header the client sent.
  headers.set("x-client-ip", req.ip ?? req.socket.remoteAddress ?? "");
  const init: RequestInit = { method: req.method, headers, signal };
  if (!bodyless.has(req.method)) init.body = new Uint8Array(bufferedBody(req));
  return new Request(url, init);
}

/** Sends a Fetch Response through Express as it is produced (streams stay streams), plus Set-Cookie headers from elsewhere. */
export async function sendFetchResponse(res: ExpressResponse, response: Response, setCookies: string[] = []): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.append(name, value);
  const cookies = [...response.headers.getSetCookie(), ...setCookies];
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * Sends JSON text as one write with its length, the way a Fetch Response from Response.json would
 * have been sent, without building one and reading it back as a stream (docs/decisions/023). The
 * text is written as the string it is: Node encodes it into the socket's buffer, with no copy first.
 */
export function sendJson(res: ExpressResponse, json: string, headers: Readonly<Record<string, string>>, setCookies: string[] = []): void {
  if (res.destroyed || res.writableEnded) return;
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(json, "utf8"));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (setCookies.length) res.setHeader("Set-Cookie", setCookies);
  res.end(json, "utf8");
}
