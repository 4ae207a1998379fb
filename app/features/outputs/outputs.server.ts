// Saved outputs: pages (keyset by createdAt desc, id desc), full-text search, edit, favorite,
// delete with undo. Every function is scoped to one user. See docs/decisions/007-history-search-and-undo.md.
import { randomUUID } from "node:crypto";
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from "kysely";
import type { TemplateInputs } from "#app/templates/types.ts";
import { selectNow, type Db } from "#server/db/db.server.ts";
import type { Database, OutputTable } from "#server/db/schema.ts";
import { dialectOf } from "#server/db/dialect.server.ts";
import { decodeCursor, encodeCursor, type PagePosition } from "#app/lib/cursor.ts";
import { searchTerms } from "./output-rules.ts";
import type { OutputPage, OutputView } from "./output-view.ts";

export type { OutputPage, OutputView };

export interface OutputFilter {
  templateId?: string;
  /** true: favorites only; false: non-favorites only; absent: both. */
  favorite?: boolean;
  /** The store the copy was written for ("amazon.de"); outputs saved before stores count as amazon.com. */
  marketplace?: string;
  /** Its language ("de"); outputs saved before stores count as English. */
  language?: string;
  /** Full-text search over the content: every word must appear, the last one may be unfinished. */
  q?: string;
}

export const outputsPageSize = 24;
export const maxOutputsPageSize = 100;
/** How long a deleted output can be restored (Undo). */
export const outputTrashRetentionMs = 60 * 60 * 1000;

const outputColumns = ["id", "templateId", "content", "inputs", "favorite", "createdAt", "editedAt", "marketplace", "language"] as const;
/** A row as the list queries select it. */
type OutputRow = Pick<Selectable<OutputTable>, (typeof outputColumns)[number]>;
/** Every stored column (PostgreSQL's generated `search` column excluded): what the trash keeps. */
const storedColumns = ["id", "userId", "workspaceId", "generationId", "templateId", "content", "inputs", "favorite", "createdAt", "editedAt", "marketplace", "language"] as const;

/** An output to store: what a generation wrote (or a fixture), with its inputs as given. */
export interface NewOutput {
  id?: string;
  userId: string;
  workspaceId: string;
  generationId: string | null;
  templateId: string;
  content: string;
  inputs: TemplateInputs;
  favorite?: boolean;
  createdAt: string;
  /** The store and language it was written for (absent: amazon.com in English). */
  marketplace?: string | null;
  language?: string | null;
}

/** Rows per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters (10 columns each). */
const saveBatch = 500;

/** Stores outputs (in one transaction when `db` is one) and returns their views, in the order given. */
export async function saveOutputs({ db, outputs }: { db: Db; outputs: readonly NewOutput[] }): Promise<OutputView[]> {
  const rows = outputs.map((output) => ({
    id: output.id ?? randomUUID(),
    userId: output.userId,
    workspaceId: output.workspaceId,
    generationId: output.generationId,
    templateId: output.templateId,
    content: output.content,
    inputs: JSON.stringify(output.inputs),
    favorite: output.favorite ? 1 : 0,
    createdAt: output.createdAt,
    editedAt: null,
    marketplace: output.marketplace ?? null,
    language: output.language ?? null,
  }));
  for (let from = 0; from < rows.length; from += saveBatch) await db.insertInto("output").values(rows.slice(from, from + saveBatch)).execute();
  return rows.map(toOutputView);
}

function parseInputs(json: string): TemplateInputs {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as TemplateInputs) : {};
  } catch {
    return {};
  }
}

export function toOutputView(row: OutputRow): OutputView {
  return {
    id: row.id,
    templateId: row.templateId,
    content: row.content,
    inputs: parseInputs(row.inputs),
    favorite: Number(row.favorite) === 1,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    marketplace: row.marketplace ?? null,
    language: row.language ?? null,
  };
}

