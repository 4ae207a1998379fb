// The catalog audit at 10,000 listings on SQLite (issue 33 item 7):
//  (a) auditListings over the whole catalog in this process: total and per listing, target <= 10 s (<= 1 ms each);
//  (b) the audit page's first page (GET /catalog, signed in, the document with totals, chart and 25 rows) from
//      the built server: p50/p99 of sequential requests, target p99 <= 100 ms; and listCatalogPage alone.
// Run on its own: node bench/catalog.ts (needs the build: npm run build).
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { auditListings, recordCatalogHealth } from "#app/features/catalog/audit.server.ts";
import { catalogTotals, listCatalogPage } from "#app/features/catalog/catalog.server.ts";
import { catalogFilterSchema } from "#app/features/catalog/types.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { createTestDb } from "#tests/support/test-db.ts";
import { startServer } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";

const listings = 10_000;
const targets = { auditSeconds: 10, auditMsEach: 1, pageP99Ms: 100 };
// 200 sequential requests: with 60, the "p99" was the worst single request (index 59 of 60), so one collection
// pause decided it; 200 give a p99 (the 2nd worst), and the worst is printed beside it.
const requests = 200;

const nouns = ["Cutting Board", "Water Bottle", "Yoga Mat", "Desk Lamp", "Backpack", "Kettle", "Blender", "Wallet", "Tent", "Mug"];
const bullets = [
  "Three sizes for every job: small for fruit, medium for bread and large for carving, so the right board is always at hand.",
  "Deep juice groove: catches juices from roasts and ripe tomatoes, so the counter stays dry while you slice.",
  "Solid bamboo: dense, hard-wearing bamboo that is kind to knife edges and does not soak up smells.",
  "Easy to care for: rinse with warm soapy water, dry upright and oil now and then to keep the grain smooth.",
];

/** A catalog like an imported one: most titles under 75 characters, one in four over, some promotional words, Amazon issues on one in ten, a keyword bank on one in five. */
function listingCopy(n: number) {
  const noun = nouns[n % nouns.length]!;
  const title = n % 4 === 0 ? `Acme ${noun} Model ${n}, Premium Quality Design for Home, Office, Travel and Everyday Use` : `Acme ${noun} Model ${n}, Durable and Easy to Clean`;
  return {
    title,
    itemHighlights: n % 3 === 0 ? "" : "Durable, easy to clean, fits in a drawer",
    bullets: n % 7 === 0 ? bullets.slice(0, 2) : bullets,
    description: `The Acme ${noun} is made for daily use. ${n % 5 === 0 ? "Best seller, buy now!" : "It is sturdy and light."}`,
    searchTerms: n % 6 === 0 ? "" : `${noun.toLowerCase()} kitchen home gift sturdy`,
  };
}

export interface CatalogBenchFigures {
  seedSeconds: number;
  auditSeconds: number;
  page: { p50: number; p99: number; max: number; bytes: number };
  query: { p50: number; p99: number };
  totals: { p50: number; p99: number };
  /** The loader's data alone (/catalog.data): the page less its rendering. */
  data: { p50: number; p99: number };
  baseline: { p50: number; p99: number };
}

function percentiles(samples: number[]): { p50: number; p99: number; max: number } {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;
  return { p50: at(0.5), p99: at(0.99), max: samples.at(-1)! };
}

