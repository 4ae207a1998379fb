// The publication rows of a workspace (listing_publication, migration 0031): the audit log of every preview,
// publish and rollback, and the submission record a publish writes before it calls Amazon. Every read by a
// user names the workspace: another workspace's rows are not found.
import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/db.server.ts";
import { dialectOf } from "#server/db/dialect.server.ts";
import type { ListingPublicationTable } from "#server/db/schema.ts";
import { marketplaceBySpApiId } from "#app/features/amazon/regions.ts";
import { emptyCopy } from "#app/features/listings/types.ts";
import { csvField } from "#app/lib/spreadsheet-cells.ts";
import { publishedCopySchema, publishIssueSchema, publishPreviewSchema, type Publication, type PublishedCopy, type PublishIssue, type PublishPreview } from "./types.ts";

export type PublicationRow = Selectable<ListingPublicationTable>;

const readJson = <T>(text: string, schema: z.ZodType<T>, fallback: T): T => {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
};

export const readCopy = (text: string): PublishedCopy => readJson(text, publishedCopySchema, emptyCopy());
export const readIssues = (text: string): PublishIssue[] => readJson(text, z.array(publishIssueSchema), []);
export const readPreview = (text: string): PublishPreview | undefined => readJson<PublishPreview | undefined>(text, publishPreviewSchema, undefined);

export function toPublication(row: PublicationRow & { userName: string | null }): Publication {
  return {
    id: row.id,
    listingId: row.listingId,
    kind: row.kind,
    status: row.status,
    userName: row.userName,
    // Our store id ("amazon.com"), as the listing names it; the row keeps Amazon's for its calls.
    store: marketplaceBySpApiId(row.marketplaceId)?.id ?? row.marketplaceId,
    sku: row.sku,
    productType: row.productType,
    submissionId: row.submissionId,
    previewId: row.previewId,
    rollbackOf: row.rollbackOf,
    batchId: row.batchId,
    before: readCopy(row.before),
    after: readCopy(row.after),
    issues: readIssues(row.issues),
    error: row.error,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function selectRows(db: Db) {
  return db.selectFrom("listing_publication as p").leftJoin("user as u", "u.id", "p.createdBy").selectAll("p").select("u.name as userName");
}

export async function getPublication({ db, workspaceId, id }: { db: Db; workspaceId: string; id: string }): Promise<Publication | undefined> {
  const row = await selectRows(db).where("p.workspaceId", "=", workspaceId).where("p.id", "=", id).executeTakeFirst();
  return row && toPublication(row);
}

export async function getPublicationRow(db: Db, id: string): Promise<PublicationRow | undefined> {
  return db.selectFrom("listing_publication").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A listing's publications, newest first (the audit log on the listing page). */
export async function listPublications({ db, workspaceId, listingId, limit = 200 }: { db: Db; workspaceId: string; listingId: string; limit?: number }): Promise<Publication[]> {
  const rows = await selectRows(db).where("p.workspaceId", "=", workspaceId).where("p.listingId", "=", listingId).orderBy("p.createdAt", "desc").orderBy("p.id", "desc").limit(limit).execute();
  return rows.map(toPublication);
}

/** The latest publish or rollback that reached Amazon (what a rollback undoes). */
export async function lastSentPublication(db: Db, workspaceId: string, listingId: string): Promise<PublicationRow | undefined> {
  return db
    .selectFrom("listing_publication")
    .selectAll()
    .where("workspaceId", "=", workspaceId)
    .where("listingId", "=", listingId)
    .where("kind", "in", ["publish", "rollback"])
    .where("status", "in", ["submitted", "live", "rejected", "pending"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** A publish or rollback of the listing still sending or waiting for Amazon's first answer. */
/**
 * Held for the rest of the transaction: one start of a publish at a time per workspace, so two starts at the same
 * instant (two tabs, two servers) cannot both find a listing free and send it twice. PostgreSQL reads committed
 * rows only; SQLite writes one transaction at a time anyway.
 */
export async function lockPublishing(trx: Db, workspaceId: string): Promise<void> {
  if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`publish:${workspaceId}`}))`.execute(trx);
}

export async function unsettledPublication(db: Db, workspaceId: string, listingId: string): Promise<PublicationRow | undefined> {
  return db.selectFrom("listing_publication").selectAll().where("workspaceId", "=", workspaceId).where("listingId", "=", listingId).where("status", "in", ["sending", "submitted"]).executeTakeFirst();
}

export type NewPublication = Omit<PublicationRow, "id" | "issues" | "issuesBefore" | "checks" | "createdAt" | "updatedAt"> & { issues: string; issuesBefore: string };

export async function insertPublication(db: Db, row: NewPublication, now: Date, id: string = randomUUID()): Promise<PublicationRow> {
  const at = now.toISOString();
  const full: PublicationRow = { ...row, id, checks: 0, createdAt: at, updatedAt: at };
  await db.insertInto("listing_publication").values(full).execute();
  return full;
}

const csvColumns = ["createdAt", "updatedAt", "kind", "status", "userName", "store", "sku", "productType", "submissionId", "titleBefore", "titleAfter", "bulletsBefore", "bulletsAfter", "descriptionBefore", "descriptionAfter", "searchTermsBefore", "searchTermsAfter", "highlightsBefore", "highlightsAfter", "issues", "error"] as const;

/** The audit log as CSV (UTF-8 with BOM; cells made inert by the one CSV writer). */
export function publicationsCsv(publications: readonly Publication[]): string {
  const rows = publications.map((p) => ({
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    kind: p.kind,
    status: p.status,
    userName: p.userName ?? "",
    store: p.store,
    sku: p.sku,
    productType: p.productType,
    submissionId: p.submissionId ?? "",
    titleBefore: p.before.title,
    titleAfter: p.after.title,
    bulletsBefore: p.before.bullets.join("\n"),
    bulletsAfter: p.after.bullets.join("\n"),
    descriptionBefore: p.before.description,
    descriptionAfter: p.after.description,
    searchTermsBefore: p.before.searchTerms,
    searchTermsAfter: p.after.searchTerms,
    highlightsBefore: p.before.itemHighlights,
    highlightsAfter: p.after.itemHighlights,
    issues: p.issues.map((issue) => `${issue.severity} ${issue.code}: ${issue.message}`).join("\n"),
    error: p.error ?? "",
  }));
  const lines = [csvColumns.join(","), ...rows.map((row) => csvColumns.map((column) => csvField(row[column])).join(","))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
