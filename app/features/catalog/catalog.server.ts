// The catalog audit's reads (issue 33 item 5): totals, keyset pages under the page's filters and sorts, the
// CSV export of the same rows, and the health points. Always one workspace's: another's listing is not found.
import { sql, type SelectQueryBuilder } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import type { Database } from "#server/db/schema.ts";
import { decodeSortCursor, encodeSortCursor, type SortPosition } from "#app/lib/cursor.ts";
import { csvField } from "#app/lib/spreadsheet-cells.ts";
import type { FindingSource } from "./health.ts";
import { ruleKey, type CatalogFilter, type CatalogRow, type CatalogTotals, type HealthPoint, type RuleTotal } from "./types.ts";

// 25 rows: rendering the page, not the query, is most of its time at 10,000 listings (bench/catalog.ts).
export const catalogPageSize = 25;

const count = (value: unknown) => Number(value ?? 0);

/**
 * Totals counted by this server, per workspace (the most recently used 200): counting takes ~13 ms at 10,000
 * listings, checking that they still hold ~0.5 ms. They hold while the workspace's audit revision (moved on by every
 * store of audits, on any server) and its listing count (a deleted listing takes its audit with it) are unchanged.
 */
const totalsCache = new Map<string, { revision: number; listings: number; totals: CatalogTotals }>();
const totalsCacheSize = 200;