export async function runCatalogBench(): Promise<CatalogBenchFigures> {
  const testDb = await createTestDb("sqlite");
  const server = await startServer({ DATABASE_URL: testDb.url });
  try {
    const email = `bench-catalog-${Date.now()}@example.com`;
    const { id, cookie } = await signInOn({ ...server, databaseUrl: testDb.url }, { firstName: "Bench", lastName: "Seller", email, password: "bench-password-2026" });
    const db = testDb.db;
    const { workspaceId } = await getActiveMembership({ db, user: { id, name: "Bench Seller", email } });
    const seedStarted = performance.now();
    const start = Date.now() - listings * 60_000;
    await db.transaction().execute(async (trx) => {
      for (let from = 0; from < listings; from += 500) {
        const rows = [];
        for (let n = from; n < Math.min(listings, from + 500); n++) {
          const at = new Date(start + n * 60_000).toISOString();
          const copy = listingCopy(n);
          rows.push({
            id: randomUUID(),
            workspaceId,
            createdBy: id,
            marketplace: n % 3 === 0 ? "amazon.co.uk" : "amazon.com",
            ruleSetId: "amazon-2026-07",
            facts: JSON.stringify({ brand: "Acme", productName: `${nouns[n % nouns.length]} ${n}`, productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" }),
            copy: JSON.stringify(copy),
            passed: 0,
            version: n % 8 === 0 ? 2 : 1,
            searchText: copy.title.toLowerCase(),
            keywords: n % 5 === 0 ? JSON.stringify([{ phrase: "cutting board", volume: 9000 }, { phrase: "bamboo board", volume: 4000 }, { phrase: "kitchen gift", volume: 800 }]) : "[]",
            importedVersion: 1,
            importedAt: at,
            amazonIssues: n % 10 === 0 ? JSON.stringify([{ code: "90220", message: "'bullet_point' is required but not supplied.", severity: "ERROR" }]) : "[]",
            createdAt: at,
            updatedAt: at,
          });
        }
        await trx.insertInto("listing").values(rows).execute();
      }
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const auditStarted = performance.now();
    const { audited } = await auditListings({ db }, workspaceId);
    const auditSeconds = (performance.now() - auditStarted) / 1000;
    if (audited !== listings) throw new Error(`audited ${audited} of ${listings}`);
    await recordCatalogHealth({ db }, workspaceId, "audit");

    const filter = catalogFilterSchema.parse({});
    const querySamples: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      await listCatalogPage({ db, workspaceId, filter });
      if (i >= 10) querySamples.push(performance.now() - started);
    }

    const totalSamples: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      await catalogTotals({ db, workspaceId });
      if (i >= 10) totalSamples.push(performance.now() - started);
    }

    const url = `${server.url}/catalog`;
    const probe = await fetch(url, { headers: { cookie } });
    const body = await probe.text();
    if (probe.status !== 200 || !body.includes("catalog-listings")) throw new Error(`GET /catalog answered ${probe.status}: ${body.slice(0, 200)}`);
    const pageSamples: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      await response.arrayBuffer();
      if (i >= 10) pageSamples.push(performance.now() - started);
    }
    const dataSamples: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      const response = await fetch(`${url}.data`, { headers: { cookie } });
      await response.arrayBuffer();
      if (i >= 10) dataSamples.push(performance.now() - started);
    }
    // For reading the page's figure: another signed-in list page (20 listings) on the same server and data.
    const baselineSamples: number[] = [];
    for (let i = 0; i < requests + 10; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/listings`, { headers: { cookie } });
      await response.arrayBuffer();
      if (i >= 10) baselineSamples.push(performance.now() - started);
    }
    return { baseline: percentiles(baselineSamples), seedSeconds, auditSeconds, page: { ...percentiles(pageSamples), bytes: Buffer.byteLength(body) }, query: percentiles(querySamples), totals: percentiles(totalSamples), data: percentiles(dataSamples) };
  } finally {
    await server.stop();
    await testDb.destroy();
  }
}

export function printCatalog(figures: CatalogBenchFigures): void {
  const mark = (ok: boolean) => (ok ? "" : " !");
  const each = (figures.auditSeconds * 1000) / listings;
  console.log(`\nCatalog audit on SQLite: ${listings.toLocaleString("en-US")} listings (seeded in ${figures.seedSeconds.toFixed(1)} s)`);
  console.log(`auditListings, whole catalog: ${figures.auditSeconds.toFixed(2)} s, ${each.toFixed(3)} ms each${mark(figures.auditSeconds <= targets.auditSeconds && each <= targets.auditMsEach)} (target <= ${targets.auditSeconds} s, <= ${targets.auditMsEach} ms each)`);
  console.log(`GET /catalog, first page (document, ${Math.round(figures.page.bytes / 1024)} KB, ${requests} requests): p50 ${figures.page.p50.toFixed(1)} ms, p99 ${figures.page.p99.toFixed(1)} ms${mark(figures.page.p99 <= targets.pageP99Ms)} (target p99 <= ${targets.pageP99Ms} ms), worst ${figures.page.max.toFixed(1)} ms`);
  console.log(`  for comparison, GET /listings (first page, 20 listings): p50 ${figures.baseline.p50.toFixed(1)} ms, p99 ${figures.baseline.p99.toFixed(1)} ms`);
  console.log(`  GET /catalog.data (the loaders' data, no rendering): p50 ${figures.data.p50.toFixed(1)} ms, p99 ${figures.data.p99.toFixed(1)} ms`);
  console.log(`  in this process: listCatalogPage (25 rows, score order) p50 ${figures.query.p50.toFixed(2)} ms, p99 ${figures.query.p99.toFixed(2)} ms; catalogTotals p50 ${figures.totals.p50.toFixed(2)} ms, p99 ${figures.totals.p99.toFixed(2)} ms`);
}

if (import.meta.main) printCatalog(await runCatalogBench());
