// Row building: each mapped row's cells as the facts, keywords and store of one listing to write, with the
// problems a seller should see (a row left out, a text cut to its limit).
import { maxKeywords, maxPhraseChars, phraseKey, type Keyword } from "#app/features/keywords/import.ts";
import { factLimits, listingFactsSchema, type ListingFacts } from "#app/features/listings/types.ts";
import { getMarketplace, marketplaces } from "#app/features/marketplaces/registry.ts";
import { requiredCatalogFields, type CatalogField, type CatalogFile, type CatalogMapping } from "./catalog-file.ts";

// ---------------------------------------------------------------------------------------------------------
// Marketplace cells

const foldText = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

let marketplaceNames: Map<string, string> | null = null;

/** Every way a cell may name a store: its domain, the domain's end, country code and name, Amazon's marketplace id. */
function namesOfStores(): Map<string, string> {
  if (marketplaceNames) return marketplaceNames;
  const names = new Map<string, string>();
  const add = (name: string, id: string) => {
    const key = foldText(name);
    if (key && !names.has(key)) names.set(key, id);
  };
  const regionNames = ["en", "de", "fr", "es", "it", "nl", "pl", "sv", "pt", "tr", "ja", "ar"].flatMap((locale) => {
    try {
      return [new Intl.DisplayNames([locale], { type: "region" })];
    } catch {
      // A runtime without that locale's names: the others still match.
      return [];
    }
  });
  for (const marketplace of marketplaces) {
    add(marketplace.id, marketplace.id);
    add(marketplace.id.replace(/^amazon\./, ""), marketplace.id);
    add(marketplace.country, marketplace.id);
    add(marketplace.marketplaceId, marketplace.id);
    for (const names of regionNames) {
      const name = names.of(marketplace.country);
      if (name && name !== marketplace.country) add(name, marketplace.id);
    }
  }
  for (const [alias, id] of [
    ["uk", "amazon.co.uk"],
    ["great britain", "amazon.co.uk"],
    ["britain", "amazon.co.uk"],
    ["england", "amazon.co.uk"],
    ["usa", "amazon.com"],
    ["united states of america", "amazon.com"],
    ["america", "amazon.com"],
  ] as const)
    add(alias, id);
  marketplaceNames = names;
  return names;
}

/**
 * The store a cell names, or null: "amazon.de", "www.amazon.de", "https://www.amazon.de/", "Amazon DE", "de",
 * "DE", "Germany", "Deutschland", "Allemagne", "A1PA6795UKMFR9" are all amazon.de; "UK" is amazon.co.uk.
 */
export function resolveMarketplace(value: string): string | null {
  let key = foldText(value)
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/.*$/, "");
  const known = getMarketplace(key);
  if (known) return known.id;
  key = key.replace(/^amazon(?:[ ._-]+|$)/, "").trim();
  return namesOfStores().get(key) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Rows → facts, keywords and a store

export type CatalogProblemCode =
  /** Brand or product name empty: the row is left out. */
  | "missing"
  /** A text over its limit, cut to it (`limit` characters): the row is kept. */
  | "tooLong"
  /** A marketplace cell that names no Amazon store (`value`): the row is left out. */
  | "unknownMarketplace"
  /** Keyword phrases over 200 characters, left out (`count` of them): the row is kept. */
  | "keywordTooLong"
  /** More keyword phrases than a bank holds, the rest left out (`limit`): the row is kept. */
  | "tooManyKeywords";

export interface CatalogProblem {
  /** The row's number in the file, as a spreadsheet counts it. */
  row: number;
  field: CatalogField;
  code: CatalogProblemCode;
  /** Whether the row is left out (for this problem or another one on the same row). */
  skipped: boolean;
  limit?: number;
  count?: number;
  value?: string;
}

export interface CatalogRow {
  /** The row's number in the file, as a spreadsheet counts it (the header being row 1). */
  index: number;
  facts: ListingFacts;
  keywords: Keyword[];
  /** A store id from the registry ("amazon.de"). */
  marketplace: string;
  /** A Seller Central report's seller SKU and ASIN for the row, when it has them. */
  sku?: string;
  asin?: string;
}

/** Amazon's longest seller SKU, and an ASIN's length: longer cells are not what these columns hold. */
const maxSkuChars = 40;
const asinPattern = /^[A-Z0-9]{10}$/;

