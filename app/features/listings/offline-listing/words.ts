// Words as the listing writer reads and cases them: the language's lists and recognisers (rulesFor), title
// case, prose case, lists, and whether a phrase's words already stand in a text.
import { offlineKits } from "#app/templates/offline/kit/index.ts";
import { type BenefitKey, benefitKeys, type Category, type ListingText as OfflineText, type OfflineKit, recognisedCategories } from "#app/templates/offline/kit/types.ts";
import { capitalize } from "#app/templates/offline/kit/words.ts";
import type { OfflineLang as Lang } from "#app/templates/offline/languages.ts";

export const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export const letterOrDigit = /[\p{L}\p{N}]/u;

/** Lower-cases the first letter unless the first word is an acronym or mixed case (USB-C, iPhone, MagSafe). */
export const lowerFirst = (text: string) => (/^\p{Lu}[\p{Ll}'’-]*(?![\p{L}\p{N}])/u.test(text) ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text);

export const wordsOf = (text: string) => text.match(wordPattern) ?? [];

export const mod = (n: number, m: number) => ((n % m) + m) % m;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A language's word lists and recognisers as the writer uses them. */
export interface LangRules {
  kit: OfflineKit;
  text: OfflineText;
  small: ReadonlySet<string>;
  dangling: ReadonlySet<string>;
  stop: ReadonlySet<string>;
  pack: ReadonlySet<string>;
  /** Where the product's head ends in a name or type (a comma, a dash, a bracket, "with"). */
  clause: RegExp;
  /** Where a long title may be cut (a comma, a dash, a bracket, before "with"). */
  titleBreak: RegExp;
  /** "for" before the audience, as the seller may write it. */
  audienceLead: RegExp;
  benefits: Record<BenefitKey, RegExp>;
  categories: Record<Exclude<Category, "generic">, RegExp>;
}

export const rulesCache = new Map<Lang, LangRules>();

/** A language's lists, with English's and Spanish's beside them: sellers write English words (and
 * Spanish ones) in any store, so a phrase is tidied and recognised in those too. */
export function rulesFor(lang: Lang): LangRules {
  const cached = rulesCache.get(lang);
  if (cached) return cached;
  const kit = offlineKits[lang];
  const text = kit.listing;
  const kits = [...new Set([offlineKits.en, offlineKits.es, kit])];
  const texts = kits.map((item) => item.listing);
  const words = (list: (item: OfflineText) => readonly string[]) => [...new Set(texts.flatMap(list))];
  const alternatives = (list: (item: OfflineText) => readonly string[]) => words(list).map(escapeRegExp).join("|");
  const union = (source: (item: OfflineText) => RegExp, flags: string) => new RegExp(texts.map((item) => source(item).source).join("|"), flags);
  const endWords = new Set(text.endWords ?? []);
  const rules: LangRules = {
    kit,
    text,
    small: new Set(kit.smallWords),
    dangling: new Set(words((item) => item.danglingWords).filter((word) => !endWords.has(word))),
    stop: new Set(words((item) => item.stopWords)),
    pack: new Set(kits.flatMap((item) => item.packWords)),
    clause: new RegExp(`,|\\s[-–—|]\\s|\\(|\\s(?:${alternatives((item) => item.clauseWords)})\\s`, "i"),
    titleBreak: new RegExp(`,\\s|\\s[-–—|]\\s|\\s\\(|;\\s|\\s(?:${alternatives((item) => item.titleBreakWords)})\\s`, "giu"),
    audienceLead: new RegExp(`^\\s*(?:${alternatives((item) => item.audienceLead)})\\s+`, "i"),
    benefits: Object.fromEntries(benefitKeys.map((key) => [key, union((item) => item.recognisers.benefits[key], "i")])) as Record<BenefitKey, RegExp>,
    categories: Object.fromEntries(recognisedCategories.map((key) => [key, union((item) => item.recognisers.categories[key], "gi")])) as Record<Exclude<Category, "generic">, RegExp>,
  };
  rulesCache.set(lang, rules);
  return rules;
}

/** Units that stay lower case after a number ("6 mm", "750 ml"). */
export const units = new Set(["mm", "cm", "m", "km", "ml", "l", "cl", "oz", "fl", "lb", "lbs", "kg", "g", "mg", "in", "ft", "w", "v", "mah", "hz", "x"]);

/** One word in title case: small words and units stay lower case, acronyms and mixed case (iPhone, USB-C) stay. */
export function titleWord(word: string, first: boolean, afterNumber: boolean, lang: Lang): string {
  if (/^\p{Lu}{5,}$/u.test(word)) return capitalize(word.toLocaleLowerCase());
  // Capitals after the first letter (iPhone, USB-C, MagSafe): as written.
  if (/^.[^]*\p{Lu}/u.test(word.replace(/(^|[-/(])\p{Lu}(?=[\p{Ll}'’]*(?:[-/)]|$))/gu, "$1x"))) return word;
  const lower = word.toLocaleLowerCase();
  if (afterNumber && units.has(lower)) return lower;
  if (!first && rulesFor(lang).small.has(lower)) return lower;
  return word.replace(/(^|[-/(])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toLocaleUpperCase());
}

/** One word of a title that keeps the seller's capitals (German, French): only shouting and, in sentence
 * case, a capitalised small word ("À", "De") change. */
export function keptWord(word: string, first: boolean, lang: Lang): string {
  const { text, small } = rulesFor(lang);
  if (/^\p{Lu}{5,}$/u.test(word)) return text.titleCase === "asWritten" || first ? capitalize(word.toLocaleLowerCase()) : word.toLocaleLowerCase();
  if (text.titleCase === "sentence" && !first) {
    const lower = word.toLocaleLowerCase();
    if (/^\p{Lu}\p{Ll}*$/u.test(word) && small.has(lower)) return lower;
    // An elided article or preposition: "L'eau", "D'origine".
    if (/^\p{Lu}['’]\p{L}/u.test(word) && small.has(lower.slice(0, 2).replace("’", "'"))) return word.charAt(0).toLocaleLowerCase() + word.slice(1);
  }
  return word;
}

/**
 * A phrase of a title in the language's title case. `start`: the phrase starts the title (after the brand);
 * otherwise it follows a comma or "for", where French goes on in lower case ("…, rainure à jus").
 */
export function titleCase(text: string, lang: Lang, { start = true } = {}): string {
  const style = rulesFor(lang).text.titleCase;
  let first = true;
  let afterNumber = false;
  return text
    .split(/(\s+)/)
    .map((part) => {
      if (/^\s*$/.test(part)) return part;
      let out = style === "words" ? titleWord(part, first, afterNumber, lang) : keptWord(part, first, lang);
      if (style !== "words" && first) out = start ? capitalize(out) : style === "sentence" ? lowerFirst(out) : out;
      first = false;
      afterNumber = /\d$/.test(part);
      return out;
    })
    .join("");
}

/** Shouting (ALL-CAPS words of five letters and more, or a whole phrase in capitals) in sentence case; in
 * German a shouted word keeps its capital (it is most often a noun). */
export function unshout(text: string, lang: Lang): string {
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = letters.replace(/[^\p{Lu}]/gu, "");
  const allCaps = letters.length >= 6 && upper.length / letters.length > 0.8 && wordsOf(text).length >= 2;
  const lower = rulesFor(lang).text.unshoutCapitalised ? (word: string) => capitalize(word.toLocaleLowerCase()) : (word: string) => word.toLocaleLowerCase();
  const out = text.replace(/[\p{L}]+/gu, (word) => (/^\p{Lu}{5,}$/u.test(word) || (allCaps && /^\p{Lu}{4,}$/u.test(word)) ? lower(word) : word));
  return out === text ? text : out.replace(/^(\P{L}*)(\p{Ll})/u, (_, before: string, letter: string) => before + letter.toLocaleUpperCase());
}

/** The first letter in lower case where the language's prose allows it (not German nouns). */
export function lowerFirstIn(text: string, lang: Lang): string {
  const { lowerCaseInProse, lowerStart } = rulesFor(lang).text;
  if (lowerCaseInProse) return lowerFirst(text);
  const first = /^\p{Lu}[\p{Ll}'’-]*(?![\p{L}\p{N}])/u.exec(text)?.[0];
  return first && lowerStart?.(first.toLocaleLowerCase()) ? lowerFirst(text) : text;
}

export function listJoin(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  return `${items.slice(0, -1).join(", ")} ${rulesFor(lang).kit.and(last)} ${last}`;
}

/** Lower case for prose, except acronyms and mixed-case words (USB-C, iPhone); German keeps its nouns' capitals. */
export function proseCase(text: string, lang: Lang): string {
  const lowerCase = rulesFor(lang).text.lowerCaseInProse;
  return text.replace(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu, (word) => {
    if (/^\p{Lu}{5,}$/u.test(word)) return lowerCase ? word.toLocaleLowerCase() : capitalize(word.toLocaleLowerCase());
    return lowerCase && /^\p{Lu}[\p{Ll}'’-]*$/u.test(word) ? word.toLocaleLowerCase() : word;
  });
}

/** Whether every word of `part` already stands in `text`. */
export function coveredBy(text: string, part: string): boolean {
  const have = new Set(wordsOf(text.toLocaleLowerCase()));
  const words = wordsOf(part.toLocaleLowerCase());
  return words.length > 0 && words.every((word) => have.has(word) || have.has(word.replace(/s$/, "")) || have.has(`${word}s`));
}

export function withThe(text: string): string {
  return /^the\s/i.test(text) ? text : `the ${text}`;
}
