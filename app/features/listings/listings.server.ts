// Listings and their versions, always scoped to one workspace: a listing id from another workspace is
// simply not found. Every save is a new version (generated, edited or restored); the listing row keeps
// the latest copy so the list and the builder read one row.
import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { z } from "zod";
import { getMarketplace, languageIn, type MarketplaceLanguage } from "#app/features/marketplaces/registry.ts";
import { decodeCursor, encodeCursor } from "#app/lib/cursor.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import type { Db } from "#server/db/db.server.ts";
import type { ListingTable, ListingVersionSource, ListingVersionTable } from "#server/db/schema.ts";
import { readKeywordBank } from "#app/features/keywords/keyword-bank.server.ts";
import type { Keyword } from "#app/features/keywords/import.ts";
import { lintCopy } from "./listing-lint.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { emptyCopy, listingCopySchema, listingFactsSchema, type ListingCopy, type ListingFacts } from "./types.ts";

export const listingsPageSize = 20;

export interface ListingView {
  id: string;
  marketplace: string;
  ruleSetId: string;
  facts: ListingFacts;
  copy: ListingCopy;
  passed: boolean;
  version: number;
  /** The keyword bank the copy is measured against (app/features/keywords). */
  keywords: Keyword[];
  /** Shared with the same product's listings for other stores (null: none yet). */
  familyId: string | null;
  /** The listing's language in its store (resolved: the store's first when none was chosen). */
  language: MarketplaceLanguage;
  /** The language the copy is in when it is not the listing's ("en": the offline writer's English); null: the listing's. */
  writtenIn: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ListingVersionSummary {
  id: string;
  version: number;
  source: ListingVersionSource;
  passed: boolean;
  createdAt: string;
  /** Who saved it (their name), null when that account is gone or it was a generation's. */
  createdByName: string | null;
}

export interface ListingVersionView extends ListingVersionSummary {
  facts: ListingFacts;
  copy: ListingCopy;
}

function parseJson<T>(json: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const unknownFacts: ListingFacts = { brand: "", productName: "", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" };
const readFacts = (json: string) => parseJson(json, listingFactsSchema, unknownFacts);
const readCopy = (json: string) => parseJson(json, listingCopySchema, emptyCopy());

const english: MarketplaceLanguage = { language: "en", tag: "en_US", rightToLeft: false };
function languageOf(marketplaceId: string, tag: string | null | undefined): MarketplaceLanguage {
  const marketplace = getMarketplace(marketplaceId);
  return marketplace ? languageIn(marketplace, tag) : english;
}

function toView(row: Selectable<ListingTable>): ListingView {
  return {
    id: row.id,
    marketplace: row.marketplace,
    ruleSetId: row.ruleSetId,
    facts: readFacts(row.facts),
    copy: readCopy(row.copy),
    passed: Number(row.passed) === 1,
    version: Number(row.version),
    keywords: readKeywordBank(row.keywords),
    familyId: row.familyId ?? null,
    language: languageOf(row.marketplace, row.languageTag),
    writtenIn: row.writtenIn ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function searchTextOf(facts: ListingFacts, copy: ListingCopy): string {
  return `${facts.brand} ${facts.productName} ${copy.title}`.toLowerCase().slice(0, 2000);
}

/** A new listing (version 0: facts only, nothing written yet). */
export async function createListing({
  db,
  workspaceId,
  userId,
  marketplace,
  ruleSetId,
  facts,
  familyId = null,
  keywords = [],
  languageTag = null,
  id = randomUUID(),
  now = new Date(),
}: {
  db: Db;
  workspaceId: string;
  userId: string;
  marketplace: string;
  ruleSetId: string;
  facts: ListingFacts;
  /** A sibling's family: the same product for another store. */
  familyId?: string | null;
  keywords?: readonly Keyword[];
  /** One of the store's language tags ("fr_CA"); absent: the store's first language. */
  languageTag?: string | null;
  /** Chosen by the caller when it must be known beforehand (a bulk job's row). */
  id?: string;
  now?: Date;
}): Promise<ListingView> {
  const store = getMarketplace(marketplace);
  if (!store) throw new Error(`unknown marketplace ${marketplace}`);
  if (languageTag !== null && !store.languages.some((language) => language.tag === languageTag)) throw new Error(`${marketplace} does not take ${languageTag}`);
  if (!getRuleSet(ruleSetId)) throw new Error(`unknown rule set ${ruleSetId}`);
  const copy = emptyCopy();
  const row = {
    id,
    workspaceId,
    createdBy: userId,
    marketplace,
    ruleSetId,
    facts: JSON.stringify(facts),
    copy: JSON.stringify(copy),
    passed: 0,
    version: 0,
    searchText: searchTextOf(facts, copy),
    keywords: JSON.stringify(keywords),
    familyId,
    languageTag,
    writtenIn: null,
    // Not from Amazon: the import links it (app/features/amazon/import).
    amazonSellerId: null,
    amazonSku: null,
    amazonAsin: null,
    amazonProductType: null,
    importedVersion: null,
    importedAt: null,
    amazonIssues: "[]",
    importFlags: "[]",
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await db.insertInto("listing").values(row).execute();
  return toView(row);
}

export async function getListing({ db, workspaceId, id }: { db: Db; workspaceId: string; id: string }): Promise<ListingView | undefined> {
  const row = await db.selectFrom("listing").selectAll().where("id", "=", id).where("workspaceId", "=", workspaceId).executeTakeFirst();
  return row ? toView(row) : undefined;
}

export interface ListingListItem {
  id: string;
  brand: string;
  productName: string;
  title: string;
  marketplace: string;
  passed: boolean;
  version: number;
  /** As ListingView.writtenIn. */
  writtenIn: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the workspace's listings, newest first (keyset by createdAt desc, id desc). `q` keeps
 * listings whose brand, product name or title hold every word of it. A malformed cursor throws InvalidCursorError.
 */
export async function listListings({ db, workspaceId, q = "", cursor, limit = listingsPageSize }: { db: Db; workspaceId: string; q?: string; cursor?: string | null; limit?: number }): Promise<{ items: ListingListItem[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  let query = db.selectFrom("listing").select(["id", "facts", "copy", "marketplace", "passed", "version", "writtenIn", "createdAt", "updatedAt"]).where("workspaceId", "=", workspaceId);
  for (const word of q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10)) query = query.where(sql<boolean>`${sql.ref("searchText")} like ${likePattern(word)} escape '\\'`);
  if (after) query = query.where((eb) => eb.or([eb("createdAt", "<", after.c), eb.and([eb("createdAt", "=", after.c), eb("id", "<", after.i)])]));
  const rows = await query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const facts = readFacts(row.facts);
      return { id: row.id, brand: facts.brand, productName: facts.productName, title: readCopy(row.copy).title, marketplace: row.marketplace, passed: Number(row.passed) === 1, version: Number(row.version), writtenIn: row.writtenIn ?? null, createdAt: row.createdAt, updatedAt: row.updatedAt };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor({ c: last.createdAt, i: last.id }) : null,
  };
}

/** Called after each saved version, with the same db (it may be the save's transaction): the catalog's audit listens (app/features/catalog). */
export type ListingVersionSavedListener = (saved: { db: Db; workspaceId: string; listingId: string }) => Promise<void>;
const versionSavedListeners = new Set<ListingVersionSavedListener>();

/** A feature above listings hears of every saved version without listings knowing it (features depend one way). */
export function onListingVersionSaved(listener: ListingVersionSavedListener): void {
  versionSavedListeners.add(listener);
}

export class ListingChangedError extends Error {
  constructor() {
    super("the listing changed while it was being saved");
    this.name = "ListingChangedError";
  }
}

/**
 * Saves the copy (and facts, when given) as the listing's next version, linted against its rule set.
 * `db` may be a transaction (a generation saves with its credits). Returns undefined when the listing
 * is not the workspace's. Two saves at once: one wins, the other throws ListingChangedError.
 */
export async function saveListingVersion({
  db,
  workspaceId,
  listingId,
  userId,
  copy,
  facts,
  source,
  generationId = null,
  writtenIn,
  now = new Date(),
}: {
  db: Db;
  workspaceId: string;
  listingId: string;
  userId: string | null;
  copy: ListingCopy;
  facts?: ListingFacts;
  source: ListingVersionSource;
  generationId?: string | null;
  /** The language the saved copy is in when not the listing's (null: the listing's); absent: unchanged (an edit, a restore). */
  writtenIn?: string | null;
  now?: Date;
}): Promise<{ listing: ListingView; version: ListingVersionSummary } | undefined> {
  const current = await getListing({ db, workspaceId, id: listingId });
  if (!current) return undefined;
  const ruleSet = getRuleSet(current.ruleSetId);
  const marketplace = getMarketplace(current.marketplace);
  if (!ruleSet || !marketplace) throw new Error(`listing ${listingId} names an unknown rule set or marketplace`);
  const savedFacts = facts ?? current.facts;
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  const passed = lintCopy({ ruleSet, language: current.language.language, brand: savedFacts.brand, otherBrands, store: marketplace, copy }).passed;
  const version = current.version + 1;
  const at = now.toISOString();
  const { numUpdatedRows } = await db
    .updateTable("listing")
    .set({ copy: JSON.stringify(copy), facts: JSON.stringify(savedFacts), passed: passed ? 1 : 0, version, searchText: searchTextOf(savedFacts, copy), updatedAt: at, ...(writtenIn === undefined ? {} : { writtenIn }) })
    .where("id", "=", listingId)
    .where("workspaceId", "=", workspaceId)
    .where("version", "=", current.version)
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw new ListingChangedError();
  const row = { id: randomUUID(), listingId, version, source, facts: JSON.stringify(savedFacts), copy: JSON.stringify(copy), passed: passed ? 1 : 0, generationId, createdBy: userId, createdAt: at };
  await db.insertInto("listing_version").values(row).execute();
  for (const listener of versionSavedListeners) await listener({ db, workspaceId, listingId });
  return {
    listing: { ...current, facts: savedFacts, copy, passed, version, updatedAt: at, writtenIn: writtenIn === undefined ? current.writtenIn : writtenIn },
    version: { id: row.id, version, source, passed, createdAt: at, createdByName: null },
  };
}

/**
 * Saves a fix's copy as a 'proposed' version (issue 33 item 6): the listing's version number moves on (versions
 * stay unique and in order), but its copy, passed flag and date stay: nothing is live until it is accepted.
 * Undefined when the listing is not the workspace's; ListingChangedError when it was saved meanwhile.
 */
export async function saveProposedVersion({ db, workspaceId, listingId, userId, copy, generationId = null, now = new Date() }: { db: Db; workspaceId: string; listingId: string; userId: string | null; copy: ListingCopy; generationId?: string | null; now?: Date }): Promise<{ listing: ListingView; version: ListingVersionSummary } | undefined> {
  const current = await getListing({ db, workspaceId, id: listingId });
  if (!current) return undefined;
  const ruleSet = getRuleSet(current.ruleSetId);
  const marketplace = getMarketplace(current.marketplace);
  if (!ruleSet || !marketplace) throw new Error(`listing ${listingId} names an unknown rule set or marketplace`);
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  const passed = lintCopy({ ruleSet, language: current.language.language, brand: current.facts.brand, otherBrands, store: marketplace, copy }).passed;
  const version = current.version + 1;
  const at = now.toISOString();
  const { numUpdatedRows } = await db.updateTable("listing").set({ version }).where("id", "=", listingId).where("workspaceId", "=", workspaceId).where("version", "=", current.version).executeTakeFirst();
  if (numUpdatedRows === 0n) throw new ListingChangedError();
  const row = { id: randomUUID(), listingId, version, source: "proposed" as const, facts: JSON.stringify(current.facts), copy: JSON.stringify(copy), passed: passed ? 1 : 0, generationId, createdBy: userId, createdAt: at };
  await db.insertInto("listing_version").values(row).execute();
  return { listing: { ...current, version }, version: { id: row.id, version, source: "proposed", passed, createdAt: at, createdByName: null } };
}

function toSummary(row: Pick<Selectable<ListingVersionTable>, "id" | "version" | "source" | "passed" | "createdAt"> & { createdByName: string | null }): ListingVersionSummary {
  return { id: row.id, version: Number(row.version), source: row.source, passed: Number(row.passed) === 1, createdAt: row.createdAt, createdByName: row.createdByName };
}

/** Every version of a listing, newest first (at most `limit`). */
export async function listListingVersions({ db, workspaceId, listingId, limit = 200 }: { db: Db; workspaceId: string; listingId: string; limit?: number }): Promise<ListingVersionSummary[]> {
  const rows = await db
    .selectFrom("listing_version as v")
    .innerJoin("listing as l", "l.id", "v.listingId")
    .leftJoin("user as u", "u.id", "v.createdBy")
    .select(["v.id", "v.version", "v.source", "v.passed", "v.createdAt", "u.name as createdByName"])
    .where("v.listingId", "=", listingId)
    .where("l.workspaceId", "=", workspaceId)
    .orderBy("v.version", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

export async function getListingVersion({ db, workspaceId, listingId, version }: { db: Db; workspaceId: string; listingId: string; version: number }): Promise<ListingVersionView | undefined> {
  const row = await db
    .selectFrom("listing_version as v")
    .innerJoin("listing as l", "l.id", "v.listingId")
    .leftJoin("user as u", "u.id", "v.createdBy")
    .select(["v.id", "v.version", "v.source", "v.passed", "v.createdAt", "v.facts", "v.copy", "u.name as createdByName"])
    .where("v.listingId", "=", listingId)
    .where("l.workspaceId", "=", workspaceId)
    .where("v.version", "=", version)
    .executeTakeFirst();
  return row ? { ...toSummary(row), facts: readFacts(row.facts), copy: readCopy(row.copy) } : undefined;
}

/** Saves an older version's facts and copy as the newest version ("restored"); undefined when not found. */
export async function restoreListingVersion({ db, workspaceId, listingId, version, userId }: { db: Db; workspaceId: string; listingId: string; version: number; userId: string }) {
  const old = await getListingVersion({ db, workspaceId, listingId, version });
  if (!old) return undefined;
  return saveListingVersion({ db, workspaceId, listingId, userId, copy: old.copy, facts: old.facts, source: "restored" });
}

export async function deleteListing({ db, workspaceId, id }: { db: Db; workspaceId: string; id: string }): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom("listing").where("id", "=", id).where("workspaceId", "=", workspaceId).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** The same product's listings (a family), oldest first: id, store and whether anything is written. */
export async function listFamily({ db, workspaceId, familyId }: { db: Db; workspaceId: string; familyId: string }): Promise<{ id: string; marketplace: string; version: number }[]> {
  const rows = await db
    .selectFrom("listing")
    .select(["id", "marketplace", "version"])
    .where("workspaceId", "=", workspaceId)
    .where((eb) => eb.or([eb("familyId", "=", familyId), eb("id", "=", familyId)]))
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .limit(50)
    .execute();
  return rows.map((row) => ({ id: row.id, marketplace: row.marketplace, version: Number(row.version) }));
}

/**
 * A sibling of `source` for another store: its facts, the target's keyword bank when given, in the
 * source's family (the source joins it as its first member). Undefined when the source is not the workspace's.
 */
export async function createSibling({
  db,
  workspaceId,
  userId,
  sourceId,
  marketplace,
  ruleSetId,
  keywords,
  languageTag = null,
}: {
  db: Db;
  workspaceId: string;
  userId: string;
  sourceId: string;
  marketplace: string;
  ruleSetId: string;
  keywords?: readonly Keyword[];
  languageTag?: string | null;
}): Promise<ListingView | undefined> {
  const source = await getListing({ db, workspaceId, id: sourceId });
  if (!source) return undefined;
  const familyId = source.familyId ?? source.id;
  if (!source.familyId) await db.updateTable("listing").set({ familyId }).where("id", "=", source.id).where("workspaceId", "=", workspaceId).execute();
  return createListing({ db, workspaceId, userId, marketplace, ruleSetId, facts: source.facts, familyId, keywords: keywords ?? [], languageTag });
}