/** The user's newest outputs, optionally of one template. */
export async function listLatestOutputs({ db, userId, templateId, limit }: { db: Db; userId: string; templateId?: string; limit: number }): Promise<OutputView[]> {
  const { items } = await readOutputsPage({ db, userId, filter: { templateId }, limit });
  return items;
}

// ---- pages ----

/**
 * One page of the user's outputs, newest first. `limit` is capped at 100; a malformed cursor throws
 * InvalidCursorError. Keyset pagination: outputs saved while someone pages never cause duplicates or gaps.
 */
export async function listOutputs({ db, userId, filter = {}, cursor, limit = outputsPageSize }: { db: Db; userId: string; filter?: OutputFilter; cursor?: string | null; limit?: number }): Promise<OutputPage> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const size = Math.min(Math.max(Math.trunc(limit) || outputsPageSize, 1), maxOutputsPageSize);
  return readOutputsPage({ db, userId, filter, after, limit: size });
}

/**
 * The first page of the user's outputs (no filter, the default size) as the JSON text of an
 * OutputPage: what GET /api/outputs answers most. The text is kept per user with the version of their
 * outputs it was read at (migration 0022: triggers bump it in the same transaction as any change to
 * their outputs, on any server) and given again while that version holds, so a repeat costs one
 * indexed read instead of the page's query, its rows and their serialising (docs/decisions/023).
 * The version is read before the page: a page can only be newer than the version it is filed under,
 * never older, so a change is seen on the very next request. Nothing else is kept: the session is
 * still read on every request.
 */
export async function firstPageJson({ db, userId }: { db: Db; userId: string }): Promise<string> {
  const [row] = await selectNow(db, versionQuery(db, userId));
  const version = row?.version ?? 0;
  let pages = firstPages.get(db);
  if (!pages) firstPages.set(db, (pages = new KeptPages()));
  const kept = pages.take(userId);
  if (kept?.version === version) {
    pages.keep(userId, kept);
    return kept.json;
  }
  const json = JSON.stringify(await readOutputsPage({ db, userId, filter: {}, limit: outputsPageSize }));
  pages.keep(userId, { version, json });
  return json;
}

/** First pages, the most recently asked for first out last, within a budget of characters (about 2 MB: some hundred users' pages). */
class KeptPages {
  static readonly budget = 2_000_000;
  readonly #pages = new Map<string, { version: number; json: string }>();
  #characters = 0;

  /** Removes and returns a user's page; keep() puts it back as the most recent. */
  take(userId: string): { version: number; json: string } | undefined {
    const page = this.#pages.get(userId);
    if (page) {
      this.#pages.delete(userId);
      this.#characters -= page.json.length;
    }
    return page;
  }