/** The catalog's totals now: listings, failing, average score, and listings per severity, rule, store and source. */
export async function catalogTotals({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<CatalogTotals> {
  const [revisionRow, listed] = await Promise.all([
    db.selectFrom("catalog_revision").select("revision").where("workspaceId", "=", workspaceId).executeTakeFirst(),
    db.selectFrom("listing").select(sql<number>`count(*)`.as("n")).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow(),
  ]);
  const revision = Number(revisionRow?.revision ?? 0);
  const listings = count(listed.n);
  const cached = totalsCache.get(workspaceId);
  totalsCache.delete(workspaceId);
  if (cached && cached.revision === revision && cached.listings === listings) {
    totalsCache.set(workspaceId, cached);
    return cached.totals;
  }
  const totals = await countCatalogTotals({ db, workspaceId });
  // Counted inside a transaction (the save of a version) the totals may not be everyone's yet: not kept.
  if (!db.isTransaction) {
    totalsCache.set(workspaceId, { revision, listings, totals });
    if (totalsCache.size > totalsCacheSize) totalsCache.delete(totalsCache.keys().next().value!);
  }
  return totals;
}

async function countCatalogTotals({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<CatalogTotals> {
  const [listed, audit, byRule, byStore, bySource] = await Promise.all([
    db.selectFrom("listing").select(sql<number>`count(*)`.as("n")).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow(),
    db
      .selectFrom("listing_audit")
      .select([
        sql<number>`count(*)`.as("audited"),
        sql<number>`sum(case when errors > 0 then 1 else 0 end)`.as("failing"),
        sql<number>`sum(case when warnings > 0 then 1 else 0 end)`.as("warned"),
        sql<number | null>`avg(score)`.as("average"),
      ])
      .where("workspaceId", "=", workspaceId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("listing_finding")
      // 'error' sorts before 'warning': min is the worst severity the rule has in any listing.
      .select(["source", "code", sql<"error" | "warning">`min(severity)`.as("severity"), sql<number>`count(*)`.as("listings")])
      .where("workspaceId", "=", workspaceId)
      .groupBy(["source", "code"])
      .orderBy(sql`count(*)`, "desc")
      .orderBy("source")
      .orderBy("code")
      .limit(30)
      .execute(),
    db
      .selectFrom("listing_audit")
      .select(["marketplace", sql<number>`count(*)`.as("listings"), sql<number>`sum(case when errors > 0 then 1 else 0 end)`.as("failing")])
      .where("workspaceId", "=", workspaceId)
      .groupBy("marketplace")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("marketplace")
      .execute(),
    db
      .selectFrom("listing_finding")
      .select(["source", sql<number>`count(distinct ${sql.ref("listingId")})`.as("listings")])
      .where("workspaceId", "=", workspaceId)
      .where("severity", "=", "error")
      .where("source", "in", ["lint", "amazon"])
      .groupBy("source")
      .execute(),
  ]);
  const average = audit.average === null || audit.average === undefined ? null : Math.round(Number(audit.average) * 10) / 10;
  return {
    listings: count(listed.n),
    audited: count(audit.audited),
    failing: count(audit.failing),
    averageScore: average,
    bySeverity: { error: count(audit.failing), warning: count(audit.warned) },
    byRule: byRule.map((row): RuleTotal => ({ source: row.source, code: row.code, severity: row.severity, listings: count(row.listings) })),
    byStore: byStore.map((row) => ({ marketplace: row.marketplace, listings: count(row.listings), failing: count(row.failing) })),
    bySource: { lint: count(bySource.find((row) => row.source === "lint")?.listings), amazon: count(bySource.find((row) => row.source === "amazon")?.listings) },
  };
}

type AuditQuery = SelectQueryBuilder<Database & { a: Database["listing_audit"]; l: Database["listing"] }, "a" | "l", object>;

function filtered(db: Db, workspaceId: string, filter: CatalogFilter): AuditQuery {
  let query = db.selectFrom("listing_audit as a").innerJoin("listing as l", "l.id", "a.listingId").where("a.workspaceId", "=", workspaceId) as unknown as AuditQuery;
  if (filter.rule) {
    const [source, ...rest] = filter.rule.split(":");
    const code = rest.join(":");
    query = query.where("a.listingId", "in", db.selectFrom("listing_finding").select("listingId").where("workspaceId", "=", workspaceId).where("source", "=", source as FindingSource).where("code", "=", code));
  }
  if (filter.severity === "error") query = query.where("a.errors", ">", 0);
  if (filter.severity === "warning") query = query.where("a.warnings", ">", 0);
  if (filter.store) query = query.where("a.marketplace", "=", filter.store);
  if (filter.min !== undefined) query = query.where("a.score", ">=", filter.min);
  if (filter.max !== undefined) query = query.where("a.score", "<=", filter.max);
  if (filter.changed) query = query.where(changedSinceImport);
  return query;
}

/**
 * Edited since the live copy was imported: a version after the imported one that is not a fix proposal
 * (a proposal moves the version number on, but nothing changed until a section of it is accepted).
 */
const changedSinceImport = sql<boolean>`exists (select 1 from listing_version v where v."listingId" = l.id and v.version > l."importedVersion" and v.source <> 'proposed')`;

const sortColumn = { score: "a.score", updated: "a.updatedAt", title: "a.title" } as const;
/** Worst first; newest first; A to Z. */
const sortDirection = { score: "asc", updated: "desc", title: "asc" } as const;

function keyOf(row: { score: number; updatedAt: string; title: string }, sort: CatalogFilter["sort"]): string | number {
  return sort === "score" ? Number(row.score) : sort === "updated" ? row.updatedAt : row.title;
}

async function pageRows({ db, workspaceId, filter, after, limit }: { db: Db; workspaceId: string; filter: CatalogFilter; after?: SortPosition; limit: number }) {
  const column = sortColumn[filter.sort];
  const direction = sortDirection[filter.sort];
  let query = filtered(db, workspaceId, filter);
  if (after) {
    const key = filter.sort === "score" ? Number(after.k) : String(after.k);
    const beyond = direction === "asc" ? ">" : "<";
    query = query.where((eb) => eb.or([eb(column, beyond, key), eb.and([eb(column, "=", key), eb("a.listingId", beyond, after.i)])]));
  }
  return query
    .select(["a.listingId", "a.title", "a.marketplace", "a.score", "a.errors", "a.warnings", "a.missing", "a.coverage", "a.updatedAt", "a.auditedAt", sql<number>`case when ${changedSinceImport} then 1 else 0 end`.as("changed")])
    .orderBy(column, direction)
    .orderBy("a.listingId", direction)
    .limit(limit + 1)
    .execute();
}

/** One page of the audit under `filter` (keyset on the sort key and the listing id). A malformed cursor throws InvalidCursorError. */
export async function listCatalogPage({ db, workspaceId, filter, cursor, limit = catalogPageSize }: { db: Db; workspaceId: string; filter: CatalogFilter; cursor?: string | null; limit?: number }): Promise<{ items: CatalogRow[]; nextCursor: string | null }> {
  const after = cursor ? decodeSortCursor(cursor) : undefined;
  const rows = await pageRows({ db, workspaceId, filter, ...(after ? { after } : {}), limit });
  const page = rows.slice(0, limit);
  const rules = new Map<string, string[]>();
  if (page.length > 0) {
    const findings = await db
      .selectFrom("listing_finding")
      .select(["listingId", "source", "code"])
      .where("workspaceId", "=", workspaceId)
      .where(
        "listingId",
        "in",
        page.map((row) => row.listingId),
      )
      .orderBy("listingId")
      .orderBy("severity")
      .orderBy("source")
      .orderBy("code")
      .execute();
    for (const finding of findings) rules.set(finding.listingId, [...(rules.get(finding.listingId) ?? []), ruleKey(finding)]);
  }
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      listingId: row.listingId,
      title: row.title,
      marketplace: row.marketplace,
      score: Number(row.score),
      errors: Number(row.errors),
      warnings: Number(row.warnings),
      missing: Number(row.missing),
      coverage: row.coverage === null ? null : Number(row.coverage),
      rules: rules.get(row.listingId) ?? [],
      changedSinceImport: Number(row.changed) === 1,
      updatedAt: row.updatedAt,
      auditedAt: row.auditedAt,
    })),
    nextCursor: rows.length > limit && last ? encodeSortCursor({ k: keyOf(last, filter.sort), i: last.listingId }) : null,
  };
}

export const catalogCsvColumns = ["listing_id", "title", "store", "score", "errors", "warnings", "missing_sections", "keyword_coverage", "rules", "changed_since_import", "updated_at", "audited_at", "url"] as const;

/** The audit under `filter` as CSV (UTF-8 with BOM, every row of the filter, in the page's order), read page by page. */
export async function exportCatalogCsv({ db, workspaceId, filter, publicUrl }: { db: Db; workspaceId: string; filter: CatalogFilter; publicUrl: string }): Promise<string> {
  const lines = [catalogCsvColumns.join(",")];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listCatalogPage>> = await listCatalogPage({ db, workspaceId, filter, cursor, limit: 1000 });
    for (const row of page.items) {
      lines.push(
        [
          row.listingId,
          row.title,
          row.marketplace,
          String(row.score),
          String(row.errors),
          String(row.warnings),
          String(row.missing),
          row.coverage === null ? "" : String(row.coverage),
          row.rules.join(" "),
          row.changedSinceImport ? "yes" : "no",
          row.updatedAt,
          row.auditedAt,
          `${publicUrl}/listings/${row.listingId}`,
        ]
          .map(csvField)
          .join(","),
      );
    }
    cursor = page.nextCursor;
  } while (cursor);
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The catalog's health over time: the latest `limit` finished runs, oldest first. */
export async function listHealthPoints({ db, workspaceId, limit = 60 }: { db: Db; workspaceId: string; limit?: number }): Promise<HealthPoint[]> {
  const rows = await db
    .selectFrom("catalog_health")
    .select(["at", "trigger", "listings", "failing", "averageScore"])
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "done")
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({ at: row.at, trigger: row.trigger, listings: Number(row.listings), failing: Number(row.failing), averageScore: row.averageScore === null ? null : Number(row.averageScore) }));
}

/** The dashboard's card: the catalog's health now and the three rules most listings break. */
export async function getCatalogHealthSummary({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<{ listings: number; audited: number; failing: number; averageScore: number | null; topRules: RuleTotal[] }> {
  const totals = await catalogTotals({ db, workspaceId });
  return { listings: totals.listings, audited: totals.audited, failing: totals.failing, averageScore: totals.averageScore, topRules: totals.byRule.slice(0, 3) };
}
