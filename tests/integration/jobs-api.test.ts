// The bulk-job HTTP contract on SQLite and (with TEST_DATABASE_URL) PostgreSQL: preview and start from a
// real catalog file, follow, pause, cancel, retry and export; the refusals (413 with the limits, 400
// naming the missing column, 402 with the numbers, 404 for another workspace's job, formulas kept as text).
import { beforeAll, describe, expect, it } from "vitest";
import { getWorkspaceBilling, grantBonusWords, reserveCredits } from "#app/features/billing/credits.server.ts";
import { handleJobAction, handleJobCreate, handleJobExport, handleJobGet, handleJobList, handleJobPreview, handleJobRows, type JobsApiContext } from "#app/features/jobs/jobs-api.server.ts";
import type { JobProgress } from "#app/features/jobs/types.ts";
import { saveListingVersion } from "#app/features/listings/listings.server.ts";
import { emptyCopy } from "#app/features/listings/types.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const csv = [
  "Brand,Product name,Product type,Key features,Audience,Keywords,Marketplace",
  'Acme,Bamboo Cutting Board Set,cutting board,"3 sizes, juice groove",home cooks,"bamboo cutting board; chopping board",amazon.com',
  ",,,,,,",
  "Acme,Steel Water Bottle 750 ml,water bottle,keeps drinks cold,hikers,insulated bottle,",
  '=HYPERLINK("http://evil.example"),Formula Product,gadget,,,,',
  "Acme,,mug,,,,",
].join("\r\n");

