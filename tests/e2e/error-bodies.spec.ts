// Every JSON endpoint's refusals over real HTTP: the status from the error catalogue (app/lib/errors.ts)
// and a body of exactly {error, code, requestId, fieldErrors?}, whichever layer answers (Node's parser,
// Express guards, the outputs router, React Router resource routes).
import net from "node:net";
import { expect, test } from "#tests/support/fixtures.ts";
import { endTrialOf } from "#tests/support/e2e-db.ts";

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

function call(path: string, { method = "GET", cookie, body, headers = {} }: { method?: string; cookie?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  return fetch(`${baseURL}${path}`, { method, body, redirect: "manual", headers: { ...(cookie ? { cookie } : {}), ...headers } });
}
const json = (value: unknown) => ({ body: typeof value === "string" ? value : JSON.stringify(value), headers: { "content-type": "application/json" } });

/** The answer is a catalogue error: this status and code, no other fields, the request's own id, and field messages only when expected. */
async function expectApiError(response: Response, status: number, code: string, fieldErrors?: string[]) {
  const where = `${response.url} → ${code}`;
  expect(response.status, where).toBe(status);
  expect(response.headers.get("content-type"), where).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control"), where).toMatch(/^(private, )?no-store$/);
  const body = (await response.json()) as Record<string, unknown>;
  const expected: Record<string, unknown> = { error: expect.stringMatching(/\S/), code, requestId: response.headers.get("x-request-id") };
  if (fieldErrors) expected.fieldErrors = Object.fromEntries(fieldErrors.map((field) => [field, expect.stringMatching(/\S/)]));
  expect(body, where).toEqual(expected);
  return body as { error: string; fieldErrors?: Record<string, string> };
}

/** A raw request Node refuses before Express sees it; resolves with what came back. */
function raw(request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(process.env.E2E_PORT), "127.0.0.1");
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("utf8")));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(text));
    socket.on("connect", () => socket.write(request));
    setTimeout(() => socket.destroy(), 8000).unref();
  });
}

