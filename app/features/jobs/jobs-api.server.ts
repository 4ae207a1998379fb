// The JSON API over bulk jobs (README "Bulk jobs"): preview a catalog, start a job, follow it, pause,
// resume, cancel, retry its failed rows, and download it. Every route is scoped to the active workspace;
// errors come from the one catalogue (app/lib/errors.ts), in the client's language.
import { z } from "zod";
import type { AppConfig } from "#server/config.server.ts";
import { yieldToEventLoop } from "#server/queue/work-queue.server.ts";
import { readMultipartForm } from "#server/multipart.server.ts";
import { getWorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { getListing } from "#app/features/listings/listings.server.ts";
import { toFlatFileRows, toListingsApiJson, type FlatFileListing } from "#app/features/listings/export.ts";
import { getMarketplace, ruleSetFor } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate, type Locale, type MessageKey } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse, type ApiErrorCode, type ApiErrorExtras } from "#app/lib/errors.ts";
import { catalogFields, catalogMappingSchema, maxCatalogBytes, maxCatalogRows, proposeMapping, recognizeReport, reportMapping, toCatalogRows, validateMapping, type CatalogFile, type CatalogProblem, type CatalogResult } from "./catalog-import/index.ts";
import { readCatalogUpload } from "./catalog-xlsx.server.ts";
import { jobReportLines } from "./job-report.server.ts";
import type { JobRunner } from "./job-runner.server.ts";
import { changeJob, createJob, getJobProgress, JobQueueFullError, jobExists, iterateJobRows, listJobRows, listJobs, type JobAction, type JobChange, type NewJobRow } from "./jobs.server.ts";
import { jobOptionsSchema, rowStatuses, type JobOptions, type RowInput } from "./types.ts";

export interface JobsApiContext extends ApiContext {
  config: AppConfig;
  runner: JobRunner;
}

const noStore = { "Cache-Control": "no-store" };
const reply = (body: unknown, status = 200) => Response.json(body, { status, headers: noStore });

function refuse<C extends ApiErrorCode>(ctx: Pick<JobsApiContext, "locale" | "requestId">, code: C, extras = {} as ApiErrorExtras<C>): Response {
  return apiErrorResponse(code, { ...extras, locale: ctx.locale, requestId: ctx.requestId });
}
const notFound = (ctx: JobsApiContext) => refuse(ctx, "NOT_FOUND", { details: { message: translate(ctx.locale, "jobs.error.notFound") } });

/** More rows would wait than the workspace's plan allows (app/lib/plans.ts): a 409 with the numbers. */
function queueFull(ctx: JobsApiContext, error: JobQueueFullError): Response {
  const numbers = { maxQueuedRows: error.limit, queued: error.queued, rows: error.adding };
  return refuse(ctx, "JOB_QUEUE_FULL", { details: { message: translate(ctx.locale, "jobs.error.queueFull", numbers), numbers } });
}

/** The sample rows a preview shows. */
const previewRows = 10;

/** Why a file cannot be read, in the user's language: a 413 with the limits, or a 400. */
function fileRefusal(ctx: JobsApiContext, result: Extract<CatalogResult, { ok: false }>): Response {
  const limits = { maxRows: maxCatalogRows, maxMegabytes: maxCatalogBytes / 1024 / 1024 };
  switch (result.reason) {
    case "tooLarge":
      // A workbook's own size passed; what it unpacks to did not: its limit is another one.
      if (result.what === "uncompressed") {
        const maxUnpackedMegabytes = result.limit / 1024 / 1024;
        return refuse(ctx, "CATALOG_TOO_LARGE", { details: { message: translate(ctx.locale, "jobs.error.tooLargeUnpacked", { maxUnpackedMegabytes }), numbers: { ...limits, maxUnpackedMegabytes, unpackedBytes: result.found } } });
      }
      return refuse(ctx, "CATALOG_TOO_LARGE", { details: { message: translate(ctx.locale, "jobs.error.tooLarge", limits), numbers: { ...limits, bytes: result.found } } });
    case "tooManyRows":
      return refuse(ctx, "CATALOG_TOO_LARGE", { details: { message: translate(ctx.locale, "jobs.error.tooManyRows", { ...limits, found: result.found }), numbers: { ...limits, rows: result.found } } });
    case "unsupportedEncoding":
      return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.encoding", { encoding: result.encoding }) } });
    case "unsupportedFormat":
      return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.format", { detected: result.detected }) } });
    case "noHeader":
    case "unclosedQuote":
      return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, `jobs.error.${result.reason}`, { row: result.row }) } });
    case "empty":
    case "binary":
      return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, `jobs.error.${result.reason}`) } });
    default:
      return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.unreadable") } });
  }
}

