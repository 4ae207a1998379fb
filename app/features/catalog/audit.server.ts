// The catalog audit's writes (issue 33 item 5, docs/decisions/037): each listing's health stored with what it
// found, in batches that give the event loop a turn every slice (a 10,000-listing catalog never stalls other
// requests), and a catalog_health point per import or audit run. Listens to every saved listing version.
import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Transaction } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import type { Database, ListingAuditTable, ListingFindingTable } from "#server/db/schema.ts";
import { logger } from "#server/logger.server.ts";
import { onImportFinished } from "#app/features/amazon/import/import-runner.server.ts";
import { readKeywordBank } from "#app/features/keywords/keyword-bank.server.ts";
import { onListingVersionSaved } from "#app/features/listings/listings.server.ts";
import { listingCopySchema, emptyCopy } from "#app/features/listings/types.ts";
import { getMarketplace, languageIn } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { workSlices } from "#app/lib/work-slices.ts";
import { auditListing, readAmazonIssues } from "./health.ts";
import { catalogTotals } from "./catalog.server.ts";
import type { HealthPoint } from "./types.ts";

/** Listings read, audited and written together (one read, one transaction of writes). */
const batchSize = 500;
/** A large audit started from the page runs on after the answer; smaller catalogs are audited before it. */
export const auditInRequestUpTo = 1000;
/** A 'running' audit older than this was cut short (its server stopped): another may start. */
const runningStaleMs = 15 * 60_000;

type Services = { db: Db };

function readJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

const listingColumns = ["id", "marketplace", "ruleSetId", "facts", "copy", "keywords", "languageTag", "amazonIssues", "version", "updatedAt"] as const;

async function inOneTransaction(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  // The save of a version may already be a transaction (a generation saves with its credits).
  if (db.isTransaction) return work(db);
  await db.transaction().execute((trx: Transaction<Database>) => work(trx));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function storeAudits(db: Db, audits: Insertable<ListingAuditTable>[], findings: Insertable<ListingFindingTable>[]): Promise<void> {
  await inOneTransaction(db, async (trx) => {
    for (const ids of chunks(audits.map((audit) => audit.listingId), batchSize)) await trx.deleteFrom("listing_finding").where("listingId", "in", ids).execute();
    for (const part of chunks(audits, 200)) {
      await trx
        .insertInto("listing_audit")
        .values(part)
        .onConflict((conflict) =>
          conflict.column("listingId").doUpdateSet((eb) => ({
            score: eb.ref("excluded.score"),
            errors: eb.ref("excluded.errors"),
            warnings: eb.ref("excluded.warnings"),
            missing: eb.ref("excluded.missing"),
            coverage: eb.ref("excluded.coverage"),
            ruleSetId: eb.ref("excluded.ruleSetId"),
            marketplace: eb.ref("excluded.marketplace"),
            title: eb.ref("excluded.title"),
            version: eb.ref("excluded.version"),
            updatedAt: eb.ref("excluded.updatedAt"),
            auditedAt: eb.ref("excluded.auditedAt"),
          })),
        )
        .execute();
    }
    for (const part of chunks(findings, 500)) await trx.insertInto("listing_finding").values(part).execute();
    // The totals a server keeps (catalogTotals) are now out of date for this workspace.
    for (const workspaceId of new Set(audits.map((audit) => audit.workspaceId))) {
      await trx
        .insertInto("catalog_revision")
        .values({ workspaceId, revision: 1 })
        .onConflict((conflict) => conflict.column("workspaceId").doUpdateSet((eb) => ({ revision: eb(eb.ref("catalog_revision.revision"), "+", 1) })))
        .execute();
    }
  });
}

/**
 * Recomputes and stores the audit of the workspace's listings (all, or `listingIds`), in batches; between
 * slices of ~10 ms the event loop turns. `onProgress` hears how many are done after each batch.
 */
export async function auditListings(
  services: Services,
  workspaceId: string,
  listingIds?: readonly string[],
  { onProgress, now = () => new Date() }: { onProgress?: (audited: number) => Promise<unknown> | void; now?: () => Date } = {},
): Promise<{ audited: number }> {
  const { db } = services;
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  const slices = workSlices();
  const idBatches = listingIds ? chunks([...new Set(listingIds)], batchSize) : undefined;
  let after = "";
  let audited = 0;
  for (let batch = 0; ; batch++) {
    let query = db.selectFrom("listing").select(listingColumns).where("workspaceId", "=", workspaceId);
    if (idBatches) {
      if (batch >= idBatches.length) break;
      query = query.where("id", "in", idBatches[batch]!);
    } else query = query.where("id", ">", after).orderBy("id").limit(batchSize);
    const rows = await query.execute();
    const auditedAt = now().toISOString();
    const audits: Insertable<ListingAuditTable>[] = [];
    const findings: Insertable<ListingFindingTable>[] = [];
    for (const row of rows) {
      const ruleSet = getRuleSet(row.ruleSetId);
      const store = getMarketplace(row.marketplace);
      if (!ruleSet) continue;
      const parsedCopy = listingCopySchema.safeParse(readJson(row.copy));
      const copy = parsedCopy.success ? parsedCopy.data : emptyCopy();
      const facts = readJson(row.facts) as { brand?: unknown } | undefined;
      const health = auditListing({
        ruleSet,
        language: store ? languageIn(store, row.languageTag).language : "en",
        brand: typeof facts?.brand === "string" ? facts.brand : "",
        otherBrands,
        ...(store ? { store } : {}),
        copy,
        keywords: readKeywordBank(row.keywords),
        amazonIssues: readAmazonIssues(row.amazonIssues),
      });
      audits.push({
        listingId: row.id,
        workspaceId,
        score: health.score,
        errors: health.errors,
        warnings: health.warnings,
        missing: health.missing,
        coverage: health.coverage,
        ruleSetId: row.ruleSetId,
        marketplace: row.marketplace,
        title: copy.title.slice(0, 500),
        version: Number(row.version),
        updatedAt: row.updatedAt,
        auditedAt,
      });
      for (const finding of health.findings) findings.push({ listingId: row.id, workspaceId, ...finding });
      if (slices.due()) await slices.pause();
    }
    if (audits.length > 0) await storeAudits(db, audits, findings);
    audited += rows.length;
    await onProgress?.(audited);
    if (!idBatches && rows.length < batchSize) break;
    if (!idBatches) after = rows.at(-1)!.id;
    if (slices.due()) await slices.pause();
  }
  return { audited };
}

/** Stores the catalog's totals as a point of its health over time (one per import or audit run). `id`: the running audit it completes. */
export async function recordCatalogHealth(services: Services, workspaceId: string, trigger: "import" | "audit", { id, now = new Date() }: { id?: string; now?: Date } = {}): Promise<HealthPoint> {
  const { db } = services;
  const totals = await catalogTotals({ db, workspaceId });
  const point = { at: now.toISOString(), trigger, listings: totals.listings, failing: totals.failing, averageScore: totals.averageScore };
  const values = { ...point, status: "done" as const, audited: totals.audited, totals: JSON.stringify(totals) };
  if (id) await db.updateTable("catalog_health").set(values).where("id", "=", id).where("workspaceId", "=", workspaceId).execute();
  else await db.insertInto("catalog_health").values({ id: randomUUID(), workspaceId, ...values }).execute();
  return point;
}

export interface AuditRun {
  id: string;
  /** False: an audit of this workspace was already running (this is that one). */
  started: boolean;
  /** The audit is over (small catalogs are audited before the answer). */
  finished: boolean;
}

/** The workspace's audit under way, if any: how far it is. */
export async function getRunningAudit({ db, workspaceId, now = new Date() }: { db: Db; workspaceId: string; now?: Date }): Promise<{ id: string; at: string; audited: number; listings: number } | undefined> {
  const row = await db
    .selectFrom("catalog_health")
    .select(["id", "at", "audited", "listings"])
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "running")
    .where("at", ">", new Date(now.getTime() - runningStaleMs).toISOString())
    .orderBy("at", "desc")
    .executeTakeFirst();
  return row ? { id: row.id, at: row.at, audited: Number(row.audited), listings: Number(row.listings) } : undefined;
}

