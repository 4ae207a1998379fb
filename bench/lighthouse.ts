// Lighthouse (mobile preset, the default config) on public pages, in Debian's Chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseFigures {
  path: string;
  scores: Record<string, number>;
  scriptBytesGzip: number;
}

const targets = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 } as const;
const scriptBudgetBytes = 150 * 1024;

export async function runLighthouse(baseUrl: string, paths: string[], chromePath: string): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const figures: LighthouseFigures[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, logLevel: "error", output: "json" });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      const scores: Record<string, number> = {};
      for (const [id, category] of Object.entries(lhr.categories)) scores[id] = Math.round((category.score ?? 0) * 100);
      const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const scriptBytesGzip = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      figures.push({ path, scores, scriptBytesGzip });
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}

export function printLighthouse(figures: LighthouseFigures[]): void {
  console.log("\nLighthouse (mobile preset)");
  console.log("page        perf  a11y  best  seo   JS shipped (gzip)");
  for (const { path, scores, scriptBytesGzip } of figures) {
    const cell = (id: keyof typeof targets) => `${String(scores[id] ?? "-").padStart(3)}${(scores[id] ?? 0) >= targets[id] ? " " : "!"}`;
    console.log(
      `${path.padEnd(10)}  ${cell("performance")}  ${cell("accessibility")}  ${cell("best-practices")}  ${cell("seo")}  ${(scriptBytesGzip / 1024).toFixed(1)} KB (${((scriptBytesGzip / scriptBudgetBytes) * 100).toFixed(0)}% of the 150 KB budget)`,
    );
  }
  console.log(`targets: performance >= ${targets.performance}, accessibility ${targets.accessibility}, best practices >= ${targets["best-practices"]}, SEO ${targets.seo}, JS <= 150 KB gzip ('!' marks a miss)`);
}
