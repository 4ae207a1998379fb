import { expect, test } from "@playwright/test";

test.describe("HTTP", () => {
  test("health endpoints answer JSON", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "sqlite" });
  });

  test("pages are server-rendered with security headers and a nonce-only script policy", async ({ request }) => {
    const response = await request.get("/pricing");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"]).toBeUndefined();
    const html = await response.text();
    expect(html).toContain("Simple plans that grow with your catalog");
    // Every inline script carries this response's nonce.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // A second response gets a different nonce.
    const again = await request.get("/pricing");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });

  test("hashed assets are compressed and cached for good", async ({ request }) => {
    // React's chunk (vite.config.ts) on a hydrated page: files under 1 KB, such as the public pages' one
    // script (docs/decisions/022), are sent uncompressed.
    const html = await (await request.get("/sign-in")).text();
    const asset = /\/assets\/react-[\w-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("unknown routes are 404 and malformed addresses are 400, never 500", async ({ request }) => {
    expect((await request.get("/definitely/not/here")).status()).toBe(404);
    const malformed = await request.get("/%E0%A4%A");
    expect(malformed.status()).toBe(400);
    expect((await request.get("/pricing/%ZZ")).status()).toBe(400);
  });

  test("the language switch only redirects to this site", async ({ request }) => {
    const response = await request.post("/set-language", {
      form: { locale: "es", redirectTo: "//evil.example.com/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
    expect(response.headers()["set-cookie"]).toContain("lang=es");
  });

  test("state-changing requests from another site are refused", async ({ request }) => {
    const response = await request.post("/sign-in", { form: { email: "a@example.com", password: "whatever1" }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    const fetchSite = await request.post("/sign-out", { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
    expect(fetchSite.status()).toBe(403);
  });

  test("a 10 MB body is refused with 413 and malformed form data with 400", async ({ request }) => {
    const huge = await request.post("/sign-in", { data: Buffer.alloc(10 * 1024 * 1024, 97), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const malformed = await request.post("/sign-in", { data: "--broken\r\n", headers: { "Content-Type": "multipart/form-data; boundary=nothing" }, maxRedirects: 0 });
    expect(malformed.status()).toBe(400);
  });

  test("an unknown or tampered session cookie reads as signed out", async ({ request }) => {
    const response = await request.get("/dashboard", { headers: { Cookie: "better-auth.session_token=forged.c2lnbmF0dXJl" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/sign-in?redirectTo=%2Fdashboard");
  });

  test("the dev outbox does not exist in production when SMTP is configured", async ({ request }) => {
    expect((await request.get("/dev/outbox")).status()).toBe(404);
  });
});