/** "Run audit": the whole catalog again, then a health point. A large catalog runs on in slices after the answer, with its progress in the point's row. */
export async function runCatalogAudit(services: Services, workspaceId: string, { inRequestUpTo = auditInRequestUpTo, now = new Date() }: { inRequestUpTo?: number; now?: Date } = {}): Promise<AuditRun> {
  const { db } = services;
  const running = await getRunningAudit({ db, workspaceId, now });
  if (running) return { id: running.id, started: false, finished: false };
  const counted = await db.selectFrom("listing").select(sql<number>`count(*)`.as("n")).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow();
  const listings = Number(counted.n);
  const id = randomUUID();
  await db.insertInto("catalog_health").values({ id, workspaceId, at: now.toISOString(), trigger: "audit", status: "running", audited: 0, listings, failing: 0, averageScore: null }).execute();
  const work = auditListings(services, workspaceId, undefined, { onProgress: (audited) => db.updateTable("catalog_health").set({ audited }).where("id", "=", id).execute() }).then(() =>
    recordCatalogHealth(services, workspaceId, "audit", { id }),
  );
  if (listings <= inRequestUpTo) {
    await work;
    return { id, started: true, finished: true };
  }
  work.catch((error: unknown) => logger.error({ err: error, workspaceId }, "catalog audit failed"));
  return { id, started: true, finished: false };
}

// Every saved version is audited with it, in the same transaction: the catalog never shows a stale score for new copy.
onListingVersionSaved(({ db, workspaceId, listingId }) => auditListings({ db }, workspaceId, [listingId]).then(() => undefined));
// After an import from Amazon (new listings, and Amazon's issues even where the copy did not change): the whole catalog, then a point.
onImportFinished(async ({ db, workspaceId }) => {
  await auditListings({ db }, workspaceId);
  await recordCatalogHealth({ db }, workspaceId, "import");
});