/** The text fields a job's form sends beside its file, and what each may hold. */
const uploadLimits = { fileField: "file", maxFileBytes: maxCatalogBytes, fields: ["mapping", "options"], maxFields: 10, maxFieldBytes: 64 * 1024 } as const;

/** The uploaded file of a multipart body, read as it arrives and parsed; or the refusal. */
async function readUpload(ctx: JobsApiContext): Promise<{ ok: true; fields: ReadonlyMap<string, string>; file: CatalogFile; fileName: string } | { ok: false; response: Response }> {
  const form = await readMultipartForm(ctx.request, uploadLimits);
  if (!form.ok) {
    if (form.reason === "fileTooLarge") return { ok: false, response: fileRefusal(ctx, { ok: false, reason: "tooLarge", limit: form.limit, found: form.found, what: "file" }) };
    const message = form.reason === "fieldTooLarge" ? "jobs.error.badOptions" : "jobs.error.noFile";
    return { ok: false, response: refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, message) } }) };
  }
  if (!form.file) return { ok: false, response: refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.noFile") } }) };
  const result = await readCatalogUpload(form.file.bytes, form.file.name);
  if (!result.ok) return { ok: false, response: fileRefusal(ctx, result) };
  return { ok: true, fields: form.fields, file: result, fileName: form.file.name || "catalog" };
}

/** toCatalogRows a few hundred rows at a time, with a turn of the event loop between (5,000 rows take a few hundred ms). */
async function toCatalogRowsInSlices(file: CatalogFile, mapping: Parameters<typeof toCatalogRows>[1], defaults: { marketplace: string }): Promise<ReturnType<typeof toCatalogRows>> {
  const all: ReturnType<typeof toCatalogRows> = { rows: [], problems: [] };
  for (let start = 0; start < file.rows.length; start += 250) {
    if (start > 0) await yieldToEventLoop();
    const slice = toCatalogRows({ rows: file.rows.slice(start, start + 250), rowNumbers: file.rowNumbers.slice(start, start + 250) }, mapping, defaults);
    all.rows.push(...slice.rows);
    all.problems.push(...slice.problems);
  }
  return all;
}

/** A problem the import found on a row, as the row's failure reason. */
function problemMessage(locale: Locale, problem: CatalogProblem, columns: readonly string[], mappingColumn: number | null): string {
  const column = mappingColumn === null ? problem.field : columns[mappingColumn] || problem.field;
  const key = `jobs.problem.${problem.code}` as MessageKey;
  return translate(locale, key, { column, limit: problem.limit ?? 0, count: problem.count ?? 0, value: problem.value ?? "" });
}

/**
 * POST /api/jobs/preview (multipart: file) → {fileName, format, encoding, columns, sample, rows, emptyRowsSkipped,
 * mapping, fields, report}. `report` says whether the file is a Seller Central report (mapped by its column
 * names) or an ordinary catalog, and then why it is not each report. Nothing is saved.
 */
export async function handleJobPreview(ctx: JobsApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const upload = await readUpload(ctx);
  if (!upload.ok) return upload.response;
  const { file, fileName } = upload;
  const report = recognizeReport(file);
  return reply({
    fileName,
    format: file.format,
    encoding: file.encoding,
    columns: file.columns,
    sample: file.rows.slice(0, previewRows),
    rows: file.rows.length,
    emptyRowsSkipped: file.emptyRowsSkipped,
    mapping: report.report ? reportMapping(report.report, file) : proposeMapping(file.columns, file.rows),
    fields: catalogFields,
    report,
  });
}

const startOptionsSchema = z.object({ mapping: catalogMappingSchema, options: jobOptionsSchema });

/**
 * POST /api/jobs (multipart: file, mapping (JSON: field → column index or null), options (JSON: {sections,
 * marketplace})) → 201 {job}. 413 over the limits, 400 for a mapping without brand or product name (naming
 * them) or an unknown store, 402 when the workspace's words do not cover one row.
 */