/** Cut to `max` characters, at a space near the end rather than inside a word, never inside a surrogate pair. */
function cutText(text: string, max: number): string {
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  if (/\S/.test(text[max] ?? " ")) {
    const space = cut.search(/\s\S*$/);
    if (space > max * 0.8) cut = cut.slice(0, space);
  }
  return cut.trimEnd();
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const lines = (value: string) =>
  value
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");

/** A keyword cell's phrases: split on ; , | tabs and line breaks (and their full-width forms), deduplicated. */
export function splitKeywordCell(cell: string): { phrases: string[]; tooLong: number } {
  const seen = new Set<string>();
  const phrases: string[] = [];
  let tooLong = 0;
  for (const part of cell.split(/[;,|\t\r\n、，；｜]+/)) {
    const phrase = oneLine(part);
    if (phrase === "") continue;
    if (phrase.length > maxPhraseChars) {
      tooLong++;
      continue;
    }
    const key = phraseKey(phrase);
    if (seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  return { phrases, tooLong };
}

/** The key features: the key-feature column's lines and those of further ones (bullet_point2…5); the description's when there are none. */
function keyFeatureLines(at: (column: number | null | undefined) => string, mapping: CatalogMapping): string {
  const features = [mapping.keyFeatures, ...(mapping.keyFeaturesMore ?? [])].map((column) => lines(at(column))).filter(Boolean);
  return features.length > 0 ? features.join("\n") : lines(at(mapping.description));
}

const factFields = ["brand", "productName", "productType", "keyFeatures", "targetAudience"] as const;

/**
 * The rows as listings to write: facts trimmed and cut to their limits, keywords split, the store resolved
 * (an empty cell or no marketplace column: `defaults.marketplace`). A row without brand or product name, or
 * naming an unknown store, is left out and reported; cuts are reported and the row kept.
 */
export function toCatalogRows(file: Pick<CatalogFile, "rows" | "rowNumbers">, mapping: CatalogMapping, defaults: { marketplace: string }): { rows: CatalogRow[]; problems: CatalogProblem[] } {
  if (!getMarketplace(defaults.marketplace)) throw new Error(`toCatalogRows: unknown default marketplace ${defaults.marketplace}`);
  const rows: CatalogRow[] = [];
  const problems: CatalogProblem[] = [];
  file.rows.forEach((cells, i) => {
    const row = file.rowNumbers[i] ?? i + 2;
    const at = (column: number | null | undefined) => (column === null || column === undefined ? "" : (cells[column] ?? ""));
    const cell = (field: CatalogField) => at(mapping[field]);
    const rowProblems: CatalogProblem[] = [];
    const values = {} as Record<(typeof factFields)[number], string>;
    for (const field of factFields) {
      const text = field === "keyFeatures" ? keyFeatureLines(at, mapping) : field === "brand" && mapping.brand === null && mapping.brandForAll ? oneLine(mapping.brandForAll) : oneLine(cell(field));
      const limit = factLimits[field];
      if (text.length > limit) {
        values[field] = cutText(text, limit);
        rowProblems.push({ row, field, code: "tooLong", skipped: false, limit });
      } else values[field] = text;
    }
    for (const field of requiredCatalogFields) if (values[field] === "") rowProblems.push({ row, field, code: "missing", skipped: true });

    let marketplace = defaults.marketplace;
    const storeCell = oneLine(cell("marketplace"));
    if (storeCell !== "") {
      const resolved = resolveMarketplace(storeCell);
      if (resolved) marketplace = resolved;
      else rowProblems.push({ row, field: "marketplace", code: "unknownMarketplace", skipped: true, value: storeCell.slice(0, 100) });
    }

    const { phrases, tooLong } = splitKeywordCell(cell("keywords"));
    if (tooLong > 0) rowProblems.push({ row, field: "keywords", code: "keywordTooLong", skipped: false, count: tooLong, limit: maxPhraseChars });
    if (phrases.length > maxKeywords) rowProblems.push({ row, field: "keywords", code: "tooManyKeywords", skipped: false, count: phrases.length, limit: maxKeywords });
    const keywords = phrases.slice(0, maxKeywords).map((phrase) => ({ phrase, volume: null }));

    const skipped = rowProblems.some((problem) => problem.skipped);
    if (!skipped) {
      const facts = listingFactsSchema.safeParse({ ...values, wordsToAvoid: "" });
      const sku = oneLine(at(mapping.sku));
      const asin = oneLine(at(mapping.asin)).toUpperCase();
      const ids = { ...(sku && sku.length <= maxSkuChars ? { sku } : {}), ...(asinPattern.test(asin) ? { asin } : {}) };
      if (facts.success) rows.push({ index: row, facts: facts.data, keywords, marketplace, ...ids });
      else {
        // Cannot happen after the cuts above; reported rather than thrown should the schema change.
        const field = (facts.error.issues[0]?.path[0] as CatalogField | undefined) ?? "productName";
        rowProblems.push({ row, field, code: "missing", skipped: true });
      }
    }
    // A skipped row's other problems still say everything that is wrong with it, so the seller fixes it at once.
    if (rowProblems.some((problem) => problem.skipped)) for (const problem of rowProblems) problem.skipped = true;
    problems.push(...rowProblems);
  });
  return { rows, problems };
}
