// Every file we write that a spreadsheet may open, on SQLite and (with TEST_DATABASE_URL) PostgreSQL (issue 30,
// item 7): one hostile workspace whose listing, outputs, bulk job, keyword bank, workspace name and session
// hold text starting with = + - @, tab, CR and their full-width forms. Each export path is walked (a listing's
// flat file and JSON, a job's flat file, CSV report and JSON lines, the history CSV, every CSV of the data
// export ZIP) and no cell of a CSV or TSV may start like a formula; JSON keeps every value exact.
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { grantBonusWords } from "#app/features/billing/credits.server.ts";
import { buildDataExportZip } from "#app/features/data-export/export-zip.server.ts";
import { handleJobCreate, handleJobExport, handleJobGet, type JobsApiContext } from "#app/features/jobs/jobs-api.server.ts";
import type { JobProgress } from "#app/features/jobs/types.ts";
import { handleListingExport } from "#app/features/listings/listings-api.server.ts";
import { createListing, saveListingVersion } from "#app/features/listings/listings.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { exportOutputsResponse } from "#app/features/outputs/output-export.server.ts";
import { saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testPassword as password } from "#tests/support/sign-up.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const hostile = {
  formula: '=HYPERLINK("http://evil.example","Click me")',
  plus: "+SUM(1,2)",
  minus: "-2+3+cmd|' /C calc'!A0",
  at: "@SUM(A1:A9)",
  tab: "\t=1+1 after a tab",
  cr: "\r=1+1 after a carriage return",
  fullWidth: "＝1+1",
  fullWidthPlus: "＋SUM(1,2)",
  fullWidthMinus: "－1+1",
  fullWidthAt: "＠SUM(A1)",
};
const hostileTexts = Object.values(hostile);
const copy: ListingCopy = {
  title: hostile.formula,
  itemHighlights: hostile.plus,
  bullets: [hostile.minus, hostile.at, hostile.tab, hostile.cr, hostile.fullWidthAt],
  description: hostile.fullWidth,
  searchTerms: hostile.fullWidthMinus,
};

/** A cell a spreadsheet would run: the test's own reading of OWASP's list, not the app's function. */
function runsAsFormula(cell: string): boolean {
  return /^[=+\-@\t\r\n\0＝＋－＠]/.test(cell) && !/^-\d+(?:\.\d+)?$/.test(cell);
}

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, quotes ("") and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const body = text.replace(/^\uFEFF/, "");
  while (i < body.length) {
    let field = "";
    if (body[i] === '"') {
      i++;
      for (;;) {
        const quote = body.indexOf('"', i);
        if (quote === -1) throw new Error("unterminated quoted field");
        field += body.slice(i, quote);
        i = quote + 1;
        if (body[i] === '"') {
          field += '"';
          i++;
        } else break;
      }
    } else {
      const end = body.slice(i).search(/[,\r\n]/);
      field = end === -1 ? body.slice(i) : body.slice(i, i + end);
      i = end === -1 ? body.length : i + end;
    }
    row.push(field);
    if (body[i] === ",") i++;
    else {
      rows.push(row);
      row = [];
      if (body.startsWith("\r\n", i)) i += 2;
      else if (i < body.length) i++;
    }
  }
  return rows;
}

const readTsv = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\t"));

/** No cell runs as a formula, and the hostile text did reach the file (made inert, not dropped). */
function expectInert(name: string, rows: string[][], mustHold: string[]): void {
  const cells = rows.flat();
  expect(
    cells.filter(runsAsFormula).map((cell) => JSON.stringify(cell)),
    `${name}: cells a spreadsheet would run`,
  ).toEqual([]);
  for (const text of mustHold) expect(cells, `${name} holds ${JSON.stringify(text)} as text`).toContain(`'${text}`);
}

