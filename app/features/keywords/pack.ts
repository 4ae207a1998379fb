// Byte-packed search terms (issue 16): the backend field filled with the words that uncovered phrases
// still lack, highest volume first, then the field's own words as room allows, within the rule set's
// byte limit. Pure and browser-safe: the
// builder's "Fill search terms" runs it in place; POST /api/keywords/pack answers the same.
import { countBytes } from "#app/features/rules/lint.ts";
import type { RuleSet } from "#app/features/rules/types.ts";
import { indexSections, keywordWeights, matchKeyword, phraseKeys, type CoverageSections, type KeywordInput } from "./coverage.ts";
import { fold, isStopWord, singular, tokenize } from "./words.ts";

export interface PackResult {
  searchTerms: string;
  bytes: number;
  limit: number;
  /** Phrases the packed field makes covered (every word indexed somewhere). */
  coveredNow: string[];
  /** Uncovered phrases whose missing words did not fit, or may not go in search terms (a brand, a subjective word). */
  notFitting: string[];
}

const asinPattern = /^b0[a-z0-9]{8}$/;

/** Words a search-terms field may not hold, as keys: the rule set's subjective and temporary words (single words). */
function forbiddenWords(ruleSet: RuleSet, language: string): Set<string> {
  const lists = ruleSet.phrases[language] ?? ruleSet.phrases.en ?? {};
  const words = [...(lists.subjective ?? []), ...(lists.time_sensitive ?? [])].filter((phrase) => !phrase.includes(" "));
  return new Set(words.map((word) => singular(fold(word))));
}

export function packSearchTerms({
  ruleSet,
  language = "en",
  brand = "",
  otherBrands = [],
  sections,
  keywords,
}: {
  ruleSet: RuleSet;
  language?: string;
  brand?: string;
  otherBrands?: readonly string[];
  sections: CoverageSections;
  keywords: readonly KeywordInput[];
}): PackResult {
  const limit = ruleSet.sections.searchTerms.limits.maxBytes ?? 249;
  // What the search terms must not repeat: the title, highlights and bullets (always indexed).
  const shown: CoverageSections = { title: sections.title, itemHighlights: ruleSet.sections.itemHighlights ? sections.itemHighlights : undefined, bullets: sections.bullets };
  const present = new Set(indexSections(shown).flatMap((index) => [...index.positions.keys()]));
  const brandKeys = new Set([brand, ...otherBrands].flatMap((name) => tokenize(name).map((token) => token.key)));
  const forbidden = forbiddenWords(ruleSet, language);
  const mayAdd = (key: string, word: string) => !isStopWord(key, language) && !brandKeys.has(key) && !forbidden.has(key) && !asinPattern.test(word);

  const weights = keywordWeights(keywords);
  const order = keywords.map((keyword, i) => ({ keyword, weight: weights[i]!, i })).sort((a, b) => b.weight - a.weight || a.i - b.i);
  const fields = indexSections(shown);
  const packed: string[] = [];
  let bytes = 0;
  const coveredNow: string[] = [];
  const notFitting: string[] = [];
  for (const { keyword } of order) {
    // Covered by what always stays indexed: nothing to add.
    if (matchKeyword(fields, keyword.phrase, language).match !== "none") continue;
    const { needed } = phraseKeys(keyword.phrase, language);
    const missing = needed.filter((token, index) => !present.has(token.key) && needed.findIndex((other) => other.key === token.key) === index);
    if (missing.length === 0) {
      coveredNow.push(keyword.phrase);
      continue;
    }
    if (missing.some((token) => !mayAdd(token.key, token.word))) {
      notFitting.push(keyword.phrase);
      continue;
    }
    const words = missing.map((token) => token.word);
    const extra = words.reduce((sum, word) => sum + countBytes(word) + (packed.length > 0 || sum > 0 ? 1 : 0), 0);
    if (bytes + extra > limit) {
      notFitting.push(keyword.phrase);
      continue;
    }
    packed.push(...words);
    bytes += extra;
    for (const token of missing) present.add(token.key);
    coveredNow.push(keyword.phrase);
  }
  // Then the words already in the field, as room allows (the seller's own synonyms are not lost).
  for (const token of tokenize(sections.searchTerms ?? "")) {
    if (present.has(token.key) || !mayAdd(token.key, token.word)) continue;
    const extra = countBytes(token.word) + (packed.length > 0 ? 1 : 0);
    if (bytes + extra > limit) break;
    packed.push(token.word);
    bytes += extra;
    present.add(token.key);
  }
  const searchTerms = packed.join(" ");
  return { searchTerms, bytes: countBytes(searchTerms), limit, coveredNow, notFitting };
}
