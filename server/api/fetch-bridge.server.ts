// Between Express and handlers written against the Fetch API (Request in, Response out), for the
// JSON endpoints that Express serves without React Router (see docs/decisions/011).
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

const bodyless = new Set(["GET", "HEAD"]);

/** A body over the size limit: answer 413. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly maxBytes: number) {
    super(`The request is too large (at most ${Math.round(maxBytes / 1024)} KB).`);
  }
}

/** The client went away before its request body arrived: there is nobody to answer. */
export class ClientGoneError extends Error {}

/** The whole body, refused past `maxBytes` even when no Content-Length announced it (chunked uploads). */
async function readBody(req: ExpressRequest, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    throw new ClientGoneError("the client closed the connection while sending its request", { cause: error });
  }
  return Buffer.concat(chunks);
}

/** The request as a Fetch Request: method, full URL, headers and, when there is one, the body (at most `maxBytes`). */
export async function toFetchRequest(req: ExpressRequest, maxBytes: number): Promise<Request> {
  const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  if (bodyless.has(req.method)) return new Request(url, { method: req.method, headers });
  return new Request(url, { method: req.method, headers, body: new Uint8Array(await readBody(req, maxBytes)) });
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
