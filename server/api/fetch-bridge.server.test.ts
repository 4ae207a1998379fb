// sendJson, the outputs list's way out (docs/decisions/023), through a real HTTP server with the
// compression middleware the app uses: the same headers and body a Fetch Response.json would have sent.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFetchResponse, sendJson } from "./fetch-bridge.server.ts";

const page = { items: Array.from({ length: 30 }, (_, n) => ({ id: `output-${n}`, content: `Copy number ${n} for a bamboo board, «déjà vu» ✓` })), nextCursor: null };

describe("sendJson", () => {
  let baseUrl: string;
  let server: ReturnType<express.Express["listen"]>;

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.all("/json", (_req, res) => sendJson(res, JSON.stringify(page), { "Cache-Control": "no-store" }, ["a=1; Path=/", "b=2; Path=/"]));
    app.all("/fetch", (_req, res) => sendFetchResponse(res, Response.json(page, { headers: { "Cache-Control": "no-store" } })));
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw request, so nothing decodes or drops what the server sent. */
  function get(path: string, method = "GET", headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${baseUrl}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("sends the body, its type and length, the given headers and cookies in one answer", async () => {
    const answer = await get("/json");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual(page);
  });

  it("says what a Fetch Response.json sent through sendFetchResponse says", async () => {
    const [fast, fetched] = await Promise.all([get("/json"), get("/fetch")]);
    expect(fast.body.toString("utf8")).toBe(fetched.body.toString("utf8"));
    expect(fast.headers["content-type"]).toBe(fetched.headers["content-type"]);
    expect(fast.headers["cache-control"]).toBe(fetched.headers["cache-control"]);
  });

  it("is still compressed for a client that accepts gzip", async () => {
    const answer = await get("/json", "GET", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(JSON.parse(gunzipSync(answer.body).toString("utf8"))).toEqual(page);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await get("/json", "HEAD");
    expect(answer.status).toBe(200);
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(page)));
    expect(answer.body.length).toBe(0);
  });
});
