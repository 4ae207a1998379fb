// Seller Central's own files through the bulk-job HTTP contract (issue 33 item 4), on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: the All Listings Report and a listings flat file previewed and mapped by their
// column names, the brand asked once when the file has none, the job written with each row's SKU and ASIN kept;
// an ordinary catalog previewed as before, with why it is not one of these reports.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { grantBonusWords } from "#app/features/billing/credits.server.ts";
import { handleJobCreate, handleJobGet, handleJobPreview, handleJobRows, type JobsApiContext } from "#app/features/jobs/jobs-api.server.ts";
import type { JobProgress } from "#app/features/jobs/types.ts";
import { getListing } from "#app/features/listings/listings.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/catalogs/seller-central/${name}`, import.meta.url));
const allListings = fixture("all-listings-report.txt");
/** The real SHIRT template rows with two products of ours below them. */
const flatFile = Buffer.concat([
  fixture("shirt-template-header.txt"),
  Buffer.from(
    [
      ["shirt", "TEE-RED-M", "Acme Apparel", "Acme Cotton T-Shirt, Red, M", "fashion-t-shirts", "Cotton", "Red", "Red", "mens", "M", "M", "false", "19.99", "20", "", "", "child", "TEE-PARENT", "Variation", "SizeColor", "Soft cotton tee.", "100% cotton", "Regular fit", "", "", "cotton t-shirt", "2", "Migrated Template"],
      ["shirt", "TEE-BLUE-L", "Acme Apparel", "Acme Cotton T-Shirt, Blue, L", "fashion-t-shirts", "Cotton", "Blue", "Blue", "mens", "L", "L", "false", "19.99", "15", "", "", "child", "TEE-PARENT", "Variation", "SizeColor", "", "100% cotton", "", "", "", "blue t-shirt", "2", "Migrated Template"],
    ]
      .map((row) => row.join("\t"))
      .join("\r\n"),
  ),
]);

describe.each(testDatabaseKinds)("Seller Central files over HTTP on %s", (kind) => {
  const { testDb, config, runner, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 }, jobRunner: { concurrency: 4, heartbeatSeconds: 5, workerId: `seller-central-${kind}`, sweepEveryMs: 300 } });
  let ada: { id: string; name: string; email: string };
  let workspaceId: string;

  beforeAll(async () => {
    ({ user: ada, workspaceId } = await signUp({ firstName: "Ada" }));
    await grantBonusWords({ db: testDb.db, workspaceId, words: 50_000, trialWords: config.billing.trialWords });
  });

  const ctx = (request: Request): JobsApiContext => ({ request, user: ada, locale: "en", requestId: "req-seller-central", db: testDb.db, config, runner });
  const upload = (path: string, file: Uint8Array, name: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set("file", new Blob([Uint8Array.from(file)], { type: "text/tab-separated-values" }), name);
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return new Request(`http://sellscribe.test${path}`, { method: "POST", body: form });
  };
  const options = { sections: ["title"], marketplace: "amazon.co.uk" };
  async function waitFor(jobId: string, done: (job: JobProgress) => boolean): Promise<JobProgress> {
    for (let i = 0; i < 300; i++) {
      const job = (await (await handleJobGet({ ...ctx(new Request("http://sellscribe.test/api/jobs/x")), id: jobId })).json()) as JobProgress;
      if (done(job)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("job did not get there");
  }

  it("previews the All Listings Report as that report, mapped by its names, with no store and no brand column", async () => {
    const response = await handleJobPreview(ctx(upload("/api/jobs/preview", allListings, "All+Listings+Report+11-28-2026.txt")));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { format: string; rows: number; report: unknown; mapping: unknown };
    expect(body).toMatchObject({ format: "tsv", rows: 3, report: { report: "allListings", misses: [] } });
    expect(body.mapping).toEqual({ brand: null, productName: 0, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null, sku: 3, asin: 16, description: null });
  });

  it("asks for the brand (400 naming it) and, given once, writes every row with it and keeps its SKU and ASIN", async () => {
    const mapping = { brand: null, productName: 0, sku: 3, asin: 16, description: null };
    const refused = await handleJobCreate(ctx(upload("/api/jobs", allListings, "all-listings.txt", { mapping: JSON.stringify(mapping), options: JSON.stringify(options) })));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "INVALID_CATALOG", fieldErrors: { brand: "Choose the column with the brand: it is required." } });

    const created = await handleJobCreate(ctx(upload("/api/jobs", allListings, "all-listings.txt", { mapping: JSON.stringify({ ...mapping, brandForAll: "Zynk Demo" }), options: JSON.stringify(options) })));
    expect(created.status).toBe(201);
    const { job } = (await created.json()) as { job: JobProgress };
    expect(job).toMatchObject({ total: 3, options: { marketplace: "amazon.co.uk" } });
    const finished = await waitFor(job.id, (progress) => progress.status === "completed");
    expect(finished).toMatchObject({ done: 3, failed: 0 });

    const inputs = await testDb.db.selectFrom("job_row").select(["rowNumber", "input"]).where("jobId", "=", job.id).orderBy("rowNumber").execute();
    expect(inputs.map((row) => ({ row: row.rowNumber, ...(JSON.parse(row.input) as object) }))).toMatchObject([
      { row: 2, sku: "1234567", asin: "B01I53BE4O", marketplace: "amazon.co.uk", facts: { brand: "Zynk Demo", productName: "Vest" } },
      { row: 3, sku: "35-GFRR-W3VC", asin: "B004ADOCTI", facts: { brand: "Zynk Demo", productName: "Survive The Vibe [Audio CD]" } },
      { row: 4, sku: "ATV2", asin: "B0041IZHVO", facts: { brand: "Zynk Demo", productName: "Apple TV 2, MC572FD_A" } },
    ]);
    const rows = (await (await handleJobRows({ ...ctx(new Request(`http://sellscribe.test/api/jobs/${job.id}/rows`)), id: job.id })).json()) as { items: { listingId: string }[] };
    const listing = await getListing({ db: testDb.db, workspaceId, id: rows.items[0]!.listingId });
    expect(listing).toMatchObject({ marketplace: "amazon.co.uk", facts: { brand: "Zynk Demo", productName: "Vest" } });
  });

  it("previews a listings flat file below its template rows, bullets and search terms mapped by name", async () => {
    const response = await handleJobPreview(ctx(upload("/api/jobs/preview", flatFile, "Flat.File.Shirt.txt")));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows: number; report: unknown; mapping: unknown; columns: string[] };
    expect(body).toMatchObject({ rows: 2, report: { report: "flatFile", templateType: "fptcustom" } });
    expect(body.columns[1]).toBe("item_sku");
    expect(body.mapping).toEqual({ brand: 2, productName: 3, productType: 0, keyFeatures: 21, keyFeaturesMore: [22], targetAudience: null, keywords: 25, marketplace: null, sku: 1, description: 20 });
  });

  it("previews an ordinary catalog as before, saying why it is none of these reports", async () => {
    const csv = "SKU,Brand,Product name,Marketplace\r\nB-1,Acme,Desk lamp,y\r\n";
    const response = await handleJobPreview(ctx(upload("/api/jobs/preview", Buffer.from(csv), "catalog.csv")));
    expect(await response.json()).toMatchObject({
      report: { report: null, misses: [{ report: "allListings", missing: ["seller-sku", "item-name"] }, { report: "flatFile", missing: ["item_sku", "item_name"], noTemplateRow: true }] },
      // A y/n column is no store.
      mapping: { brand: 1, productName: 2, marketplace: null },
    });
  });
});
