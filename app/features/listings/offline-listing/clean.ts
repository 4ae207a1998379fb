// Cleaning the seller's phrases: what a rule flags goes before the phrase is used anywhere.
import { featureList, type ListingFacts } from "#app/features/listings/types.ts";
import { lintListing } from "#app/features/rules/lint.ts";
import type { RuleSet, ViolationCode } from "#app/features/rules/types.ts";
import type { OfflineLang as Lang } from "#app/templates/offline/languages.ts";
import { type AvoidWords, removeAvoided } from "./avoid.ts";
import { finishPhrase, removeSpans } from "./tidy.ts";
import { rulesFor, unshout, wordsOf } from "./words.ts";

/** Codes whose spans are not removed from a phrase: limits, repeats and style a phrase may keep. */
export const keptCodes = new Set<ViolationCode>(["too_long", "too_short", "bytes_over", "word_repeated", "repeated_word", "all_caps", "bullet_count", "brand_in_search_terms", "subjective"]);

/** What a rule flags in the text, in each of `languages`; in another language than the copy's, not a
 * word the copy's language uses for something else (French "sale", dirty, is not the English "sale"). */
export function flaggedSpans(text: string, cleaner: Cleaner): [number, number][] {
  const spans: [number, number][] = [];
  const ordinary = new Set(rulesFor(cleaner.lang).text.ordinaryWords ?? []);
  for (const language of cleaner.languages) {
    const report = lintListing({ ruleSet: cleaner.ruleSet, language, sections: { title: text, bullets: [text], searchTerms: text } });
    const violations = [...(report.sections.title?.violations ?? []), ...(report.sections.bullets?.[0]?.violations ?? []), ...(report.sections.searchTerms?.violations ?? [])];
    for (const violation of violations) {
      if (keptCodes.has(violation.code) || violation.end <= violation.start) continue;
      if (language !== cleaner.lang && ordinary.has(text.slice(violation.start, violation.end).toLocaleLowerCase())) continue;
      spans.push([violation.start, violation.end]);
    }
  }
  return spans;
}

export interface Cleaner {
  lang: Lang;
  ruleSet: RuleSet;
  languages: readonly string[];
  avoid: AvoidWords | undefined;
}

/** A seller's phrase without what the rules flag, the words to avoid and the leftovers; "" when nothing useful is left. */
export function cleanPhrase(text: string, cleaner: Cleaner, { keepShort = false } = {}): string {
  let out = text.replace(/<[^>]*>/g, " ").replace(/&(?:amp|nbsp|quot|lt|gt);/g, " ");
  const letterWords = (phrase: string) => wordsOf(phrase).filter((word) => /\p{L}/u.test(word)).length;
  const before = letterWords(out);
  // Prices with the currency after the amount ("19,99 €"), which the price rule does not see once the symbol goes.
  out = out.replace(/(?<![\p{L}\p{N}])\d+(?:[.,]\d+)*\s?[$€£¥]/gu, " ");
  // Up to three passes: a removal can join what was apart.
  for (let pass = 0; pass < 3; pass++) {
    const spans = flaggedSpans(out, cleaner);
    if (spans.length === 0) break;
    out = removeSpans(out, spans);
  }
  out = removeAvoided(out, cleaner.avoid)
    .replace(/(?<![\p{L}\p{N}])asin\s*[:#]?/giu, " ")
    .replace(/[!?¡¿]+/g, " ")
    .replace(/[*_#~^{}|¬¦<>=`]+/g, " ")
    .replace(/[\p{Cc}\p{Co}]/gu, " ");
  // Something the seller wrote went: what is left around it may not stand alone.
  const removed = letterWords(out) < before;
  const { typeset } = rulesFor(cleaner.lang).text;
  if (typeset) out = typeset(out);
  out = finishPhrase(unshout(out, cleaner.lang), { trimStart: !keepShort, lang: cleaner.lang }).replace(/[.!?;:]+$/u, "");
  const words = wordsOf(out);
  if (words.length === 0 || (words.length === 1 && rulesFor(cleaner.lang).dangling.has(words[0]!.toLocaleLowerCase()))) return "";
  if (keepShort) return /\p{L}/u.test(out) ? out : "";
  if (!words.some((word) => /\p{L}{3,}/u.test(word))) return "";
  if (removed && letterWords(out) < 2) return "";
  return out;
}

/** Key features as short phrases: one a line, and a line that is a list ("3 sizes, juice groove") split at its commas. */
export function featurePhrases(facts: Pick<ListingFacts, "keyFeatures">): string[] {
  return featureList(facts).flatMap((line) => {
    const parts = line
      .split(/,(?!\d)/)
      .map((part) => part.trim())
      .filter(Boolean);
    const listLike = parts.length >= 3 || parts.every((part) => wordsOf(part).length <= 3);
    return listLike ? parts : [line];
  });
}