test.describe("every JSON error has one shape", () => {
  test("POST /api/generations", async ({ login }) => {
    await expectApiError(await call("/api/generations", { method: "POST", ...json({ templateId: "description", inputs: {} }) }), 401, "SIGNED_OUT");
    const get = await call("/api/generations");
    await expectApiError(get, 405, "METHOD_NOT_ALLOWED");
    expect(get.headers.get("allow")).toBe("POST");
    await expectApiError(await call("/api/generations", { method: "POST", ...json("{}"), headers: { ...json("").headers, origin: "https://evil.example" } }), 403, "CROSS_SITE_REQUEST");
    await expectApiError(await call("/api/generations", { method: "POST", ...json({ templateId: "description", inputs: { productName: "x".repeat(1_100_000) } }) }), 413, "PAYLOAD_TOO_LARGE");

    const { email, cookie } = await login();
    const put = await call("/api/generations", { method: "PUT", cookie, ...json({}) });
    await expectApiError(put, 405, "METHOD_NOT_ALLOWED");
    expect(put.headers.get("allow")).toBe("POST");
    await expectApiError(await call("/api/generations", { method: "POST", cookie, ...json("{not json") }), 400, "BAD_REQUEST");
    await expectApiError(await call("/api/generations", { method: "POST", cookie, ...json({ inputs: {} }) }), 400, "BAD_REQUEST");
    // A page's slug is not a template id.
    const slug = await expectApiError(await call("/api/generations", { method: "POST", cookie, ...json({ templateId: "descriptionGenerator", inputs: {} }) }), 400, "UNKNOWN_TEMPLATE", ["templateId"]);
    expect(slug.error).toBe(slug.fieldErrors!.templateId);
    await expectApiError(await call("/api/generations", { method: "POST", cookie, ...json({ templateId: "description", inputs: { productName: "" } }) }), 400, "INVALID_INPUTS", ["productName", "keyBenefitsFeatures", "toneOfVoice"]);

    endTrialOf(email);
    const refused = await expectApiError(await call("/api/generations", { method: "POST", cookie, ...json({ templateId: "description", inputs: { productName: "Board", keyBenefitsFeatures: "Sturdy", toneOfVoice: "Professional", numberOutputs: "1" } }) }), 402, "NO_CREDITS");
    expect(refused.error).toMatch(/^Your free trial ended on /);

    // 30 a minute per user: the 31st (even a bad one) is refused with Retry-After.
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await call("/api/generations", { method: "POST", cookie, ...json("{") });
    await expectApiError(last!, 429, "RATE_LIMITED");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("the outputs API", async ({ login }) => {
    await expectApiError(await call("/api/outputs"), 401, "SIGNED_OUT");
    await expectApiError(await call("/api/outputs/some-id", { method: "PATCH", ...json({ favorite: true }) }), 401, "SIGNED_OUT");
    const { cookie } = await login();
    const put = await call("/api/outputs", { method: "PUT", cookie });
    await expectApiError(put, 405, "METHOD_NOT_ALLOWED");
    expect(put.headers.get("allow")).toBe("GET, HEAD");
    await expectApiError(await call("/api/outputs/some-id/restore", { cookie }), 405, "METHOD_NOT_ALLOWED");
    await expectApiError(await call("/api/outputs?limit=zero&favorite=maybe", { cookie }), 400, "INVALID_QUERY", ["limit", "favorite"]);
    await expectApiError(await call("/api/outputs?cursor=not-a-cursor", { cookie }), 400, "INVALID_CURSOR", ["cursor"]);
    await expectApiError(await call("/api/outputs/no-such-output", { cookie }), 404, "NOT_FOUND");
    await expectApiError(await call("/api/outputs/no-such-output/restore", { method: "POST", cookie }), 404, "NOT_FOUND");
    await expectApiError(await call("/api/outputs/no-such-output", { method: "PATCH", cookie, ...json("{") }), 400, "BAD_REQUEST");
    await expectApiError(await call("/api/outputs/no-such-output", { method: "PATCH", cookie, ...json({}) }), 400, "INVALID_CHANGES");
    await expectApiError(await call("/api/outputs/no-such-output", { method: "PATCH", cookie, ...json({ content: " " }) }), 400, "INVALID_CONTENT", ["content"]);
    await expectApiError(await call("/api/outputs/no-such-output", { method: "PATCH", cookie, ...json({ content: "x".repeat(70_000) }) }), 413, "PAYLOAD_TOO_LARGE");
    await expectApiError(await call("/api/outputs/no-such-output", { method: "DELETE", cookie, headers: { origin: "https://evil.example" } }), 403, "CROSS_SITE_REQUEST");
  });

  test("the Stripe webhook", async () => {
    const get = await call("/api/stripe/webhook");
    await expectApiError(get, 405, "METHOD_NOT_ALLOWED");
    expect(get.headers.get("allow")).toBe("POST");
    // This server has no Stripe keys.
    await expectApiError(await call("/api/stripe/webhook", { method: "POST", ...json({ id: "evt_1" }) }), 404, "PAYMENTS_NOT_CONFIGURED");
  });

  test("resource routes, Better Auth's closed endpoints and the platform guards", async ({ login }) => {
    const { cookie } = await login();
    await expectApiError(await call("/billing/start?plan=gold"), 400, "UNKNOWN_PLAN");
    await expectApiError(await call("/billing/start", { method: "POST", body: new URLSearchParams({ plan: "pro" }) }), 405, "METHOD_NOT_ALLOWED");
    await expectApiError(await call("/set-language", { method: "POST", ...json({ locale: "es" }) }), 400, "BAD_REQUEST");
    await expectApiError(await call("/api/auth/sign-in/email", { method: "POST", ...json({ email: "a@example.com", password: "whatever1" }) }), 404, "NOT_FOUND");
    await expectApiError(await call("/dashboard", { method: "PROPFIND" }), 405, "METHOD_NOT_ALLOWED");
    await expectApiError(await call("/sign-in", { method: "POST", body: Buffer.alloc(100 * 1024, 97), headers: { "content-type": "application/x-www-form-urlencoded" } }), 413, "PAYLOAD_TOO_LARGE");
    await expectApiError(await call("/pricing/%ZZ"), 400, "BAD_REQUEST");
    // The history download refuses a bad format or filter with field messages.
    await expectApiError(await call("/history/export?format=pdf", { cookie }), 400, "INVALID_QUERY", ["format"]);
    await expectApiError(await call("/history/export?format=pdf&favorite=maybe", { cookie }), 400, "INVALID_QUERY", ["favorite", "format"]);
    // In the client's language.
    const spanish = await expectApiError(await call("/api/outputs", { headers: { "accept-language": "es" } }), 401, "SIGNED_OUT");
    expect(spanish.error).toBe("Inicia sesión para continuar.");
  });

  test("Better Auth's own rate limit on its OAuth callbacks answers from the catalogue with Retry-After", async () => {
    // Better Auth allows 100 requests per 10 s per address and path; a provider id no test uses keeps this apart.
    const path = `/api/auth/callback/limit-${Date.now().toString(36)}?code=x&state=y`;
    let last: Response | undefined;
    for (let i = 0; i < 101; i++) {
      last = await call(path);
      if (last.status === 429) break;
      await last.body?.cancel();
    }
    const body = await expectApiError(last!, 429, "RATE_LIMITED");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.error).toMatch(/Try again in \d+ seconds?\./);
  });

  test("answers Node gives before any route: 431 and 400, with the same shape", async () => {
    for (const [request, status, code] of [
      [`GET /pricing HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${"a".repeat(40_000)}\r\n\r\n`, 431, "HEADERS_TOO_LARGE"],
      ["NOT A REQUEST\r\n\r\n", 400, "BAD_REQUEST"],
    ] as const) {
      const text = await raw(request);
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(text).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
      expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toEqual({ error: expect.stringMatching(/\S/), code, requestId: "" });
    }
  });
});
