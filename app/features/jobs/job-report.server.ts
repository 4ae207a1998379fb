// The bulk job's CSV report (GET /api/jobs/:id/export?format=csv, README "Bulk jobs"): one line per row,
// and for a written row why its listing fails or is advised against its rules (issue 31 point 4).
import type { Db } from "#server/db/db.server.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { lintCopy } from "#app/features/listings/listing-lint.ts";
import { flattenViolations } from "#app/features/listings/listings-api.server.ts";
import { listingCopySchema, listingFactsSchema } from "#app/features/listings/types.ts";
import { getMarketplace, languageIn } from "#app/features/marketplaces/registry.ts";
import { reportWithMessages } from "#app/features/marketplaces/lint-request.server.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { translate, type Locale, type MessageKey } from "#app/i18n/i18n.ts";
import { csvField } from "#app/lib/spreadsheet-cells.ts";
import { iterateJobRows } from "./jobs.server.ts";
import type { JobRowView } from "./types.ts";

export const jobReportColumns = ["row", "status", "lint_passed", "coverage_score", "listing_link", "error", "lint_violations"] as const;

/** The rows' errors are written in English (a job keeps no language of its own), so the violations are too. */
const reportLocale: Locale = "en";

/** Rows read, and their versions fetched, at once. */
const batchSize = 500;

type ReportRow = JobRowView & { input: string };

/** The report as CSV lines, header first; every cell goes through csvField. */
export async function* jobReportLines({ db, workspaceId, jobId, publicUrl }: { db: Db; workspaceId: string; jobId: string; publicUrl: string }): AsyncGenerator<string> {
  yield jobReportColumns.map(csvField).join(",");
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  let batch: ReportRow[] = [];
  const flush = async function* () {
    const why = await violationsOfRows({ db, workspaceId, rowIds: batch.filter((row) => row.status === "done").map((row) => row.id), otherBrands });
    for (const row of batch) {
      const link = row.listingId ? `${publicUrl}/listings/${row.listingId}` : "";
      yield [String(row.rowNumber), row.status, row.passed === null ? "" : row.passed ? "yes" : "no", row.coverage === null ? "" : String(row.coverage), link, row.error ?? "", why.get(row.id) ?? ""].map(csvField).join(",");
    }
    batch = [];
  };
  for await (const row of iterateJobRows({ db, workspaceId, jobId })) {
    batch.push(row);
    if (batch.length >= batchSize) yield* flush();
  }
  yield* flush();
}

/**
 * Each written row's violations, linted as the save linted them: the version the row's generation saved
 * (not the listing's latest, which a seller may have edited since), its rule set and the row's store.
 */
async function violationsOfRows({ db, workspaceId, rowIds, otherBrands }: { db: Db; workspaceId: string; rowIds: string[]; otherBrands: readonly string[] }): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (rowIds.length === 0) return found;
  const versions = await db
    .selectFrom("job_row as r")
    .innerJoin("listing_version as v", (join) => join.onRef("v.generationId", "=", "r.generationId").onRef("v.listingId", "=", "r.listingId"))
    .innerJoin("listing as l", "l.id", "v.listingId")
    .select(["r.id as rowId", "v.facts", "v.copy", "l.marketplace", "l.ruleSetId", "l.languageTag"])
    .where("r.workspaceId", "=", workspaceId)
    .where("l.workspaceId", "=", workspaceId)
    .where("r.id", "in", rowIds)
    .execute();
  for (const version of versions) {
    const ruleSet = getRuleSet(version.ruleSetId);
    const marketplace = getMarketplace(version.marketplace);
    const facts = listingFactsSchema.safeParse(readJson(version.facts));
    const copy = listingCopySchema.safeParse(readJson(version.copy));
    if (!ruleSet || !marketplace || !facts.success || !copy.success) continue;
    const report = lintCopy({ ruleSet, language: languageIn(marketplace, version.languageTag).language, brand: facts.data.brand, otherBrands, store: marketplace, copy: copy.data });
    found.set(version.rowId, describeViolations(flattenViolations(reportWithMessages(report, reportLocale)), reportLocale));
  }
  return found;
}

function readJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** "Bullet 2 (error): message — explanation (source)" for each violation, errors first, joined with " | ". */
export function describeViolations(violations: ReturnType<typeof flattenViolations>, locale: Locale): string {
  return violations
    .map((violation) => {
      const section = violation.index === undefined ? translate(locale, `listings.section.${violation.section}` as MessageKey) : translate(locale, "listings.bullet.label", { n: violation.index + 1 });
      const params = { section, severity: translate(locale, violation.severity === "error" ? "jobs.report.error" : "jobs.report.warning"), message: violation.message, explanation: violation.explanation ?? "" };
      return violation.source ? translate(locale, "jobs.report.violation", { ...params, source: violation.source }) : translate(locale, "jobs.report.violationNoSource", params);
    })
    .join(" | ");
}
