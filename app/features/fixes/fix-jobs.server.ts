// Fix jobs (issue 33 item 6): the listings to fix (by id, or every listing failing a rule) and the job that
// rewrites them, one row per listing, on the bulk jobs' durable queue (app/features/jobs: claimed once,
// words reserved before each call, paused when words run out, taken over after a crash). Each row saves a
// 'proposed' version; the listing's copy is not touched until a section is accepted (proposals.server.ts).
import { getWorkspaceBilling } from "#app/features/billing/credits.server.ts";
import type { JobRunner } from "#app/features/jobs/job-runner.server.ts";
import { createJob, getJobProgress } from "#app/features/jobs/jobs.server.ts";
import type { JobOptions, JobProgress, RowStatus } from "#app/features/jobs/types.ts";
import { sectionErrorsOf } from "#app/features/listings/listing-fix.ts";
import { lintCopy } from "#app/features/listings/listing-lint.ts";
import { getListing, type ListingView } from "#app/features/listings/listings.server.ts";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { sectionNames } from "#app/features/rules/types.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { yieldToEventLoop } from "#server/queue/work-queue.server.ts";
import { maxFixListings, parseFixRule, type FixRule } from "./fix-request.ts";

/** Whether the listing breaks the rule now (an error of that code, in that section when one is named). */
export function failsRule(listing: ListingView, rule: FixRule, otherBrands: readonly string[]): boolean {
  const ruleSet = getRuleSet(listing.ruleSetId);
  const store = getMarketplace(listing.marketplace);
  if (!ruleSet || !store) return false;
  const report = lintCopy({ ruleSet, language: listing.language.language, brand: listing.facts.brand, otherBrands, store, copy: listing.copy });
  const sections = rule.section ? [rule.section] : sectionNames;
  return sections.some((section) => sectionErrorsOf(report, section).some((violation) => violation.code === rule.code));
}

/**
 * The listings that may fail the rule: the audit's findings (app/features/catalog) when every listing of the
 * workspace has been audited, otherwise every listing. Each is linted again before it is fixed.
 */
async function candidateIds(db: Db, workspaceId: string, rule: FixRule): Promise<string[]> {
  const [listings, audited] = await Promise.all([
    db.selectFrom("listing").select((eb) => eb.fn.countAll<number>().as("n")).where("workspaceId", "=", workspaceId).executeTakeFirst(),
    db.selectFrom("listing_audit").select((eb) => eb.fn.countAll<number>().as("n")).where("workspaceId", "=", workspaceId).executeTakeFirst(),
  ]);
  if (Number(listings?.n ?? 0) > 0 && Number(audited?.n ?? 0) >= Number(listings?.n ?? 0)) {
    const rows = await db.selectFrom("listing_finding").select("listingId").distinct().where("workspaceId", "=", workspaceId).where("source", "=", "lint").where("code", "=", rule.code).where("severity", "=", "error").execute();
    return rows.map((row) => row.listingId);
  }
  const rows = await db.selectFrom("listing").select("id").where("workspaceId", "=", workspaceId).orderBy("createdAt").orderBy("id").execute();
  return rows.map((row) => row.id);
}

export type ListingsToFix = { ok: true; listings: ListingView[] } | { ok: false; missing: string[] };

/** The workspace's listings to fix; `missing` names ids that are not the workspace's (a 404). */
export async function findListingsToFix({ db, workspaceId, listingIds, rule }: { db: Db; workspaceId: string; listingIds?: readonly string[]; rule?: string }): Promise<ListingsToFix> {
  const parsedRule = rule === undefined ? undefined : parseFixRule(rule);
  const ids = listingIds ? [...new Set(listingIds)] : await candidateIds(db, workspaceId, parsedRule!);
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  const listings: ListingView[] = [];
  const missing: string[] = [];
  for (const [index, id] of ids.entries()) {
    // Linting thousands of listings: other requests run between slices.
    if (index > 0 && index % 100 === 0) await yieldToEventLoop();
    const listing = await getListing({ db, workspaceId, id });
    if (!listing) missing.push(id);
    else if (!parsedRule || failsRule(listing, parsedRule, otherBrands)) listings.push(listing);
    if (listings.length >= maxFixListings) break;
  }
  if (listingIds && missing.length > 0) return { ok: false, missing };
  return { ok: true, listings };
}