export async function handleJobCreate(ctx: JobsApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const upload = await readUpload(ctx);
  if (!upload.ok) return upload.response;
  const { fields, file, fileName } = upload;
  let parsed: z.infer<typeof startOptionsSchema>;
  try {
    const checked = startOptionsSchema.safeParse({ mapping: JSON.parse(fields.get("mapping") ?? "null"), options: JSON.parse(fields.get("options") ?? "null") });
    if (!checked.success) return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.badOptions") } });
    parsed = checked.data;
  } catch {
    return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.badOptions") } });
  }
  const mappingCheck = validateMapping(parsed.mapping, file.columns);
  if (!mappingCheck.ok) {
    const fieldErrors: Record<string, string> = {};
    for (const field of mappingCheck.missing) fieldErrors[field] = translate(ctx.locale, "jobs.error.missingColumn", { field: translate(ctx.locale, `jobs.field.${field}`) });
    for (const { fields } of mappingCheck.duplicates) for (const field of fields) fieldErrors[field] = translate(ctx.locale, "jobs.error.columnTwice");
    for (const field of mappingCheck.outOfRange) fieldErrors[field] = translate(ctx.locale, "jobs.error.noSuchColumn");
    return refuse(ctx, "INVALID_CATALOG", { details: { message: translate(ctx.locale, "jobs.error.mapping"), fieldErrors } });
  }
  const marketplace = getMarketplace(parsed.options.marketplace);
  if (!marketplace) return refuse(ctx, "UNKNOWN_MARKETPLACE", { params: { name: parsed.options.marketplace.slice(0, 100) } });

  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const { ruleSetId } = await getListingSettings({ db: ctx.db, workspaceId });
  // Sections the workspace's rule set does not have (item highlights before July 2026) are left out.
  const ruleSet = getRuleSet(ruleSetFor(marketplace, ruleSetId))!;
  const sections = parsed.options.sections.filter((section) => section !== "itemHighlights" || ruleSet.sections.itemHighlights);
  const options: JobOptions = { sections, marketplace: marketplace.id, ruleSetId };
  const perRow = ctx.runner.rowWords(options);
  const { balance } = await getWorkspaceBilling({ db: ctx.db, workspaceId, trialWords: ctx.config.billing.trialWords });
  if (balance.available < perRow) {
    return refuse(ctx, "NO_CREDITS", { details: { message: translate(ctx.locale, "jobs.error.noWords", { needed: perRow, available: balance.available }), numbers: { needed: perRow, available: balance.available } } });
  }

  const { rows, problems } = await toCatalogRowsInSlices(file, mappingCheck.mapping, { marketplace: marketplace.id });
  const byRow = new Map<number, CatalogProblem[]>();
  for (const problem of problems) byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  const good = new Map(rows.map((row) => [row.index, row]));
  const jobRows: NewJobRow[] = file.rowNumbers.map((rowNumber, i) => {
    const row = good.get(rowNumber);
    if (row) return { rowNumber, input: { facts: row.facts, keywords: row.keywords, marketplace: row.marketplace, ...(row.sku ? { sku: row.sku } : {}), ...(row.asin ? { asin: row.asin } : {}) } satisfies RowInput };
    const reasons = (byRow.get(rowNumber) ?? []).filter((problem) => problem.skipped);
    const cells = file.rows[i] ?? [];
    const cell = (field: (typeof catalogFields)[number]) => {
      const column = mappingCheck.mapping[field];
      return column === null ? "" : (cells[column] ?? "").slice(0, 200);
    };
    return {
      rowNumber,
      input: { facts: { brand: cell("brand") || (mappingCheck.mapping.brand === null ? (mappingCheck.mapping.brandForAll ?? "") : ""), productName: cell("productName") }, marketplace: cell("marketplace") || marketplace.id },
      error: reasons.map((problem) => problemMessage(ctx.locale, problem, file.columns, mappingCheck.mapping[problem.field])).join(" ") || translate(ctx.locale, "jobs.problem.missing", { column: "" }),
    };
  });
  let made: Awaited<ReturnType<typeof createJob>>;
  try {
    made = await createJob({ db: ctx.db, workspaceId, userId: ctx.user.id, fileName, options, rows: jobRows, emptyRowsSkipped: file.emptyRowsSkipped });
  } catch (error) {
    if (error instanceof JobQueueFullError) return queueFull(ctx, error);
    throw error;
  }
  const { jobId, toSend } = made;
  await ctx.runner.enqueue(toSend);
  const job = await getJobProgress({ db: ctx.db, workspaceId, id: jobId, rowWords: ctx.runner.rowWords });
  return Response.json({ job }, { status: 201, headers: { ...noStore, Location: `/jobs/${jobId}` } });
}

/** GET /api/jobs → {jobs}: the workspace's jobs, newest first. */
export async function handleJobList(ctx: JobsApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  return reply({ jobs: await listJobs({ db: ctx.db, workspaceId }) });
}