  keep(userId: string, page: { version: number; json: string }): void {
    if (page.json.length > KeptPages.budget) return;
    this.#pages.set(userId, page);
    this.#characters += page.json.length;
    for (const [oldest, { json }] of this.#pages) {
      if (this.#characters <= KeptPages.budget) break;
      this.#pages.delete(oldest);
      this.#characters -= json.length;
    }
  }
}

const firstPages = new WeakMap<Db, KeptPages>();
const versionQueries = new WeakMap<Db, CompiledQuery<{ version: number }>>();

function versionQuery(db: Db, userId: string): CompiledQuery<{ version: number }> {
  let compiled = versionQueries.get(db);
  if (!compiled) {
    compiled = db.selectFrom("output_version").select("version").where("userId", "=", bound(db, placeholders.userId)).compile();
    if (compiled.parameters.length !== 1 || compiled.parameters[0] !== placeholders.userId) throw new Error("the version query's parameters changed");
    versionQueries.set(db, compiled);
  }
  return { ...compiled, parameters: [userId] };
}

/** Every output matching the filter, page by page (for exports). */
export async function* iterateOutputs({ db, userId, filter = {}, batchSize = 500 }: { db: Db; userId: string; filter?: OutputFilter; batchSize?: number }): AsyncGenerator<OutputView> {
  let after: PagePosition | undefined;
  for (;;) {
    const page = await readOutputsPage({ db, userId, filter, after, limit: batchSize });
    yield* page.items;
    if (!page.nextCursor) return;
    after = decodeCursor(page.nextCursor);
  }
}

/** Store and language conditions (null, from before stores, is amazon.com in English); always true without them. */
function storeCondition(eb: ExpressionBuilder<Database, "output">, filter: OutputFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  const { marketplace, language } = filter;
  if (marketplace) conditions.push(marketplace === "amazon.com" ? eb.or([eb("marketplace", "=", marketplace), eb("marketplace", "is", null)]) : eb("marketplace", "=", marketplace));
  if (language) conditions.push(language === "en" ? eb.or([eb("language", "=", language), eb("language", "is", null)]) : eb("language", "=", language));
  return eb.and(conditions);
}

async function readOutputsPage({ db, userId, filter, after, limit }: { db: Db; userId: string; filter: OutputFilter; after?: PagePosition; limit: number }): Promise<OutputPage> {
  const q = filter.q?.trim();
  if (q) {
    const terms = searchTerms(q);
    // Only punctuation or symbols: no word to look for, so nothing matches.
    if (terms.length === 0) return { items: [], nextCursor: null };
    return dialectOf(db) === "postgres" ? searchPostgres({ db, userId, filter, terms, after, limit }) : searchSqlite({ db, userId, filter, terms, after, limit });
  }
  const unfiltered = !filter.marketplace && !filter.language && !filter.templateId && filter.favorite === undefined;
  const rows = unfiltered ? await selectNow(db, unfilteredPageQuery(db, userId, after, limit)) : await buildPageQuery(db, userId, filter, after, limit).execute();
  return toPage(rows, limit);
}

/**
 * A value to bind, as `+?` on SQLite: this build of SQLite (STAT4) lets a value bound as `userId = ?`
 * or `limit ?` choose the plan, so it re-planned the page statement at every run, which cost more
 * than running it (docs/decisions/023). Unary plus returns its operand unchanged, so the plan and
 * the rows are the same. PostgreSQL has no unary plus for text and plans once anyway: plain values there.
 */
function bound<T extends string | number>(db: Db, value: T): T | Expression<T> {
  return dialectOf(db) === "sqlite" ? sql<T>`+${value}` : value;
}

function buildPageQuery(db: Db, userId: string, filter: OutputFilter, after: PagePosition | undefined, limit: number) {
  let query = db.selectFrom("output").select(outputColumns).where("userId", "=", bound(db, userId));
  if (filter.marketplace || filter.language) query = query.where((eb) => storeCondition(eb, filter));
  if (filter.templateId) query = query.where("templateId", "=", filter.templateId);
  if (filter.favorite !== undefined) query = query.where("favorite", "=", filter.favorite ? 1 : 0);
  if (after) query = query.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(after.c, after.i)));
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(bound(db, limit + 1));
}

type PageQuery = CompiledQuery<OutputRow>;

const unfilteredPageQueries = new WeakMap<Db, { first: PageQuery; next: PageQuery }>();

/** Placeholders the unfiltered statements are compiled with; each must come back as exactly one parameter, in this order. */
const placeholders = { userId: "\u0000userId", c: "\u0000createdAt", i: "\u0000id", limit: 987_654_321 };

function compileWithPlaceholders(db: Db, after: PagePosition | undefined, expected: readonly unknown[]): PageQuery {
  const compiled = buildPageQuery(db, placeholders.userId, {}, after, placeholders.limit - 1).compile();
  // A Kysely change that orders or adds parameters differently fails here, loudly, instead of binding values to the wrong places.
  if (compiled.parameters.length !== expected.length || compiled.parameters.some((value, index) => value !== expected[index])) throw new Error("the page query's parameters changed");
  return compiled;
}

/**
 * The unfiltered list (the history page's first view, and what API clients page through most), built
 * and compiled once per database and then only given its values: building and compiling the query
 * cost about as much as running it (docs/decisions/023). Same SQL as buildPageQuery's.
 */
