// Lighthouse (mobile preset, the default config) on public pages, in Debian's Chromium.
// On its own: node bench/lighthouse.ts [--runs=3] [--url=http://127.0.0.1:3000] [/ /pricing] (median of the runs;
// without --url it starts the build in BUILD_DIR).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseFigures {
  path: string;
  scores: Record<string, number>;
  scriptBytesGzip: number;
  /** Compressed bytes of stylesheets, for diagnosis. */
  styleBytes: number;
  /** Core metrics in milliseconds (CLS unitless), for diagnosis. */
  metrics: Record<string, number>;
}

// Issue 20: 100 in every category, and at most 100 KB of script, which rules out hydrating with React
// (React, React DOM and React Router alone are ~106 KB); see docs/decisions/022.
const targets = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const scriptBudgetBytes = 100 * 1024;
const metricIds = { FCP: "first-contentful-paint", LCP: "largest-contentful-paint", TBT: "total-blocking-time", SI: "speed-index", CLS: "cumulative-layout-shift" } as const;

/** Each page is audited `runs` times and the median run (by performance score) is reported: these machines are shared and noisy. */
export async function runLighthouse(baseUrl: string, paths: string[], chromePath: string, runs = 3): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const figures: LighthouseFigures[] = [];
  try {
    for (const path of paths) {
      // A few requests first, so the first sample does not measure a cold server (module loading, JIT).
      for (let i = 0; i < 3; i++) await fetch(`${baseUrl}${path}`).then((response) => response.arrayBuffer());
      const samples: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run++) samples.push(await auditOnce(baseUrl, path, chrome.port));
      figures.push(median(samples));
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}

async function auditOnce(baseUrl: string, path: string, port: number, attempt = 1): Promise<LighthouseFigures> {
  const result = await lighthouse(`${baseUrl}${path}`, { port, logLevel: "error", output: "json" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: run again.
  if (lhr.runtimeError && attempt < 3) {
    console.warn(`${path}: ${lhr.runtimeError.code}, running again`);
    return auditOnce(baseUrl, path, port, attempt + 1);
  }
  if (process.env.LIGHTHOUSE_SAVE_DIR) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${process.env.LIGHTHOUSE_SAVE_DIR}/lhr${path.replaceAll("/", "_")}-${Date.now()}.json`, JSON.stringify(lhr));
  }
  const scores: Record<string, number> = {};
  for (const [id, category] of Object.entries(lhr.categories)) scores[id] = Math.round((category.score ?? 0) * 100);
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const bytesOf = (type: string) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const metrics: Record<string, number> = {};
  for (const [name, id] of Object.entries(metricIds)) metrics[name] = lhr.audits[id]?.numericValue ?? Number.NaN;
  return { path, scores, scriptBytesGzip: bytesOf("Script"), styleBytes: bytesOf("Stylesheet"), metrics };
}

/** The run with the median performance score (its other figures come with it, so they belong together). */
function median(samples: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...samples].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
  if (samples.length > 1) console.log(`${middle.path}: performance over ${samples.length} runs ${samples.map((s) => s.scores.performance).join(", ")} (median shown)`);
  return middle;
}

export function printLighthouse(figures: LighthouseFigures[]): void {
  console.log("\nLighthouse (mobile preset)");
  console.log("page        perf  a11y  best  seo   JS shipped (gzip)");
  for (const { path, scores, scriptBytesGzip } of figures) {
    const cell = (id: keyof typeof targets) => `${String(scores[id] ?? "-").padStart(3)}${(scores[id] ?? 0) >= targets[id] ? " " : "!"}`;
    console.log(
      `${path.padEnd(10)}  ${cell("performance")}  ${cell("accessibility")}  ${cell("best-practices")}  ${cell("seo")}  ${(scriptBytesGzip / 1024).toFixed(1)} KB${scriptBytesGzip > scriptBudgetBytes ? "!" : " "} (${((scriptBytesGzip / scriptBudgetBytes) * 100).toFixed(0)}% of the ${scriptBudgetBytes / 1024} KB budget)`,
    );
  }
  for (const { path, styleBytes, metrics } of figures) {
    const shown = Object.entries(metrics).map(([name, value]) => `${name} ${name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`}`);
    console.log(`${path.padEnd(10)}  ${shown.join(", ")}, CSS ${(styleBytes / 1024).toFixed(1)} KB`);
  }
  console.log(`targets: performance ${targets.performance}, accessibility ${targets.accessibility}, best practices ${targets["best-practices"]}, SEO ${targets.seo}, JS <= ${scriptBudgetBytes / 1024} KB gzip ('!' marks a miss)`);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(option("runs") ?? 3);
  const paths = args.filter((a) => a.startsWith("/"));
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  // --url=http://host:port measures a server that is already running; otherwise the build in BUILD_DIR is started.
  const url = option("url");
  const { startServer } = await import("#tests/support/server-process.ts");
  const server = url ? undefined : await startServer(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {});
  try {
    console.log(`Lighthouse against ${url ?? `${server!.url} (build: ${process.env.BUILD_DIR ?? "build"})`}, ${runs} run(s) per page`);
    printLighthouse(await runLighthouse(url ?? server!.url, paths.length ? paths : ["/", "/pricing"], chromePath, runs));
  } finally {
    await server?.stop();
  }
}