/** GET /api/jobs/:id → {status, total, done, failed, wordsReserved, wordsCharged, …} (JobProgress). */
export async function handleJobGet(ctx: JobsApiContext & { id: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const job = await getJobProgress({ db: ctx.db, workspaceId, id: ctx.id, rowWords: ctx.runner.rowWords });
  return job ? reply(job) : notFound(ctx);
}

const rowsQuerySchema = z.object({
  status: z.enum(rowStatuses).optional(),
  after: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** GET /api/jobs/:id/rows?status&after&limit → {items, nextAfter}: the rows in file order. */
export async function handleJobRows(ctx: JobsApiContext & { id: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const url = new URL(ctx.request.url);
  const query = rowsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return refuse(ctx, "INVALID_QUERY", { details: { message: translate(ctx.locale, "api.error.badRequest") } });
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  if (!(await jobExists({ db: ctx.db, workspaceId, id: ctx.id }))) return notFound(ctx);
  return reply(await listJobRows({ db: ctx.db, workspaceId, jobId: ctx.id, status: query.data.status ? [query.data.status] : undefined, afterRow: query.data.after ?? 0, limit: query.data.limit ?? 100 }));
}

const actions = ["pause", "resume", "cancel", "retry-failed"] as const satisfies readonly JobAction[];

/** POST /api/jobs/:id/pause|resume|cancel|retry-failed → {job, changed}. */
export async function handleJobAction(ctx: JobsApiContext & { id: string; action: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  if (!(actions as readonly string[]).includes(ctx.action)) return notFound(ctx);
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  let result: JobChange | undefined;
  try {
    result = await changeJob({ db: ctx.db, workspaceId, id: ctx.id, action: ctx.action as JobAction });
  } catch (error) {
    if (error instanceof JobQueueFullError) return queueFull(ctx, error);
    throw error;
  }
  if (!result) return notFound(ctx);
  if (result.refusal === "cancelled") return refuse(ctx, "JOB_CANCELLED");
  // A paused or cancelled job's waiting rows leave the queue at once (resume sends them again).
  if (result.changed && (ctx.action === "pause" || ctx.action === "cancel")) await ctx.runner.withdraw(ctx.id);
  await ctx.runner.enqueue(result.toSend);
  const job = await getJobProgress({ db: ctx.db, workspaceId, id: ctx.id, rowWords: ctx.runner.rowWords });
  return reply({ job, changed: result.changed });
}

export const jobExportFormats = ["flatfile", "csv", "jsonl"] as const;

/** GET /api/jobs/:id/export?format=flatfile|csv|jsonl → the whole job as a download. */
export async function handleJobExport(ctx: JobsApiContext & { id: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const format = new URL(ctx.request.url).searchParams.get("format") ?? "csv";
  if (!(jobExportFormats as readonly string[]).includes(format)) return refuse(ctx, "INVALID_QUERY", { details: { message: translate(ctx.locale, "jobs.error.badFormat") } });
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const job = await getJobProgress({ db: ctx.db, workspaceId, id: ctx.id, rowWords: ctx.runner.rowWords });
  if (!job) return notFound(ctx);
  const lines: string[] = [];
  const flatListings: FlatFileListing[] = [];
  // The report says for each row why its listing fails its rules (job-report.server.ts).
  if (format === "csv") for await (const line of jobReportLines({ db: ctx.db, workspaceId, jobId: ctx.id, publicUrl: ctx.config.publicUrl })) lines.push(line);
  else for await (const row of iterateJobRows({ db: ctx.db, workspaceId, jobId: ctx.id })) {
    if (row.status !== "done" || !row.listingId) continue;
    const listing = await getListing({ db: ctx.db, workspaceId, id: row.listingId });
    const ruleSet = listing && getRuleSet(listing.ruleSetId);
    const marketplace = listing && getMarketplace(listing.marketplace);
    if (!listing || !ruleSet || !marketplace) continue;
    if (format === "jsonl") {
      lines.push(JSON.stringify({ row: row.rowNumber, listingId: listing.id, marketplace: marketplace.id, ...toListingsApiJson({ facts: listing.facts, copy: listing.copy, ruleSet, marketplace, languageTag: listing.language.tag }) }));
      continue;
    }
    flatListings.push({ facts: listing.facts, copy: listing.copy, ruleSet });
  }
  let body: string;
  if (format === "flatfile") {
    // The same flat file as one listing's export: a header with every row's columns, each cell made inert there.
    body = toFlatFileRows(flatListings);
  } else {
    body = lines.join(format === "csv" ? "\r\n" : "\n") + "\n";
  }
  const extension = format === "flatfile" ? "tsv" : format;
  const stem = job.fileName.replace(/\.[A-Za-z0-9]+$/, "").replace(/[^\p{L}\p{N}._-]+/gu, "-").slice(0, 60) || "catalog";
  return new Response(format === "csv" ? `\uFEFF${body}` : body, {
    headers: {
      ...noStore,
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : format === "jsonl" ? "application/x-ndjson; charset=utf-8" : "text/tab-separated-values; charset=utf-8",
      "Content-Disposition": `attachment; filename="${encodeURIComponent(stem)}-${format === "csv" ? "report" : "listings"}.${extension}"`,
    },
  });
}
