// Keyword coverage (issue 16): for each phrase of a seller's keyword bank, whether a listing is indexed
// for it. `exact`: its words stand together, in order, in one field; `words`: each word is somewhere in
// the indexed fields; `none`: some word is nowhere. Pure and browser-safe (the builder's gauge).
import { isStopWord, tokenize, type Token } from "./words.ts";

export const indexedFields = ["title", "itemHighlights", "bullets", "description", "searchTerms"] as const;
export type IndexedField = (typeof indexedFields)[number];

export interface KeywordInput {
  phrase: string;
  volume?: number | null;
}

export type MatchKind = "exact" | "words" | "none";

export interface KeywordCoverage {
  phrase: string;
  volume: number | null;
  match: MatchKind;
  /** Where: the fields holding the whole phrase (exact), or any of its words (words). */
  fields: IndexedField[];
}

export interface CoverageReport {
  /** 0–100: volume-weighted, exact counts 1, words-only 0.5 (README "Keywords"). */
  score: number;
  keywords: KeywordCoverage[];
}

export interface CoverageSections {
  title?: string;
  itemHighlights?: string;
  bullets?: readonly string[];
  description?: string;
  searchTerms?: string;
}

/** Credit per match in the score. */
export const matchCredit: Record<MatchKind, number> = { exact: 1, words: 0.5, none: 0 };

/** One field's words, and where each word (key) stands. Bullets are one field; a phrase does not run across two bullets. */
interface FieldIndex {
  field: IndexedField;
  /** Token keys per part (each bullet a part). */
  parts: string[][];
  positions: Map<string, [part: number, at: number][]>;
}

function indexField(field: IndexedField, parts: readonly string[]): FieldIndex {
  const keys = parts.map((text) => tokenize(text).map((token) => token.key));
  const positions = new Map<string, [number, number][]>();
  keys.forEach((part, p) =>
    part.forEach((key, at) => {
      const list = positions.get(key);
      if (list) list.push([p, at]);
      else positions.set(key, [[p, at]]);
    }),
  );
  return { field, parts: keys, positions };
}

/** The fields of a listing, indexed once for many phrases. */
export function indexSections(sections: CoverageSections): FieldIndex[] {
  const fields: FieldIndex[] = [];
  if (sections.title) fields.push(indexField("title", [sections.title]));
  if (sections.itemHighlights) fields.push(indexField("itemHighlights", [sections.itemHighlights]));
  if (sections.bullets?.length) fields.push(indexField("bullets", sections.bullets));
  if (sections.description) fields.push(indexField("description", [sections.description]));
  if (sections.searchTerms) fields.push(indexField("searchTerms", [sections.searchTerms]));
  return fields;
}

function hasRun(index: FieldIndex, keys: readonly string[]): boolean {
  const starts = index.positions.get(keys[0]!);
  if (!starts) return false;
  for (const [part, at] of starts) {
    const words = index.parts[part]!;
    let i = 1;
    while (i < keys.length && words[at + i] === keys[i]) i++;
    if (i === keys.length) return true;
  }
  return false;
}

/** The words of a phrase that matching needs (stop words dropped unless the phrase is only stop words). */
export function phraseKeys(phrase: string, language: string): { all: Token[]; needed: Token[] } {
  const all = tokenize(phrase);
  const needed = all.filter((token) => !isStopWord(token.key, language));
  return { all, needed: needed.length > 0 ? needed : all };
}

export function matchKeyword(fields: readonly FieldIndex[], phrase: string, language = "en"): { match: MatchKind; fields: IndexedField[] } {
  const { all, needed } = phraseKeys(phrase, language);
  if (all.length === 0) return { match: "none", fields: [] };
  const keys = all.map((token) => token.key);
  const exactIn = fields.filter((index) => hasRun(index, keys)).map((index) => index.field);
  if (exactIn.length > 0) return { match: "exact", fields: exactIn };
  const holding = new Set<IndexedField>();
  for (const token of needed) {
    const where = fields.filter((index) => index.positions.has(token.key));
    if (where.length === 0) return { match: "none", fields: [] };
    for (const index of where) holding.add(index.field);
  }
  return { match: "words", fields: indexedFields.filter((field) => holding.has(field)) };
}

/** A phrase's weight in the score: its volume; without volumes every phrase weighs 1, and a phrase missing its volume weighs as little as the smallest given. */
export function keywordWeights(keywords: readonly KeywordInput[]): number[] {
  const volumes = keywords.map((keyword) => (typeof keyword.volume === "number" && keyword.volume > 0 ? keyword.volume : null));
  const given = volumes.filter((volume): volume is number => volume !== null);
  const fallback = given.length === 0 ? 1 : Math.min(...given);
  return volumes.map((volume) => volume ?? fallback);
}

export function keywordCoverage({ sections, keywords, language = "en" }: { sections: CoverageSections; keywords: readonly KeywordInput[]; language?: string }): CoverageReport {
  const fields = indexSections(sections);
  const weights = keywordWeights(keywords);
  let earned = 0;
  let total = 0;
  const results = keywords.map((keyword, i) => {
    const found = matchKeyword(fields, keyword.phrase, language);
    earned += weights[i]! * matchCredit[found.match];
    total += weights[i]!;
    return { phrase: keyword.phrase, volume: typeof keyword.volume === "number" ? keyword.volume : null, match: found.match, fields: found.fields };
  });
  return { score: total === 0 ? 0 : Math.round((100 * earned) / total), keywords: results };
}