function unfilteredPageQuery(db: Db, userId: string, after: PagePosition | undefined, limit: number): PageQuery {
  let compiled = unfilteredPageQueries.get(db);
  if (!compiled) {
    const { userId: u, c, i, limit: l } = placeholders;
    compiled = { first: compileWithPlaceholders(db, undefined, [u, l]), next: compileWithPlaceholders(db, { c, i }, [u, c, i, l]) };
    unfilteredPageQueries.set(db, compiled);
  }
  return after ? { ...compiled.next, parameters: [userId, after.c, after.i, limit + 1] } : { ...compiled.first, parameters: [userId, limit + 1] };
}

function toPage(rows: OutputRow[], limit: number): OutputPage {
  const items = rows.slice(0, limit).map(toOutputView);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ c: last.createdAt, i: last.id }) : null };
}

/** PostgreSQL: the `search` tsvector column (GIN index, with the owner as a lexeme); the planner picks the GIN or the date index. */
async function searchPostgres({ db, userId, filter, terms, after, limit }: { db: Db; userId: string; filter: OutputFilter; terms: string[]; after?: PagePosition; limit: number }): Promise<OutputPage> {
  // Terms hold only letters and digits, so they cannot carry tsquery operators.
  const tsquery = terms.map((term, index) => (index === terms.length - 1 && term.length >= 3 ? `'${term}':*` : `'${term}'`)).join(" & ");
  let query = db
    .selectFrom("output")
    .select(outputColumns)
    .where("userId", "=", userId)
    .where(sql<boolean>`search @@ (to_tsquery('simple', ${tsquery}) && ('u' || md5(${userId}))::tsquery)`);
  if (filter.templateId) query = query.where("templateId", "=", filter.templateId);
  if (filter.favorite !== undefined) query = query.where("favorite", "=", filter.favorite ? 1 : 0);
  if (filter.marketplace || filter.language) query = query.where((eb) => storeCondition(eb, filter));
  if (after) query = query.where((eb) => eb(eb.refTuple("createdAt", "id"), "<", eb.tuple(after.c, after.i)));
  const rows = await query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  return toPage(rows, limit);
}

function hexOf(text: string): string {
  return Buffer.from(text, "utf8").toString("hex");
}

/** The FTS5 query: the owner (and filters) as tag tokens, then every term; all quoted, so nothing is an operator. */
function ftsQuery(userId: string, filter: OutputFilter, terms: string[]): string {
  const tags = [`"u${hexOf(userId)}"`];
  if (filter.templateId) tags.push(`"t${hexOf(filter.templateId)}"`);
  if (filter.favorite !== undefined) tags.push(`"f${filter.favorite ? 1 : 0}"`);
  // Migration 0013: outputs from before stores are tagged amazon.com and English.
  if (filter.marketplace) tags.push(`"m${hexOf(filter.marketplace)}"`);
  if (filter.language) tags.push(`"l${hexOf(filter.language)}"`);
  const words = terms.map((term, index) => (index === terms.length - 1 && term.length >= 3 ? `"${term}"*` : `"${term}"`));
  return `{tags}: (${tags.join(" AND ")}) AND {content}: (${words.join(" AND ")})`;
}

/**
 * SQLite: FTS5 rowids grow with createdAt (see migration 0003), so the index hands back the newest
 * matches first and stops after one page, however many outputs match.
 */
