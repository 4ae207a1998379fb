// Between Express and handlers written against the Fetch API (Request in, Response out), for the
// JSON endpoints that Express serves without React Router (see docs/decisions/011).
import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

const bodyless = new Set(["GET", "HEAD"]);

/** The request as a Fetch Request: method, full URL, headers and, when there is one, the body as a stream. */
export function toFetchRequest(req: ExpressRequest): Request {
  const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  if (bodyless.has(req.method)) return new Request(url, { method: req.method, headers });
  return new Request(url, { method: req.method, headers, body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } as RequestInit);
}

/** Sends a Fetch Response (status, headers, body) through Express, plus Set-Cookie headers from elsewhere. */
export async function sendFetchResponse(res: ExpressResponse, response: Response, setCookies: string[] = []): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...setCookies];
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}