/** Words the workspace needs for the first row, or undefined when it has them. */
export async function wordsShort({ db, config, runner, workspaceId, options }: { db: Db; config: AppConfig; runner: JobRunner; workspaceId: string; options: JobOptions }): Promise<{ needed: number; available: number } | undefined> {
  const needed = runner.rowWords(options);
  const { balance } = await getWorkspaceBilling({ db, workspaceId, trialWords: config.billing.trialWords });
  return balance.available < needed ? { needed, available: balance.available } : undefined;
}

/** The job's options: every section may be rewritten (a row writes only what fails in its listing). */
export async function fixJobOptions({ db, workspaceId, listings, rule }: { db: Db; workspaceId: string; listings: readonly ListingView[]; rule: string | null }): Promise<JobOptions> {
  const { ruleSetId } = await getListingSettings({ db, workspaceId });
  return { sections: [...sectionNames], marketplace: listings[0]?.marketplace ?? "amazon.com", ruleSetId, fix: { rule } };
}

/** Makes the job (one row per listing, writing that listing) and hands its rows to the queue. */
export async function startFixJob({ db, runner, workspaceId, userId, listings, options }: { db: Db; runner: JobRunner; workspaceId: string; userId: string; listings: readonly ListingView[]; options: JobOptions }): Promise<string> {
  const rows = listings.map((listing, index) => ({ rowNumber: index + 1, listingId: listing.id, input: { facts: listing.facts, keywords: [], marketplace: listing.marketplace } }));
  const { jobId, toSend } = await createJob({ db, workspaceId, userId, fileName: options.fix?.rule ? `fix ${options.fix.rule}` : `fix ${listings.length}`, options, rows, emptyRowsSkipped: 0 });
  await runner.enqueue(toSend);
  return jobId;
}

export interface FixProgress extends JobProgress {
  rule: string | null;
  /** Each listing's row: a row done saved a proposal (or found nothing failing any more). */
  listings: { listingId: string; status: RowStatus; error: string | null; passed: boolean | null }[];
}

/** A fix job's progress (GET /api/fixes/:id); undefined when it is not the workspace's or not a fix job. */
export async function getFixProgress({ db, runner, workspaceId, id }: { db: Db; runner: JobRunner; workspaceId: string; id: string }): Promise<FixProgress | undefined> {
  const job = await getJobProgress({ db, workspaceId, id, rowWords: runner.rowWords });
  if (!job?.options.fix) return undefined;
  const rows = await db.selectFrom("job_row").select(["listingId", "status", "error", "passed", "rowNumber"]).where("jobId", "=", id).where("workspaceId", "=", workspaceId).orderBy("rowNumber").limit(500).execute();
  return { ...job, rule: job.options.fix.rule, listings: rows.map((row) => ({ listingId: row.listingId, status: row.status, error: row.error, passed: row.passed === null ? null : Number(row.passed) === 1 })) };
}

/** The listing's latest fix row (its page says "rewriting…" or why it failed); undefined when never fixed. */
export async function latestFixOfListing({ db, workspaceId, listingId }: { db: Db; workspaceId: string; listingId: string }): Promise<{ jobId: string; status: RowStatus; error: string | null } | undefined> {
  const rows = await db
    .selectFrom("job_row as r")
    .innerJoin("job as j", "j.id", "r.jobId")
    .select(["r.jobId", "r.status", "r.error", "j.options"])
    .where("r.listingId", "=", listingId)
    .where("r.workspaceId", "=", workspaceId)
    .orderBy("j.createdAt", "desc")
    .limit(5)
    .execute();
  const row = rows.find((candidate) => (JSON.parse(candidate.options) as JobOptions).fix !== undefined);
  return row && { jobId: row.jobId, status: row.status, error: row.error };
}
