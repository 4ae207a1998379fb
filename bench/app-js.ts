// The JavaScript a signed-in seller downloads for the generator and the listing builder, in Debian's Chromium.
// On its own: node bench/app-js.ts [--url=http://127.0.0.1:3000 --data-dir=…] (without --url it starts the build in BUILD_DIR).
import { gzipSync } from "node:zlib";
import { chromium, type Page, type Response } from "@playwright/test";
import { signInOn } from "#tests/support/users.ts";

export interface AppJsFigures {
  page: string;
  /** Gzip bytes of every script a fresh load of the page fetches (nothing cached). */
  loadBytesGzip: number;
  scripts: number;
  /** Gzip bytes the page adds when reached from the dashboard by a client-side navigation. */
  fromDashboardBytesGzip: number;
  /** Of the fresh load, the language catalogs' files (/i18n/…): text, not code, kept by the browser for a year
   * (until 2026-11 they were inside every page's HTML; docs/decisions/043). Not in the code budget. */
  catalogBytesGzip: number;
}

// Set from what the pages downloaded when this was written (docs/decisions/022): 300-304 KB on a fresh load
// (React, Mantine and the app shell are most of it) and 45-54 KB more when reached from the dashboard.
// About 10% and 20% of room: a new dependency or a shared chunk gone wrong shows here first.
const budgets = { load: 330 * 1024, fromDashboard: 65 * 1024 } as const;

/** The scripts a page fetched (by URL) and their bodies, gzipped here as the server compresses them (level 6). */
async function collectScripts(page: Page, action: () => Promise<unknown>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script" || sizes.has(response.url())) return;
    sizes.set(response.url(), 0);
    pending.push(
      response
        .body()
        .then((body) => void sizes.set(response.url(), gzipSync(body, { level: 6 }).length))
        .catch(() => undefined),
    );
  };
  page.on("response", onResponse);
  try {
    await action();
    await page.waitForLoadState("networkidle");
    // Lazy chunks (the toasts' host) start once hydration ends, which on a busy machine can be after the
    // network first went quiet: wait until a whole second passes without a new script.
    for (let seen = -1; seen !== sizes.size; ) {
      seen = sizes.size;
      await page.waitForTimeout(1000);
    }
    await Promise.all(pending);
  } finally {
    page.off("response", onResponse);
  }
  return sizes;
}

const isCatalogFile = (url: string) => new URL(url).pathname.startsWith("/i18n/");
const total = (sizes: Map<string, number>, keep: (url: string) => boolean = (url) => !isCatalogFile(url)) => [...sizes].reduce((sum, [url, size]) => sum + (keep(url) ? size : 0), 0);

export async function runAppJsBench(server: { url: string; dataDir: string }, chromePath: string): Promise<AppJsFigures[]> {
  const { cookie } = await signInOn(server, { firstName: "Bench", lastName: "Scripts", email: `bench-scripts-${Date.now()}@example.com`, password: "bench-password-2026" });
  const created = await fetch(`${server.url}/api/listings`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify({ facts: { brand: "Acme", productName: "Bamboo Cutting Board Set", keyFeatures: "Three sizes, juice grooves" } }),
  });
  if (created.status !== 201) throw new Error(`creating a listing answered ${created.status}: ${(await created.text()).slice(0, 200)}`);
  const { listing } = (await created.json()) as { listing: { id: string } };
  const pages = [
    { page: "generator", path: "/templates/descriptionGenerator" },
    { page: "listing builder", path: `/listings/${listing.id}` },
  ];

  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
  const figures: AppJsFigures[] = [];
  try {
    for (const { page: name, path } of pages) {
      // A new context each time: an empty cache, and only the session cookie.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(sessionCookies(cookie, server.url));
      const page = await context.newPage();
      const load = await collectScripts(page, () => page.goto(`${server.url}${path}`));
      if (!page.url().endsWith(path)) throw new Error(`${path} redirected to ${page.url()}: not signed in?`);

      // Then the same page reached from the dashboard, as a seller usually gets there: only what it adds.
      const second = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await second.addCookies(sessionCookies(cookie, server.url));
      const tab = await second.newPage();
      const dashboard = await collectScripts(tab, () => tab.goto(`${server.url}/dashboard`));
      const added = await collectScripts(tab, () => clientNavigate(tab, path));
      for (const url of dashboard.keys()) added.delete(url);
      await second.close();
      await context.close();
      const code = [...load.keys()].filter((url) => !isCatalogFile(url));
      figures.push({ page: name, loadBytesGzip: total(load), scripts: code.length, fromDashboardBytesGzip: total(added), catalogBytesGzip: total(load, isCatalogFile) });
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/** The Cookie request header signInOn returns, as Playwright's cookies for `url`. */
function sessionCookies(cookie: string, url: string) {
  return cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url }));
}

/** A client-side navigation, as a link of the signed-in shell makes (React Router's router, which the hydrated page exposes). */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(to), path);
  await page.waitForURL((url) => url.pathname === path);
}

export function printAppJs(figures: AppJsFigures[]): void {
  console.log("\nSigned-in pages: JavaScript (gzip)");
  console.log("page              fresh load                       from the dashboard");
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const { page, loadBytesGzip, scripts, fromDashboardBytesGzip, catalogBytesGzip } of figures) {
    const mark = (bytes: number, budget: number) => (bytes <= budget ? " " : "!");
    console.log(
      `${page.padEnd(16)}  ${kb(loadBytesGzip).padStart(9)}${mark(loadBytesGzip, budgets.load)} in ${String(scripts).padStart(2)} files (${((loadBytesGzip / budgets.load) * 100).toFixed(0)}% of ${kb(budgets.load)})   ${kb(fromDashboardBytesGzip).padStart(9)}${mark(fromDashboardBytesGzip, budgets.fromDashboard)} (${((fromDashboardBytesGzip / budgets.fromDashboard) * 100).toFixed(0)}% of ${kb(budgets.fromDashboard)})` +
        `; language catalogs ${kb(catalogBytesGzip)} more on a fresh load`,
    );
  }
  console.log(`targets: a fresh load <= ${kb(budgets.load)}, from the dashboard <= ${kb(budgets.fromDashboard)} ('!' marks a miss); code only: the catalogs are text the browser keeps for a year`);
}

if (import.meta.main) {
  // The in-process sign-up's logger (its verification mail) stays quiet, as the server's does.
  process.env.LOG_LEVEL ??= "warn";
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const { startServer } = await import("#tests/support/server-process.ts");
  const server = await startServer(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {});
  try {
    console.log(`Signed-in page scripts against ${server.url} (build: ${process.env.BUILD_DIR ?? "build"})`);
    printAppJs(await runAppJsBench(server, chromePath));
  } finally {
    await server.stop();
  }
}