describe.each(testDatabaseKinds)("every spreadsheet-like export on %s", (kind) => {
  const { testDb, auth, stub, config, runner, signUp } = useIntegrationBackend(kind, { aiStub: { tokenDelayMs: 0 }, jobRunner: { concurrency: 2, heartbeatSeconds: 5, workerId: `cells-${kind}`, sweepEveryMs: 300 } });
  let ada: { id: string; name: string; email: string };
  let workspaceId: string;
  let listingId: string;

  beforeAll(async () => {
    ({ user: ada, workspaceId } = await signUp());
    await grantBonusWords({ db: testDb.db, workspaceId, words: 50_000, trialWords: config.billing.trialWords });
    // A session whose browser name is a formula (sessions.csv), a workspace named like one (workspaces.csv).
    await auth.api.signInEmail({ body: { email: ada.email, password }, headers: new Headers({ "user-agent": hostile.at }) });
    await testDb.db.updateTable("workspace").set({ name: hostile.formula }).where("id", "=", workspaceId).execute();

    const listing = await createListing({ db: testDb.db, workspaceId, userId: ada.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { brand: hostile.at, productName: "Hostile Lamp", productType: "Lamp", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" }, keywords: [{ phrase: hostile.minus, volume: 10 }] });
    listingId = listing.id;
    await saveListingVersion({ db: testDb.db, workspaceId, listingId, userId: ada.id, copy, source: "edited" });
    const now = new Date().toISOString();
    await saveOutputs({ db: testDb.db, outputs: hostileTexts.map((content) => ({ userId: ada.id, workspaceId, generationId: null, templateId: "product-description", content, inputs: { productName: hostile.plus }, createdAt: now })) });
  });

  it("a listing's flat file (Amazon's template) has no formula in any cell; its JSON keeps the text exact", async () => {
    const exportOf = (format: string) => handleListingExport({ request: new Request(`http://localhost/api/listings/${listingId}/export?format=${format}&force=1`), user: ada, locale: "en", requestId: "cells", db: testDb.db, id: listingId });
    const flat = await exportOf("flatfile");
    expect(flat.status).toBe(200);
    const rows = readTsv(await flat.text());
    expect(rows[0]!.slice(0, 4)).toEqual(["item_name", "brand_name", "item_highlights", "bullet_point1"]);
    // Tab and CR starts are cleaned into spaces and trimmed first; what they uncover is made inert too.
    expectInert("listing flat file", rows, [hostile.formula, hostile.at, hostile.plus, hostile.minus, hostile.fullWidthAt, hostile.fullWidth, hostile.fullWidthMinus, "=1+1 after a tab", "=1+1 after a carriage return"]);

    const json = (await (await exportOf("json")).json()) as { attributes: Record<string, { value: string }[]> };
    expect(json.attributes.item_name![0]!.value).toBe(hostile.formula);
    expect(json.attributes.brand![0]!.value).toBe(hostile.at);
    expect(json.attributes.bullet_point!.map((bullet) => bullet.value)).toEqual(copy.bullets);
    expect(json.attributes.title_differentiation![0]!.value).toBe(hostile.plus);
  });

  it("a bulk job's flat file and CSV report have no formula in any cell; its JSON lines keep the text exact", async () => {
    // The model answers with formulas too, for the title and the search terms of both rows.
    for (let i = 0; i < 4; i++) stub.enqueue({ when: "Hostile", text: hostile.formula });
    const catalog = ["Brand,Product name,Marketplace", `"${hostile.formula.replace(/"/g, '""')}",Hostile Lamp,amazon.com`, `${hostile.fullWidthAt},Hostile Mug,amazon.com`, `${hostile.plus},Hostile Vase,${hostile.minus}`].join("\r\n");
    const form = new FormData();
    form.set("file", new Blob([catalog], { type: "text/csv" }), "@catalog.csv");
    form.set("mapping", JSON.stringify({ brand: 0, productName: 1, marketplace: 2 }));
    form.set("options", JSON.stringify({ sections: ["title", "searchTerms"], marketplace: "amazon.com" }));
    const ctx = (request: Request): JobsApiContext => ({ request, user: ada, locale: "en", requestId: "cells", db: testDb.db, config, runner });
    const created = await handleJobCreate(ctx(new Request("http://localhost/api/jobs", { method: "POST", body: form })));
    expect(created.status).toBe(201);
    const { job } = (await created.json()) as { job: JobProgress };
    for (let i = 0; ; i++) {
      const progress = (await (await handleJobGet({ ...ctx(new Request(`http://localhost/api/jobs/${job.id}`)), id: job.id })).json()) as JobProgress;
      if (progress.status === "completed") break;
      if (i > 300) throw new Error(`job stuck: ${JSON.stringify(progress)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const exportOf = async (format: string) => (await handleJobExport({ ...ctx(new Request(`http://localhost/api/jobs/${job.id}/export?format=${format}`)), id: job.id })).text();

    const flat = readTsv(await exportOf("flatfile"));
    expect(flat.length).toBeGreaterThanOrEqual(3);
    expectInert("job flat file", flat, [hostile.formula, hostile.fullWidthAt]);
    const report = readCsv(await exportOf("csv"));
    expect(report[0]).toEqual(["row", "status", "lint_passed", "coverage_score", "listing_link", "error", "lint_violations"]);
    expectInert("job CSV report", report, []);
    const lines = (await exportOf("jsonl"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { attributes: { brand: { value: string }[]; item_name: { value: string }[] } });
    expect(lines.map((line) => line.attributes.brand[0]!.value)).toEqual(expect.arrayContaining([hostile.formula, hostile.fullWidthAt]));
  });

  it("the history CSV has no formula in any cell, whatever the output starts with", async () => {
    const response = exportOutputsResponse({ db: testDb.db, userId: ada.id, filter: {}, format: "csv", locale: "en", fileStem: "sellscribe-history" });
    const rows = readCsv(await response.text());
    expect(rows).toHaveLength(1 + hostileTexts.length);
    expectInert("history CSV", rows, hostileTexts);
  });

  it("every CSV of the data export ZIP has no formula in any cell; its JSON keeps the text exact", async () => {
    const zip = unzipSync(await buildDataExportZip({ db: testDb.db, userId: ada.id }));
    const file = (name: string) => strFromU8(zip[`sellscribe-export/${name}`] ?? new Uint8Array());
    const csvNames = Object.keys(zip)
      .filter((path) => path.endsWith(".csv"))
      .map((path) => path.replace("sellscribe-export/", ""));
    expect(csvNames.sort()).toEqual(["credit-ledger.csv", "job-rows.csv", "keyword-banks.csv", "listing-versions.csv", "listings.csv", "outputs.csv", "sessions.csv", "workspaces.csv"]);
    const mustHold: Record<string, string[]> = {
      "outputs.csv": hostileTexts,
      "listings.csv": [hostile.formula],
      "listing-versions.csv": [hostile.formula],
      "keyword-banks.csv": [hostile.minus],
      "job-rows.csv": ["@catalog.csv"],
      "workspaces.csv": [hostile.formula],
      "sessions.csv": [hostile.at],
      "credit-ledger.csv": [],
    };
    for (const name of csvNames) expectInert(`data export ${name}`, readCsv(file(name)), mustHold[name]!);
    // A word debit stays a number a spreadsheet can add up.
    expect(readCsv(file("credit-ledger.csv")).some((row) => /^-\d+$/.test(row[2] ?? ""))).toBe(true);
    const outputs = JSON.parse(file("outputs.json")) as { content: string }[];
    expect(outputs.map((output) => output.content).sort()).toEqual([...hostileTexts].sort());
    const listings = JSON.parse(file("listings.json")) as { copy: ListingCopy }[];
    expect(listings.find((listing) => listing.copy.title === hostile.formula)?.copy).toEqual(copy);
  });
});