describe.each(testDatabaseKinds)("bulk jobs over HTTP on %s", (kind) => {
  const { testDb, stub, config, runner, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 }, jobRunner: { concurrency: 4, heartbeatSeconds: 5, workerId: `api-${kind}`, sweepEveryMs: 300 } });
  let ada: { id: string; name: string; email: string };
  let bob: { id: string; name: string; email: string };
  let workspaceId: string;

  beforeAll(async () => {
    ({ user: ada, workspaceId } = await signUp({ firstName: "Ada" }));
    ({ user: bob } = await signUp({ firstName: "Bob" }));
    await grantBonusWords({ db: testDb.db, workspaceId, words: 50_000, trialWords: config.billing.trialWords });
  });

  const ctx = (user: typeof ada | null, request: Request): JobsApiContext => ({ request, user, locale: "en", requestId: "req-jobs", db: testDb.db, config, runner });
  const upload = (path: string, fields: Record<string, string>, file: Blob | null = new Blob([csv], { type: "text/csv" }), name = "catalog.csv") => {
    const form = new FormData();
    if (file) form.set("file", file, name);
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return new Request(`http://sellscribe.test${path}`, { method: "POST", body: form });
  };
  const mapping = { brand: 0, productName: 1, productType: 2, keyFeatures: 3, targetAudience: 4, keywords: 5, marketplace: 6 };
  const options = { sections: ["title", "searchTerms"], marketplace: "amazon.com" };
  async function waitFor(jobId: string, done: (job: JobProgress) => boolean): Promise<JobProgress> {
    for (let i = 0; i < 300; i++) {
      const job = (await (await handleJobGet({ ...ctx(ada, new Request("http://sellscribe.test/api/jobs/x")), id: jobId })).json()) as JobProgress;
      if (done(job)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("job did not get there");
  }

  it("previews a file: columns, first rows, empty rows skipped and a proposed mapping; nothing saved", async () => {
    const response = await handleJobPreview(ctx(ada, upload("/api/jobs/preview", {})));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ format: "csv", encoding: "utf-8", columns: ["Brand", "Product name", "Product type", "Key features", "Audience", "Keywords", "Marketplace"], rows: 4, emptyRowsSkipped: 1, mapping });
    expect(await testDb.db.selectFrom("job").select("id").execute()).toEqual([]);
  });

  it("starts a job (201 {job}), writes the good rows, fails the bad ones with their reason, and exports all three files", async () => {
    const created = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify(mapping), options: JSON.stringify(options) })));
    expect(created.status).toBe(201);
    const { job } = (await created.json()) as { job: JobProgress };
    expect(job).toMatchObject({ status: "running", total: 4, emptyRowsSkipped: 1, wordsCharged: 0, options: { sections: ["title", "searchTerms"], marketplace: "amazon.com" } });
    expect(created.headers.get("location")).toBe(`/jobs/${job.id}`);
    const finished = await waitFor(job.id, (progress) => progress.status === "completed");
    // The formula-looking brand is text (a brand like any other); the row without a product name fails with why.
    expect(finished).toMatchObject({ total: 4, done: 3, failed: 1, wordsReserved: 0 });
    expect(finished.wordsCharged).toBeGreaterThan(0);
    const rows = (await (await handleJobRows({ ...ctx(ada, new Request(`http://sellscribe.test/api/jobs/${job.id}/rows`)), id: job.id })).json()) as { items: { rowNumber: number; status: string; error: string | null; listingId: string | null; coverage: number | null }[] };
    expect(rows.items.map((row) => [row.rowNumber, row.status])).toEqual([[2, "done"], [4, "done"], [5, "done"], [6, "failed"]]);
    expect(rows.items[3]!.error).toMatch(/Product name is empty/);
    expect(rows.items[0]!.coverage).not.toBeNull();

    const exportOf = (format: string) => handleJobExport({ ...ctx(ada, new Request(`http://sellscribe.test/api/jobs/${job.id}/export?format=${format}`)), id: job.id });
    const report = await (await exportOf("csv")).text();
    const lines = report.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe('"row","status","lint_passed","coverage_score","listing_link","error","lint_violations"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(new RegExp(`^"2","done","(yes|no)","\\d+","${config.publicUrl}/listings/[0-9a-f-]{36}","","(?:[^"]|"")*"$`));
    expect(lines[4]).toMatch(/^"6","failed","","","","Product name is empty[^"]*",""$/);
    const flat = (await (await exportOf("flatfile")).text()).trim().split("\n");
    expect(flat[0]!.split("\t").slice(0, 2)).toEqual(["item_name", "brand_name"]);
    expect(flat).toHaveLength(4);
    // Never exported as a formula.
    expect(flat.find((line) => line.includes("HYPERLINK"))).toMatch(/\t'=HYPERLINK/);
    const jsonl = (await (await exportOf("jsonl")).text()).trim().split("\n").map((line) => JSON.parse(line) as { row: number; attributes: { item_name: { marketplace_id: string }[] } });
    expect(jsonl.map((line) => line.row)).toEqual([2, 4, 5]);
    expect(jsonl[0]!.attributes.item_name[0]!.marketplace_id).toBe("ATVPDKIKX0DER");
    expect((await exportOf("xlsx")).status).toBe(400);

    const list = (await (await handleJobList(ctx(ada, new Request("http://sellscribe.test/api/jobs")))).json()) as { jobs: { id: string; done: number }[] };
    expect(list.jobs[0]).toMatchObject({ id: job.id, done: 3 });
    // Another workspace's job: 404 on every route.
    expect((await handleJobGet({ ...ctx(bob, new Request("http://sellscribe.test/api/jobs/x")), id: job.id })).status).toBe(404);
    expect((await handleJobAction({ ...ctx(bob, new Request("http://sellscribe.test/x", { method: "POST" })), id: job.id, action: "cancel" })).status).toBe(404);
    expect((await handleJobExport({ ...ctx(bob, new Request(`http://sellscribe.test/api/jobs/${job.id}/export?format=csv`)), id: job.id })).status).toBe(404);
    expect((await handleJobRows({ ...ctx(bob, new Request(`http://sellscribe.test/api/jobs/${job.id}/rows`)), id: job.id })).status).toBe(404);
    expect((await handleJobGet({ ...ctx(null, new Request("http://sellscribe.test/api/jobs/x")), id: job.id })).status).toBe(401);
  });

  it("the report says why a row's listing fails its rules: each violation's section, message, explanation and source", async () => {
    // Every try at the title (the first and both rewrites) breaks three rules.
    const badTitle = "Ringco Desk Lamp ★ Call 1-800-555-0199, 1 year warranty";
    for (let i = 0; i < 3; i++) stub.enqueue({ when: "Brand: Ringco", text: badTitle });
    const file = new Blob(["Brand,Product name,Marketplace\r\nRingco,Desk Lamp,amazon.com\r\n"], { type: "text/csv" });
    const created = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify({ brand: 0, productName: 1, marketplace: 2 }), options: JSON.stringify({ sections: ["title"], marketplace: "amazon.com" }) }, file)));
    const { job } = (await created.json()) as { job: JobProgress };
    await waitFor(job.id, (progress) => progress.status === "completed");
    const listingId = ((await (await handleJobRows({ ...ctx(ada, new Request(`http://sellscribe.test/api/jobs/${job.id}/rows`)), id: job.id })).json()) as { items: { listingId: string }[] }).items[0]!.listingId;
    // A later edit that passes does not rewrite what the row wrote.
    const edited = await saveListingVersion({ db: testDb.db, workspaceId, listingId, userId: ada.id, copy: { ...emptyCopy(), title: "Ringco Desk Lamp" }, source: "edited" });
    expect(edited?.listing.copy.title).toBe("Ringco Desk Lamp");

    const report = await (await handleJobExport({ ...ctx(ada, new Request(`http://sellscribe.test/api/jobs/${job.id}/export?format=csv`)), id: job.id })).text();
    const [header, row] = report.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(header).toBe('"row","status","lint_passed","coverage_score","listing_link","error","lint_violations"');
    expect(row).toMatch(/^"2","done","no",/);
    const cell = JSON.parse(row!.slice(row!.lastIndexOf(',"') + 1).replace(/""/g, '\\"')) as string;
    expect(cell.split(" | ")).toEqual([
      "Title (error): The symbol “★” is decoration; Amazon allows only symbols that carry meaning. — Decorative symbols (★, ●, ➤) are treated like emoji and may be removed. (https://goatconsulting.com/amazon-policy/amazon-product-detail-page-rules-violation-policy-compliance)",
      "Title (error): Contact details and web addresses (“1-800-555-0199”) are not allowed. — Detail pages may not hold phone numbers, e-mail or web addresses. (https://sellercentral.amazon.com/gp/help/external/help.html?itemID=200390640&language=en_US)",
      "Title (error): Guarantees and refund promises (“1 year warranty”) are not allowed. — Guarantees, warranties and refund promises are not allowed in listing copy. (https://www.goatconsulting.com/blog/amazon-bullet-point-guidelines)",
      // The job wrote only the title: the listing has no bullets yet.
      "Bullet points (error): 0 bullet points: write between 3 and 5. — Listings show three to five bullets. (https://www.goatconsulting.com/blog/amazon-bullet-point-guidelines)",
    ]);
  });

  it("pause and resume over HTTP answer the job and whether it changed", async () => {
    for (let i = 0; i < 20; i++) stub.enqueue({ when: "Brand: Slowco", tokenDelayMs: 3 });
    const slow = ["Brand,Product name", ...Array.from({ length: 6 }, (_, i) => `Slowco,Lamp ${i + 1}`)].join("\n");
    const created = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify({ brand: 0, productName: 1 }), options: JSON.stringify(options) }, new Blob([slow]))));
    const { job } = (await created.json()) as { job: JobProgress };
    const act = async (action: string) => (await (await handleJobAction({ ...ctx(ada, new Request(`http://sellscribe.test/api/jobs/${job.id}/${action}`, { method: "POST" })), id: job.id, action })).json()) as { job: JobProgress; changed: boolean };
    expect(await act("pause")).toMatchObject({ changed: true, job: { status: "paused", pauseReason: "user" } });
    expect(await act("pause")).toMatchObject({ changed: false });
    expect(await act("resume")).toMatchObject({ changed: true, job: { status: "running" } });
    expect((await handleJobAction({ ...ctx(ada, new Request("http://sellscribe.test/x", { method: "POST" })), id: job.id, action: "explode" })).status).toBe(404);
    await waitFor(job.id, (progress) => progress.status === "completed");
  });

  it("refuses bad input: the limits (413), the missing column (400), too few words (402), no file (400)", async () => {
    const tooMany = ["Brand,Product name", ...Array.from({ length: 5001 }, (_, i) => `Acme,Item ${i}`)].join("\n");
    const big = await handleJobPreview(ctx(ada, upload("/api/jobs/preview", {}, new Blob([tooMany]))));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "CATALOG_TOO_LARGE", error: "The file has 5,001 products; a catalog holds at most 5,000 (and 10 MB). Split it into smaller files.", numbers: { maxRows: 5000, maxMegabytes: 10, rows: 5001 } });
    const huge = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify(mapping), options: JSON.stringify(options) }, new Blob([new Uint8Array(10 * 1024 * 1024 + 1).fill(65)]))));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "CATALOG_TOO_LARGE", numbers: { maxRows: 5000, maxMegabytes: 10 } });
    const jobsBefore = (await testDb.db.selectFrom("job").select("id").execute()).length;

    const missing = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify({ ...mapping, productName: null }), options: JSON.stringify(options) })));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "INVALID_CATALOG", fieldErrors: { productName: "Choose the column with the product name: it is required." } });
    const noFile = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify(mapping), options: JSON.stringify(options) }, null)));
    expect(await noFile.json()).toMatchObject({ code: "INVALID_CATALOG", error: "Choose a catalog file (CSV, TSV or .xlsx)." });
    const latin1 = await handleJobPreview(ctx(ada, upload("/api/jobs/preview", {}, new Blob([Buffer.from("Marke;Produktname\nKüchenglück;Schneidebrett groß\n", "latin1")]))));
    expect(await latin1.json()).toMatchObject({ encoding: "windows-1252", sample: [["Küchenglück", "Schneidebrett groß"]] });

    const { balance } = await getWorkspaceBilling({ db: testDb.db, workspaceId, trialWords: config.billing.trialWords });
    const held = await reserveCredits({ db: testDb.db, workspaceId, words: balance.available - 10, trialWords: config.billing.trialWords });
    expect(held.ok).toBe(true);
    const poor = await handleJobCreate(ctx(ada, upload("/api/jobs", { mapping: JSON.stringify(mapping), options: JSON.stringify(options) })));
    expect(poor.status).toBe(402);
    const perRow = runner.rowWords({ ...options, sections: ["title", "searchTerms"], ruleSetId: "amazon-2026-07" });
    expect(await poor.json()).toMatchObject({ code: "NO_CREDITS", numbers: { needed: perRow, available: 10 } });
    expect((await testDb.db.selectFrom("job").select("id").execute()).length).toBe(jobsBefore);
  });

  it("answers malformed multipart bodies with the catalogue's 400 and a file over 10 MB with its size, read as it arrives (issue 30)", async () => {
    const boundary = "----SellscribeMalformed";
    const raw = (path: string, body: string, contentType = `multipart/form-data; boundary=${boundary}`) => new Request(`http://sellscribe.test${path}`, { method: "POST", headers: { "Content-Type": contentType }, body });
    const filePart = (disposition: string, data: string) => `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: text/csv\r\n\r\n${data}\r\n`;
    const good = filePart('name="file"; filename="catalog.csv"', csv);
    const end = `--${boundary}--\r\n`;
    const bodies = {
      noBoundary: raw("/api/jobs/preview", good + end, "multipart/form-data"),
      truncated: raw("/api/jobs/preview", good.slice(0, 120)),
      noClosingBoundary: raw("/api/jobs/preview", good),
      partWithoutName: raw("/api/jobs/preview", filePart('filename="catalog.csv"', csv) + end),
      twoFiles: raw("/api/jobs/preview", good + filePart('name="file"; filename="other.csv"', csv) + end),
      notMultipart: raw("/api/jobs/preview", csv, "text/csv"),
    };
    for (const [name, request] of Object.entries(bodies)) {
      const response = await handleJobPreview(ctx(ada, request));
      expect({ name, status: response.status, body: await response.json() }).toMatchObject({ name, status: 400, body: { code: "INVALID_CATALOG", error: "Choose a catalog file (CSV, TSV or .xlsx).", requestId: "req-jobs" } });
    }
    const bigField = await handleJobCreate(ctx(ada, raw("/api/jobs", good + `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${"x".repeat(64 * 1024 + 1)}\r\n` + end)));
    expect(bigField.status).toBe(400);
    expect(await bigField.json()).toMatchObject({ code: "INVALID_CATALOG", error: "Choose the columns, the sections to write and a store." });
    // Arriving in 64 KB chunks without a length, as from a socket: refused with the file's whole size.
    const over = Buffer.concat([Buffer.from(filePart('name="file"; filename="big.csv"', "").slice(0, -2)), Buffer.alloc(10 * 1024 * 1024 + 1, 65), Buffer.from(`\r\n${end}`)]);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= over.length) return controller.close();
        controller.enqueue(new Uint8Array(over.subarray(offset, (offset += 64 * 1024))));
      },
    });
    const huge = await handleJobPreview(ctx(ada, new Request("http://sellscribe.test/api/jobs/preview", { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body, duplex: "half" } as RequestInit)));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "CATALOG_TOO_LARGE", numbers: { maxRows: 5000, maxMegabytes: 10, bytes: 10 * 1024 * 1024 + 1 } });
  });
});
