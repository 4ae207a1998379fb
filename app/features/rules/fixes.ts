// The fixes that are safe to make without the model (issue 15): they change no meaning, only remove what
// a rule forbids. Generation applies them after the model's last try; what still fails is shown, not hidden.
import { countBytes } from "./lint.ts";
import { foldWidth, wordKey } from "./matching.ts";
import type { ListingSections, RuleSet } from "./types.ts";

export const safeFixes = ["banned_characters_dropped", "search_terms_trimmed", "repeated_words_removed"] as const;
export type SafeFix = (typeof safeFixes)[number];

const spaces = /\s+/g;

/**
 * The title without characters the rule set bans, full-width ones too ("！" is a "!"); those inside the
 * brand stay. Spaces tidied. The brand is found as lint.ts finds it (wordKey keeps offsets: "İ" is one unit).
 */
export function dropBannedCharacters(title: string, ruleSet: RuleSet, brand?: string, language = "en"): string {
  const banned = new Set(ruleSet.bannedTitleCharacters);
  const name = brand?.trim() ? wordKey(brand.trim(), language) : "";
  const key = wordKey(title, language);
  const wide = foldWidth(title);
  const keep: boolean[] = [];
  if (name) for (let at = key.indexOf(name); at !== -1; at = key.indexOf(name, at + name.length)) for (let i = at; i < at + name.length; i++) keep[i] = true;
  let out = "";
  let dropped = false;
  for (let i = 0; i < title.length; i++) {
    const char = title[i]!;
    const drop = banned.has(wide[i]!) && !keep[i];
    dropped ||= drop;
    out += drop ? " " : char;
  }
  // Only where something went: the spaces it leaves are tidied, nothing else is touched.
  return dropped ? out.replace(spaces, " ").replace(/\s+([,.;:])/g, "$1").trim() : title;
}

/** Search terms with each word once (the first time it appears), case-insensitive as lint.ts reads it (wordKey). */
export function removeRepeatedWords(terms: string, language = "en"): string {
  const seen = new Set<string>();
  return terms
    .split(spaces)
    .filter((word) => {
      const key = wordKey(word, language);
      if (!word || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(" ");
}

/** Search terms cut at the last whole word that fits in `maxBytes` of UTF-8. */
export function trimToBytes(terms: string, maxBytes: number): string {
  const words = terms.trim().split(spaces);
  let out = "";
  for (const word of words) {
    const next = out ? `${out} ${word}` : word;
    if (countBytes(next) > maxBytes) break;
    out = next;
  }
  return out;
}

/** Applies every safe fix the rule set allows; returns the sections and which fixes changed something. */
export function applySafeFixes({ ruleSet, brand, language, sections }: { ruleSet: RuleSet; brand?: string; language?: string; sections: ListingSections }): { sections: ListingSections; applied: SafeFix[] } {
  const applied: SafeFix[] = [];
  const fixed: ListingSections = { ...sections };
  if (fixed.title !== undefined) {
    const title = dropBannedCharacters(fixed.title, ruleSet, brand, language);
    if (title !== fixed.title) applied.push("banned_characters_dropped");
    fixed.title = title;
  }
  if (fixed.searchTerms !== undefined) {
    const once = removeRepeatedWords(fixed.searchTerms, language);
    if (once !== fixed.searchTerms.trim().replace(spaces, " ")) applied.push("repeated_words_removed");
    const maxBytes = ruleSet.sections.searchTerms.limits.maxBytes;
    const trimmed = maxBytes === undefined ? once : trimToBytes(once, maxBytes);
    if (trimmed !== once) applied.push("search_terms_trimmed");
    fixed.searchTerms = trimmed;
  }
  return { sections: fixed, applied };
}
