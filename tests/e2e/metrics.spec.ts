// GET /metrics on the built server (node server/main.js, the build named by BUILD_DIR) with the streaming
// AI stub as its provider, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: who may read it (loopback,
// the bearer token, nobody else), and that a generation moves the counters. A Playwright spec rather than
// Vitest because it runs the built server: scripts/test.sh builds after Vitest, right before Playwright.
import { request as httpRequest } from "node:http";
import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { startServerWithStub, type ServerWithStub } from "#tests/support/server-with-stub.ts";

const token = "metrics-token-for-tests-0123456789";
const password = "correct horse battery";
const descriptionInputs = { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives, deep juice grooves", toneOfVoice: "Professional", numberOutputs: "2" };

/** A non-loopback address of this machine (to connect from, so the server sees a remote client). */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a socket of our choosing (fetch cannot pick the local address). */
function get(url: string, { headers = {}, localAddress }: { headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, localAddress }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The samples of Prometheus' text format: name, labels, value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1]!, label[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of a metric's samples whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

for (const kind of ["sqlite", "postgres"] as const) {
  test.describe(`GET /metrics on ${kind}`, () => {
    test.skip(kind === "postgres" && !process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL: the PostgreSQL run gets a database of its own there");
    // One server per database for the group, its tests in order on one worker (the counters add up
    // across them); a failure does not skip the rest.
    test.describe.configure({ mode: "default" });

    let started: ServerWithStub | undefined;
    let server: ServerProcess | undefined;
    let cookie: string;

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      // Every interface, so a client can reach it from a non-loopback address too.
      started = await startServerWithStub({ kind, env: { HOST: "0.0.0.0", METRICS_TOKEN: token }, user: { firstName: "Ada", lastName: "Lovelace", email: `ada-metrics-${kind}@example.com`, password } });
      ({ server, cookie } = started);
    });
    const generate = (body: unknown) =>
      fetch(`${server!.url}/api/generations`, { method: "POST", headers: { "Content-Type": "application/json", cookie }, body: JSON.stringify(body) });

    test.afterAll(async () => started?.stop());

    test("answers a scraper on this machine without a token, in Prometheus' text format", async () => {
      const answer = await get(`${server!.url}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      // The process's own figures, and the database pool (SQLite: its one connection; PostgreSQL: the pool's ten).
      expect(valueOf(answer.body, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
      expect(answer.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(valueOf(answer.body, "sellscribe_db_pool_connections", { state: "max" })).toBe(kind === "sqlite" ? 1 : 10);
      expect(answer.body).toMatch(/^sellscribe_job_queue_depth\{state="queued"\} 0$/m);
    });

    test("refuses a request a proxy forwarded from elsewhere, and takes the bearer token", async () => {
      const forwarded = await get(`${server!.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(forwarded.status).toBe(401);
      const withToken = await get(`${server!.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9", Authorization: `Bearer ${token}` } });
      expect(withToken.status).toBe(200);
      expect(withToken.body).toContain("sellscribe_http_requests_total");
    });

    test("answers a client on another address 401 with the catalogue's body and nothing about the data, unless it has the token", async () => {
      test.skip(!externalAddress, "this machine has no network interface but loopback: there is no other address to come from");
      // The server listens on 0.0.0.0; connecting to, and from, this machine's own non-loopback address.
      const url = `http://${externalAddress}:${server!.port}/metrics`;
      const refused = await get(url, { localAddress: externalAddress });
      expect(refused.status).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      const body = JSON.parse(refused.body) as Record<string, unknown>;
      expect(body).toEqual({ error: "A valid access token is needed to read this address.", code: "UNAUTHORIZED", requestId: expect.any(String) });
      expect(refused.body).not.toMatch(/sellscribe_|process_|nodejs_/);

      const wrongToken = await get(url, { localAddress: externalAddress, headers: { Authorization: `Bearer ${token.slice(0, -1)}x` } });
      expect(wrongToken.status).toBe(401);
      const allowed = await get(url, { localAddress: externalAddress, headers: { Authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toContain("sellscribe_http_request_duration_seconds_bucket");
    });

    test("counts a generation through the streaming stub: requests by route, outcome, first token, tokens and words charged", async () => {
      const before = (await get(`${server!.url}/metrics`)).body;
      const answer = await generate({ templateId: "description", inputs: descriptionInputs, count: 2 });
      const stream = await answer.text();
      expect({ status: answer.status, stream }).toMatchObject({ status: 200, stream: expect.stringContaining("event: done") });
      expect(started!.stub.requests.length).toBeGreaterThan(0);

      const after = (await get(`${server!.url}/metrics`)).body;
      const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
      const model = "llama3.2";
      expect(delta("sellscribe_generations_total", { provider: "openai-compatible", model, template: "description", outcome: "succeeded" })).toBe(1);
      expect(delta("sellscribe_generation_duration_seconds_count", { kind: "template", outcome: "succeeded" })).toBe(1);
      expect(delta("sellscribe_provider_calls_total", { provider: "openai-compatible", model, outcome: "ok" })).toBeGreaterThanOrEqual(1);
      expect(delta("sellscribe_provider_first_token_seconds_count", { provider: "openai-compatible", model })).toBeGreaterThanOrEqual(1);
      expect(delta("sellscribe_provider_tokens_total", { provider: "openai-compatible", model, direction: "output" })).toBeGreaterThan(0);
      expect(delta("sellscribe_provider_tokens_total", { provider: "openai-compatible", model, direction: "input" })).toBeGreaterThan(0);
      expect(delta("sellscribe_words_charged_total", { template: "description" })).toBeGreaterThan(10);
      // The route pattern, never the URL; the streamed answer is timed to its last byte.
      expect(delta("sellscribe_http_requests_total", { method: "POST", route: "/api/generations", status: "200" })).toBe(1);
      expect(delta("sellscribe_http_request_duration_seconds_count", { method: "POST", route: "/api/generations", status: "200" })).toBe(1);
    });

    test("labels pages by their route pattern and unknown paths as unmatched", async () => {
      // Bodies read to the end: a request is counted when its answer is finished.
      const before = (await get(`${server!.url}/metrics`)).body;
      for (const path of ["/listings/0f8e3c5a-aaaa-bbbb-cccc-123456789abc", "/listings/another-id", `/no-such-page-${Date.now()}`, "/healthz", "/api/outputs", "/api/outputs/some-output-id"]) {
        await (await fetch(`${server!.url}${path}`, { redirect: "manual" })).text();
      }
      const text = (await get(`${server!.url}/metrics`)).body;
      const delta = (labels: Record<string, string>) => valueOf(text, "sellscribe_http_requests_total", { method: "GET", ...labels }) - valueOf(before, "sellscribe_http_requests_total", { method: "GET", ...labels });
      expect(delta({ route: "/listings/:id", status: "302" })).toBe(2);
      expect(delta({ route: "unmatched", status: "404" })).toBe(1);
      expect(delta({ route: "/healthz", status: "200" })).toBe(1);
      // Express routers (the outputs API) by their own patterns, under their mount path.
      expect(delta({ route: "/api/outputs", status: "401" })).toBe(1);
      expect(delta({ route: "/api/outputs/:id", status: "401" })).toBe(1);
      expect(text).not.toContain("another-id");
      expect(text).not.toContain("no-such-page");
    });

    test("counts rate-limit refusals by the limit's name, never its key", async () => {
      let refused: Response | undefined;
      // 30 generations a minute per user (the test above used one): the limiter answers before the (empty) body is read.
      for (let i = 0; i < 32 && !refused; i++) {
        const answer = await generate({});
        if (answer.status === 429) refused = answer;
        else await answer.body?.cancel();
      }
      expect(refused?.status).toBe(429);
      // Its body read to the end: the refusal is counted when its answer is finished.
      await refused?.text();
      const text = (await get(`${server!.url}/metrics`)).body;
      expect(valueOf(text, "sellscribe_rate_limit_refusals_total", { limit: "generation" })).toBe(1);
      expect(valueOf(text, "sellscribe_http_requests_total", { method: "POST", route: "/api/generations", status: "429" })).toBe(1);
      expect(text).not.toMatch(/limit="generation:/);
    });
  });
}

test.describe("isLoopbackAddress", () => {
  test("takes 127.0.0.0/8 and ::1 (also IPv4-mapped), nothing else", async () => {
    // Imported here: the server module (and its logger) loads only for this test.
    const { isLoopbackAddress } = await import("#server/observability/http.server.ts");
    for (const address of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [undefined, "", "192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "1127.0.0.1", "127.0.0.1.example"]) expect(isLoopbackAddress(address)).toBe(false);
  });
});
