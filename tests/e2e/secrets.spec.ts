// The AI key stays on the server: not in the browser bundle, not in any page, its data or an API answer.
// playwright.config.ts gives the app a fresh fake key (E2E_AI_API_KEY) and the AI stub insists on it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { testPassword, uniqueEmail } from "#tests/support/e2e.ts";

const key = process.env.E2E_AI_API_KEY!;
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Pages reachable by links from the start pages (same site, no sign-out, no API). */
async function crawl(request: APIRequestContext, starts: string[], limit = 80): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = [...starts];
  while (queue.length > 0 && pages.size < limit) {
    const pathname = queue.shift()!;
    if (pages.has(pathname)) continue;
    const response = await request.get(pathname, { maxRedirects: 0 });
    const body = await response.text();
    pages.set(pathname, body);
    for (const [, href] of body.matchAll(/href="(\/[^"#?]*)[^"]*"/g)) {
      if (!href || href.startsWith("//") || /^\/(?:api|assets|sign-out|auth)\b/.test(href) || /\.\w+$/.test(href)) continue;
      if (!pages.has(href) && !queue.includes(href)) queue.push(href);
    }
  }
  return pages;
}

test.describe("the AI provider key", () => {
  test("is configured (the stub accepts only it) yet absent from the browser bundle", () => {
    expect(key).toMatch(/^sk-test-e2e-/);
    const files = filesUnder(clientDir);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, "latin1");
      expect(text.includes(key), `${file} contains the AI key`).toBe(false);
      // Server-only AI code must never be bundled for the browser.
      for (const marker of ["AI_API_KEY", "api.anthropic.com", "api.openai.com/v1"]) expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });

  test("appears in no page, no page data and no generation answer", async ({ request, baseURL }) => {
    const signedOut = await crawl(request, ["/", "/pricing", "/about", "/sign-in", "/sign-up", "/forgot-password"]);
    const email = uniqueEmail("keyscan");
    const signUp = await request.post("/sign-up", {
      form: { email, password: testPassword, firstName: "Key", lastName: "Scan" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(signUp.status()).toBe(302);
    const signedIn = await crawl(request, ["/dashboard", "/templates"]);
    expect(signedIn.size).toBeGreaterThan(3);

    for (const [pathname, html] of [...signedOut, ...signedIn]) {
      expect(html.includes(key), `${pathname} contains the AI key`).toBe(false);
      const data = await request.get(pathname === "/" ? "/_root.data" : `${pathname}.data`, { maxRedirects: 0 });
      expect((await data.text()).includes(key), `${pathname}.data contains the AI key`).toBe(false);
    }

    // A real generation through the stub (which refuses any other key), then a refused one.
    const generation = await request.post("/api/generations", {
      data: { templateId: "description", inputs: { productName: "Key Scan Mug", keyBenefitsFeatures: "Keeps coffee hot", toneOfVoice: "Casual", numberOutputs: "2" } },
      headers: { origin: baseURL! },
    });
    expect(generation.headers()["content-type"]).toMatch(/^text\/event-stream/);
    const stream = await generation.text();
    expect(stream).toContain("event: done");
    expect(stream.includes(key)).toBe(false);
    const refused = await request.post("/api/generations", { data: { templateId: "description", inputs: {} }, headers: { origin: baseURL! } });
    expect(refused.status()).toBe(400);
    expect((await refused.text()).includes(key)).toBe(false);
  });
});