async function searchSqlite({ db, userId, filter, terms, after, limit }: { db: Db; userId: string; filter: OutputFilter; terms: string[]; after?: PagePosition; limit: number }): Promise<OutputPage> {
  let before: number | undefined;
  if (after) {
    before = after.r;
    if (before === undefined) {
      const found = await sql<{ searchRowid: number }>`select searchRowid from output_search where outputId = ${after.i}`.execute(db);
      before = found.rows[0]?.searchRowid ?? Date.parse(after.c) * 1024;
    }
  }
  const match = ftsQuery(userId, filter, terms);
  // CROSS JOIN keeps SQLite's join order: the page of index hits first, then each output by its primary key.
  const { rows } = await sql<OutputRow & { searchRowid: number }>`
    select o.id, o.templateId, o.content, o.inputs, o.favorite, o.createdAt, o.editedAt, o.marketplace, o.language, s.searchRowid
    from output_search s cross join output o on o.id = s.outputId
    where s.searchRowid in (
        select rowid from output_fts where output_fts match ${match} ${before === undefined ? sql`` : sql`and rowid < ${before}`}
        order by rowid desc limit ${limit + 1})
      and o.userId = ${userId}
    order by s.searchRowid desc`.execute(db);
  const items = rows.slice(0, limit).map(toOutputView);
  const last = rows[limit - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ c: last.createdAt, i: last.id, r: last.searchRowid }) : null;
  return { items, nextCursor };
}

// ---- one output ----

export async function getOutputById({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<OutputView | null> {
  const row = await db.selectFrom("output").select(outputColumns).where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return row ? toOutputView(row) : null;
}

/** For "Use these inputs again": the template and inputs of one of the user's outputs, or null. */
export async function getOutputInputsForUser({ db, userId, outputId }: { db: Db; userId: string; outputId: string }): Promise<{ templateId: string; inputs: TemplateInputs } | null> {
  const row = await db.selectFrom("output").select(["templateId", "inputs"]).where("id", "=", outputId).where("userId", "=", userId).executeTakeFirst();
  return row ? { templateId: row.templateId, inputs: parseInputs(row.inputs) } : null;
}

/** Sets the favorite flag and/or the content (already checked: checkOutputContent). Null when the user has no such output. */
export async function updateOutput({ db, userId, id, changes, now = new Date() }: { db: Db; userId: string; id: string; changes: { favorite?: boolean; content?: string }; now?: Date }): Promise<OutputView | null> {
  const current = await getOutputById({ db, userId, id });
  if (!current) return null;
  const values: { favorite?: number; content?: string; editedAt?: string } = {};
  if (changes.favorite !== undefined && changes.favorite !== current.favorite) values.favorite = changes.favorite ? 1 : 0;
  if (changes.content !== undefined && changes.content !== current.content) {
    values.content = changes.content;
    values.editedAt = now.toISOString();
  }
  if (Object.keys(values).length === 0) return current;
  const row = await db.updateTable("output").set(values).where("id", "=", id).where("userId", "=", userId).returning(outputColumns).executeTakeFirst();
  return row ? toOutputView(row) : null;
}

/**
 * Moves the output to the trash (restorable for an hour, see restoreOutput) and empties expired trash.
 * Returns what was deleted, or null when the user has no such output.
 */
export async function deleteOutput({ db, userId, id, now = new Date() }: { db: Db; userId: string; id: string; now?: Date }): Promise<OutputView | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("output").select(storedColumns).where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("output_trash").where("id", "=", id).execute();
    await trx
      .insertInto("output_trash")
      .values({ ...row, favorite: Number(row.favorite), deletedAt: now.toISOString() })
      .execute();
    await trx.deleteFrom("output").where("id", "=", id).execute();
    await trx.deleteFrom("output_trash").where("deletedAt", "<", new Date(now.getTime() - outputTrashRetentionMs).toISOString()).execute();
    return toOutputView(row);
  });
}

/** Undo of deleteOutput: puts the output back exactly as it was. Null when there is nothing (left) to restore. */
export async function restoreOutput({ db, userId, id, now = new Date() }: { db: Db; userId: string; id: string; now?: Date }): Promise<OutputView | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("output_trash")
      .select([...storedColumns, "deletedAt"])
      .where("id", "=", id)
      .where("userId", "=", userId)
      .where("deletedAt", ">=", new Date(now.getTime() - outputTrashRetentionMs).toISOString())
      .executeTakeFirst();
    if (!row) return null;
    const { deletedAt: _deletedAt, ...output } = row;
    await trx.insertInto("output").values(output).execute();
    await trx.deleteFrom("output_trash").where("id", "=", id).execute();
    return toOutputView(output);
  });
}
