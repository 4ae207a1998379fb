// The offline listing writer: a whole listing (title, item highlights, bullets, description, search terms)
// composed from the seller's facts when no AI provider is configured. Pure, browser-safe and
// deterministic (the same input gives the same copy; another `variant` gives other wording), like the
// offline writer of the templates (server/ai/offline-writer.server.ts).
//
// It writes English, Spanish, German and French natively: what it says in each language, and the
// language's small rules (title capitals, "and", the words a phrase may not end with), are one file a
// language in ./offline-text/ (a new language is one file there and a line in offline-text/index.ts).
// Any other language gets English.
//
// How it stays within the rules: the seller's phrases are cleaned first (prices, links, symbols, promises
// and the words to avoid go), the copy is composed within each section's limits, and a last pass lints
// the copy and removes whatever span still has an error, until lintListing passes (a bounded loop).
import { offlineKits } from "#app/templates/offline/kit/index.ts";
import { benefitKeys, recognisedCategories, type BenefitKey, type Category, type ListingText as OfflineText, type OfflineKit, type SentenceContext, type Tone, type Voice } from "#app/templates/offline/kit/types.ts";
import { capitalize } from "#app/templates/offline/kit/words.ts";
import { offlineLang, type OfflineLang as Lang } from "#app/templates/offline/languages.ts";
import { featureList, wordsToAvoidList, type ListingCopy, type ListingFacts } from "#app/features/listings/types.ts";
import { applySafeFixes, trimToBytes } from "#app/features/rules/fixes.ts";
import { countChars, lintListing } from "#app/features/rules/lint.ts";
import type { LintReport, ListingSections, RuleSet, SectionReport, ViolationCode } from "#app/features/rules/types.ts";
import { stableHash } from "#app/lib/hash.ts";

export interface OfflineListingInput {
  facts: ListingFacts;
  ruleSet: RuleSet;
  /** The copy's language: en, es, de and fr are written natively; any other language English. */
  language: string;
  /** 0 by default; another number gives other wording ("regenerate"). */
  variant?: number;
}

// ---------------------------------------------------------------------------------------------
// Words

const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const letterOrDigit = /[\p{L}\p{N}]/u;

/** Lower-cases the first letter unless the first word is an acronym or mixed case (USB-C, iPhone, MagSafe). */
const lowerFirst = (text: string) => (/^\p{Lu}[\p{Ll}'’-]*(?![\p{L}\p{N}])/u.test(text) ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text);
const wordsOf = (text: string) => text.match(wordPattern) ?? [];
const mod = (n: number, m: number) => ((n % m) + m) % m;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const hash = stableHash;

/** A language's word lists and recognisers as the writer uses them. */
interface LangRules {
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

const rulesCache = new Map<Lang, LangRules>();

/** A language's lists, with English's and Spanish's beside them: sellers write English words (and
 * Spanish ones) in any store, so a phrase is tidied and recognised in those too. */
function rulesFor(lang: Lang): LangRules {
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
const units = new Set(["mm", "cm", "m", "km", "ml", "l", "cl", "oz", "fl", "lb", "lbs", "kg", "g", "mg", "in", "ft", "w", "v", "mah", "hz", "x"]);

/** One word in title case: small words and units stay lower case, acronyms and mixed case (iPhone, USB-C) stay. */
function titleWord(word: string, first: boolean, afterNumber: boolean, lang: Lang): string {
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
function keptWord(word: string, first: boolean, lang: Lang): string {
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
function titleCase(text: string, lang: Lang, { start = true } = {}): string {
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
function unshout(text: string, lang: Lang): string {
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = letters.replace(/[^\p{Lu}]/gu, "");
  const allCaps = letters.length >= 6 && upper.length / letters.length > 0.8 && wordsOf(text).length >= 2;
  const lower = rulesFor(lang).text.unshoutCapitalised ? (word: string) => capitalize(word.toLocaleLowerCase()) : (word: string) => word.toLocaleLowerCase();
  const out = text.replace(/[\p{L}]+/gu, (word) => (/^\p{Lu}{5,}$/u.test(word) || (allCaps && /^\p{Lu}{4,}$/u.test(word)) ? lower(word) : word));
  return out === text ? text : out.replace(/^(\P{L}*)(\p{Ll})/u, (_, before: string, letter: string) => before + letter.toLocaleUpperCase());
}

/** The first letter in lower case where the language's prose allows it (not German nouns). */
function lowerFirstIn(text: string, lang: Lang): string {
  const { lowerCaseInProse, lowerStart } = rulesFor(lang).text;
  if (lowerCaseInProse) return lowerFirst(text);
  const first = /^\p{Lu}[\p{Ll}'’-]*(?![\p{L}\p{N}])/u.exec(text)?.[0];
  return first && lowerStart?.(first.toLocaleLowerCase()) ? lowerFirst(text) : text;
}

function listJoin(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? "";
  const last = items.at(-1)!;
  return `${items.slice(0, -1).join(", ")} ${rulesFor(lang).kit.and(last)} ${last}`;
}

// ---------------------------------------------------------------------------------------------
// Tidying: what removals leave behind

function tidyLine(line: string): string {
  return line
    // Spaces collapse, but a no-break space before a colon stays (French typography: "Points forts : …").
    .replace(/[ \t\u00a0\r\n]+/g, (space: string, at: number, whole: string) => (space.includes("\u00a0") && whole[at + space.length] === ":" ? "\u00a0" : " "))
    .replace(/\(\s*\)|\[\s*\]/g, " ")
    .replace(/[^\S\u00a0]+([,.;:!?)\]])/g, "$1")
    .replace(/([([¿¡])\s+/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/[,;:]+\s*([.!?])/g, "$1")
    .replace(/([.!?])(?:\s*[,;:])+/g, "$1")
    .replace(/\.(?:\s*\.)+/g, ".")
    .replace(/\s[-–—/&+]+(?=\s*(?:[,.;:!?]|$))/g, "")
    .replace(/^[\s,;:.\-–—/&+|]+/, "")
    .replace(/\u00a0(?=[,.;!?)\]])/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** Collapses spaces and stray punctuation; paragraphs ("\n\n") stay. */
function tidy(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map(tidyLine)
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map(capitalize)
    .join("\n\n");
}

/** Without unmatched brackets and the dangling words and punctuation a cut or removal leaves at its end
 * (and, with `trimStart`, at its start: a seller's phrase, never a title that starts with the brand). */
function finishPhrase(text: string, { trimStart = false, lang = "en" as Lang } = {}): string {
  const { dangling } = rulesFor(lang);
  let out = text;
  for (const [open, close] of [["(", ")"], ["[", "]"]] as const) {
    while (out.split(open).length > out.split(close).length) out = out.slice(0, out.lastIndexOf(open)) + out.slice(out.lastIndexOf(open) + 1);
    while (out.split(close).length > out.split(open).length) out = out.slice(0, out.indexOf(close)) + out.slice(out.indexOf(close) + 1);
  }
  for (let round = 0; round < 10; round++) {
    const before = out;
    out = tidyLine(out).replace(/[\s,;:\-–—/&+|.(]+$/u, "");
    const words = out.split(" ");
    if (words.length > 1 && dangling.has(words.at(-1)!.toLocaleLowerCase())) out = words.slice(0, -1).join(" ");
    const lead = out.split(" ");
    if (trimStart && lead.length > 1 && dangling.has(lead[0]!.toLocaleLowerCase())) out = lead.slice(1).join(" ");
    if (out === before) break;
  }
  return out.trim();
}

/** The text cut to `max` characters at a word boundary (never mid-word), tidied at its end. */
function cutToChars(text: string, max: number, lang: Lang = "en"): string {
  if (countChars(text) <= max) return text;
  const chars = [...text];
  let cut = chars.slice(0, max).join("");
  if (!/\s/.test(chars[max] ?? " ")) {
    const space = cut.search(/\s\S*$/);
    cut = space > 0 ? cut.slice(0, space) : "";
  }
  return finishPhrase(cut, { lang });
}

/** A title cut to `max`: at a phrase boundary (comma, dash, bracket) when one is late enough, else at a word. */
function cutTitle(text: string, max: number, lang: Lang = "en"): string {
  if (countChars(text) <= max) return finishPhrase(text, { lang });
  const head = [...text].slice(0, max + 1).join("");
  let best = -1;
  for (const match of head.matchAll(rulesFor(lang).titleBreak)) {
    if (match.index >= max * 0.55 && countChars(text.slice(0, match.index)) <= max) best = match.index;
  }
  const cut = best > 0 ? text.slice(0, best) : cutToChars(text, max, lang);
  return finishPhrase(cut, { lang });
}

// ---------------------------------------------------------------------------------------------
// The words to avoid

/** The words to avoid: `find` matches them as whole words, case-insensitive; `remove` also takes the
 * hyphenated words they are part of ("plastic" takes "plastic-free" with it, not only its first half). */
interface AvoidWords {
  find: RegExp;
  remove: RegExp;
}

function avoidWords(words: readonly string[]): AvoidWords | undefined {
  const entries = words
    .map((word) => word.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const body = (word: string) => escapeRegExp(word).replace(/\s+/g, "[\\s-]+");
  const wordsPart = entries.filter((word) => letterOrDigit.test(word)).map(body).join("|");
  // An entry without letters or digits ("!", "&") is a symbol the seller does not want: it goes wherever it stands.
  const symbolsPart = entries.filter((word) => !letterOrDigit.test(word)).map(body).join("|");
  if (!wordsPart && !symbolsPart) return undefined;
  const pattern = (word: string) => [word && `(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, symbolsPart && `(?:${symbolsPart})`].filter(Boolean).join("|");
  return {
    find: new RegExp(pattern(wordsPart && `(?:${wordsPart})`), "iu"),
    remove: new RegExp(pattern(wordsPart && `(?:[\\p{L}\\p{N}]+-)*(?:${wordsPart})(?:-[\\p{L}\\p{N}]+)*`), "giu"),
  };
}

function mentionsAvoided(text: string, avoid: AvoidWords | undefined): boolean {
  return avoid ? avoid.find.test(text) : false;
}

function removeAvoided(text: string, avoid: AvoidWords | undefined): string {
  return avoid ? text.replace(avoid.remove, " ") : text;
}

// ---------------------------------------------------------------------------------------------
// Cleaning the seller's phrases: what a rule flags goes before the phrase is used anywhere

/** Codes whose spans are not removed from a phrase: limits, repeats and style a phrase may keep. */
const keptCodes = new Set<ViolationCode>(["too_long", "too_short", "bytes_over", "word_repeated", "repeated_word", "all_caps", "bullet_count", "brand_in_search_terms", "subjective"]);

function removeSpans(text: string, spans: readonly (readonly [number, number])[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let out = text;
  for (const [start, end] of merged.reverse()) out = `${out.slice(0, start)} ${out.slice(end)}`;
  return out;
}

/** What a rule flags in the text, in each of `languages`; in another language than the copy's, not a
 * word the copy's language uses for something else (French "sale", dirty, is not the English "sale"). */
function flaggedSpans(text: string, cleaner: Cleaner): [number, number][] {
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

interface Cleaner {
  lang: Lang;
  ruleSet: RuleSet;
  languages: readonly string[];
  avoid: AvoidWords | undefined;
}

/** A seller's phrase without what the rules flag, the words to avoid and the leftovers; "" when nothing useful is left. */
function cleanPhrase(text: string, cleaner: Cleaner, { keepShort = false } = {}): string {
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
function featurePhrases(facts: Pick<ListingFacts, "keyFeatures">): string[] {
  return featureList(facts).flatMap((line) => {
    const parts = line
      .split(/,(?!\d)/)
      .map((part) => part.trim())
      .filter(Boolean);
    const listLike = parts.length >= 3 || parts.every((part) => wordsOf(part).length <= 3);
    return listLike ? parts : [line];
  });
}

function withThe(text: string): string {
  return /^the\s/i.test(text) ? text : `the ${text}`;
}

// ---------------------------------------------------------------------------------------------
// The context: the cleaned facts and the choices every section shares

interface Context {
  lang: Lang;
  /** The language asked for (the rule set's word lists are that language's, even where the copy is English). */
  language: string;
  rules: LangRules;
  text: OfflineText;
  ruleSet: RuleSet;
  tone: Tone;
  voice: Voice;
  seed: number;
  variant: number;
  brand: string;
  /** The product name without the brand, as the seller wrote it (cleaned). */
  name: string;
  type: string;
  /** A short, lower-case way to call the product ("cutting board"). */
  ref: string;
  /** The audience as the seller wrote it (cleaned), for the title ("home cooks"). */
  audience: string;
  features: string[];
  category: Category;
  avoid: AvoidWords | undefined;
  cleaner: Cleaner;
  /** Words of the brand as the seller wrote it and as cleaned: never search terms. */
  brandWords: ReadonlySet<string>;
  /** What the sentences use: brand and name for prose, the audience as prose uses it, "the …" forms. */
  sentence: SentenceContext;
}

/** Picks an entry for this variant (another variant, another entry), skipping those with words to avoid. */
function pick<T>(ctx: Context, list: readonly T[], salt: number, text: (item: T) => string = (item) => String(item), used?: ReadonlySet<string>): T {
  const start = mod(ctx.seed + ctx.variant + salt * 7, list.length);
  for (const skipUsed of [true, false]) {
    for (let i = 0; i < list.length; i++) {
      const item = list[(start + i) % list.length]!;
      if (!mentionsAvoided(text(item), ctx.avoid) && !(skipUsed && used?.has(text(item)))) return item;
    }
  }
  return list[start]!;
}

function fill(ctx: Context, template: string): string {
  return template.replaceAll("{ref}", ctx.ref).replaceAll("{audience}", ctx.sentence.audience).replaceAll("{brand}", ctx.brand);
}

function stripBrandPrefix(name: string, brand: string): string {
  if (!brand) return name;
  const lower = name.toLocaleLowerCase();
  const prefix = brand.toLocaleLowerCase();
  if (lower.startsWith(prefix) && !letterOrDigit.test(name.charAt(prefix.length))) return name.slice(prefix.length).replace(/^[\s,:\-–—|]+/, "");
  return name;
}

/** Lower case for prose, except acronyms and mixed-case words (USB-C, iPhone); German keeps its nouns' capitals. */
function proseCase(text: string, lang: Lang): string {
  const lowerCase = rulesFor(lang).text.lowerCaseInProse;
  return text.replace(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu, (word) => {
    if (/^\p{Lu}{5,}$/u.test(word)) return lowerCase ? word.toLocaleLowerCase() : capitalize(word.toLocaleLowerCase());
    return lowerCase && /^\p{Lu}[\p{Ll}'’-]*$/u.test(word) ? word.toLocaleLowerCase() : word;
  });
}

/** How the copy calls the product: the product type, or the head of the product name. */
function referenceFor(type: string, name: string, lang: Lang): string {
  const { text, clause: clauseEnd, pack } = rulesFor(lang);
  const clause = (phrase: string) => phrase.split(clauseEnd)[0]!.trim();
  if (type) {
    const words = clause(type).split(/\s+/).slice(0, 4).join(" ");
    const ref = finishPhrase(proseCase(words, lang), { lang });
    if (ref) return ref;
  }
  let words = clause(name)
    .replace(/\s+(?:of|de)\s+\d+\s*$/i, "")
    .split(/\s+/)
    .filter(Boolean);
  // Not a pack size or a measure at the end ("Set", "3", "750 ml").
  const measure = (index: number) => units.has(words[index]!.toLocaleLowerCase()) && /\d$/.test(words[index - 1] ?? "");
  while (words.length > 1 && (pack.has(words.at(-1)!.toLocaleLowerCase()) || /^\d/.test(words.at(-1)!) || measure(words.length - 1))) words = words.slice(0, -1);
  const { from, words: count } = text.reference;
  const picked = from === "start" ? finishPhrase(words.slice(0, count).join(" "), { lang }) : words.slice(-count).join(" ");
  const ref = finishPhrase(proseCase(picked, lang), { lang });
  return ref || text.productRef;
}

/** The category whose words the facts use most: the product type counts most, then the name. */
function detectCategory(weighted: readonly (readonly [string, number])[], lang: Lang): Category {
  let best: Category = "generic";
  let bestCount = 0;
  for (const category of recognisedCategories) {
    const count = weighted.reduce((sum, [text, weight]) => sum + (text.toLocaleLowerCase().match(rulesFor(lang).categories[category])?.length ?? 0) * weight, 0);
    if (count > bestCount) {
      best = category;
      bestCount = count;
    }
  }
  return best;
}

function buildContext({ facts, ruleSet, language, variant = 0 }: OfflineListingInput): Context {
  const lang = offlineLang(language);
  const rules = rulesFor(lang);
  const { text } = rules;
  const tone: Tone = facts.tone === "Casual" || facts.tone === "Formal" ? facts.tone : "Professional";
  const avoid = avoidWords(wordsToAvoidList({ wordsToAvoid: facts.wordsToAvoid ?? "" }));
  const languages = [...new Set([language, "en", "es"])].filter((code) => ruleSet.phrases[code]);
  const cleaner: Cleaner = { lang, ruleSet, languages: languages.length > 0 ? languages : [language], avoid };

  // The brand keeps its own characters (a title may hold them inside the brand) and words ("The …"), not
  // symbols or markup.
  const brand = tidyLine(
    removeAvoided(
      (facts.brand ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(new RegExp(`[${escapeRegExp(ruleSet.specialSymbols)}]`, "gu"), " ")
        .replace(/\p{Extended_Pictographic}/gu, " "),
      avoid,
    ),
  );
  const rawName = cleanPhrase(facts.productName ?? "", cleaner, { keepShort: true });
  const type = cleanPhrase(facts.productType ?? "", cleaner, { keepShort: true });
  const name = stripBrandPrefix(rawName, brand) || type || text.product;
  // The audience stands in sentences: a long one is cut at a phrase.
  const audience = lowerFirstIn(cutTitle(cleanPhrase((facts.targetAudience ?? "").replace(rules.audienceLead, ""), cleaner), 80, lang), lang);
  const seen = new Set<string>();
  const features: string[] = [];
  for (const phrase of featurePhrases({ keyFeatures: facts.keyFeatures ?? "" })) {
    const clean = cleanPhrase(phrase, cleaner);
    const key = clean.toLocaleLowerCase();
    if (!clean || seen.has(key)) continue;
    seen.add(key);
    features.push(clean);
    if (features.length >= 10) break;
  }
  const ref = referenceFor(type, name, lang);
  const category = detectCategory(
    [
    [type, 4],
    [name, 2],
    [features.join(" "), 1],
    [audience, 1],
    ],
    lang,
  );
  const seed = hash([brand, name, type, facts.keyFeatures, audience, tone, lang].join("|"));
  const proseName = cutTitle(titleCase(name, lang), 80, lang) || name;
  const full = [brand, proseName].filter(Boolean).join(" ");
  return {
    lang,
    language,
    rules,
    text,
    ruleSet,
    tone,
    voice: tone === "Casual" ? "casual" : "formal",
    seed,
    variant: Number.isFinite(variant) ? Math.trunc(variant) : 0,
    brand,
    name,
    type,
    ref,
    audience,
    features,
    category,
    avoid,
    cleaner,
    brandWords: new Set(wordsOf(`${facts.brand ?? ""} ${brand}`.toLocaleLowerCase())),
    sentence: {
      full,
      audience: audience && text.audienceInProse ? text.audienceInProse(audience) : audience,
      ref,
      theFull: withThe(full),
      theBrandRef: withThe(brand ? `${brand} ${ref}` : ref),
      brandOr: brand || text.team,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Title

function titleWordCounts(ctx: Context, text: string): Map<string, number> {
  const repeatable = new Set(ctx.ruleSet.repeatableWords[ctx.language] ?? ctx.ruleSet.repeatableWords.en ?? []);
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) {
    const key = word.toLocaleLowerCase();
    if (!repeatable.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function repeatsOk(ctx: Context, text: string): boolean {
  for (const count of titleWordCounts(ctx, text).values()) if (count > ctx.ruleSet.maxWordRepeats) return false;
  return true;
}

/** The text cut before the word that would be used once too often. */
function cutAtRepeat(ctx: Context, text: string): string {
  const repeatable = new Set(ctx.ruleSet.repeatableWords[ctx.language] ?? ctx.ruleSet.repeatableWords.en ?? []);
  const counts = new Map<string, number>();
  for (const match of text.matchAll(wordPattern)) {
    const key = match[0].toLocaleLowerCase();
    if (repeatable.has(key)) continue;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > ctx.ruleSet.maxWordRepeats) return finishPhrase(text.slice(0, match.index), { lang: ctx.lang });
  }
  return text;
}

/** Whether every word of `part` already stands in `text`. */
function coveredBy(text: string, part: string): boolean {
  const have = new Set(wordsOf(text.toLocaleLowerCase()));
  const words = wordsOf(part.toLocaleLowerCase());
  return words.length > 0 && words.every((word) => have.has(word) || have.has(word.replace(/s$/, "")) || have.has(`${word}s`));
}

function composeTitle(ctx: Context): string {
  const { lang } = ctx;
  const limits = ctx.ruleSet.sections.title.limits;
  const max = limits.maxChars ?? 200;
  const min = limits.minChars ?? 0;
  const target = Math.min(max, 150);
  let base = cutAtRepeat(ctx, [ctx.brand, titleCase(ctx.name, lang)].filter(Boolean).join(" "));
  if (countChars(base) > target) base = cutTitle(base, target, lang);

  const segments: string[] = [];
  if (ctx.type && !coveredBy(base, ctx.type) && countChars(ctx.type) <= 40) segments.push(titleCase(ctx.type, lang, { start: false }));
  const shortFeatures = ctx.features.filter((feature) => countChars(feature) <= 40 && wordsOf(feature).length <= 6 && !coveredBy(base, feature));
  const turn = shortFeatures.length > 0 ? mod(ctx.variant, shortFeatures.length) : 0;
  const rotated = [...shortFeatures.slice(turn), ...shortFeatures.slice(0, turn)].map((feature) => titleCase(feature, lang, { start: false }));
  if (mod(ctx.variant, 2) === 0) segments.push(...rotated);
  else segments.unshift(...rotated);

  let title = base;
  const separator = mod(ctx.seed + ctx.variant, 3) === 2 ? " - " : ", ";
  let first = true;
  for (const segment of segments) {
    if (mentionsAvoided(segment, ctx.avoid) || coveredBy(title, segment)) continue;
    const next = `${title}${first ? separator : ", "}${segment}`;
    if (countChars(next) <= target && repeatsOk(ctx, next)) {
      title = next;
      first = false;
    }
  }
  const use = ctx.audience && countChars(ctx.audience) <= 32 ? `${ctx.text.forWord} ${titleCase(ctx.audience, lang, { start: false })}` : ctx.text.categories[ctx.category].titleUse;
  for (const ending of [use, ctx.text.categories.generic.titleUse]) {
    const next = `${title} ${ending}`;
    if (!mentionsAvoided(ending, ctx.avoid) && countChars(next) <= target && repeatsOk(ctx, next)) {
      title = next;
      break;
    }
  }
  return padTitle(ctx, finishPhrase(title, { lang }), min);
}

function padTitle(ctx: Context, title: string, min: number): string {
  if (countChars(title) >= min) return title;
  const endings = [ctx.text.categories[ctx.category].titleUse, ...ctx.text.titlePadding];
  // Endings without a word to avoid first; then the same with the words taken out.
  const options = [...endings.filter((ending) => !mentionsAvoided(ending, ctx.avoid)), ...endings.map((ending) => finishPhrase(removeAvoided(ending, ctx.avoid), { lang: ctx.lang }))];
  let out = title;
  for (const ending of options) {
    if (countChars(out) >= min) break;
    if (!ending || coveredBy(out, ending)) continue;
    const next = finishPhrase(`${out} ${ending}`, { lang: ctx.lang });
    if (repeatsOk(ctx, next)) out = next;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Item highlights, bullets, description, search terms

function composeHighlights(ctx: Context, title: string, headers: readonly string[]): string {
  const rules = ctx.ruleSet.sections.itemHighlights;
  if (!rules) return "";
  const max = rules.limits.maxChars ?? 125;
  const fresh = ctx.features.filter((feature) => !coveredBy(title, feature));
  const candidates = [...fresh, ...ctx.features.filter((feature) => !fresh.includes(feature)), ...headers]
    .map((item) => lowerFirstIn(cutToChars(item, 60, ctx.lang), ctx.lang))
    .filter((item) => item && !mentionsAvoided(item, ctx.avoid));
  const items: string[] = [];
  for (const item of candidates) {
    if (items.some((have) => have.toLocaleLowerCase() === item.toLocaleLowerCase())) continue;
    const next = [...items, item].join(", ");
    if (countChars(capitalize(next)) <= max) items.push(item);
    if (items.length >= 5) break;
  }
  return capitalize(items.join(", ") || cutToChars(headers.join(", "), max, ctx.lang));
}

interface Bullet {
  key: string;
  header: string;
  text: string;
}

/** What follows a bullet's header: a colon (French: with a no-break space before it), unless the seller asked to avoid it. */
function headerSeparator(ctx: Context): string {
  return ctx.text.headerSeparators.find((separator) => !mentionsAvoided(separator, ctx.avoid)) ?? " ";
}

function bulletText(ctx: Context, header: string, body: string, support: string): string {
  const max = ctx.ruleSet.sections.bullets.limits.maxChars ?? 255;
  const lead = `${header}${headerSeparator(ctx)}`;
  const sentence = body ? `${capitalize(body.replace(/[\s.,;:]+$/u, ""))}.` : "";
  const full = lead + [sentence, support].filter(Boolean).join(" ");
  if (countChars(full) <= max) return full;
  if (sentence && countChars(lead + sentence) <= max) return lead + sentence;
  // Still too long: the feature (or, in a generic bullet, its sentence) cut at a word.
  const rest = (sentence || support).replace(/[.!?]+$/u, "");
  return `${lead}${capitalize(cutToChars(rest, max - countChars(lead) - 1, ctx.lang))}.`;
}

function composeBullets(ctx: Context): Bullet[] {
  const rules = ctx.ruleSet.sections.bullets;
  const count = Math.min(Math.max(5, rules.minCount), rules.maxCount);
  const { text, voice } = ctx;
  const bullets: Bullet[] = [];
  const usedKeys = new Set<string>();
  const usedHeaders = new Set<string>();
  const usedSupport = new Set<string>();
  const genericHeaders = text.genericFeature.header;

  ctx.features.slice(0, count).forEach((feature, index) => {
    const benefit = benefitKeys.find((key) => !usedKeys.has(key) && ctx.rules.benefits[key].test(feature));
    let header: string;
    let support: string;
    if (benefit) {
      header = pick(ctx, text.benefits[benefit].header, index + 1);
      support = fill(ctx, pick(ctx, text.benefits[benefit].support[voice], index + 2, (template) => fill(ctx, template), usedSupport));
    } else {
      const free = genericHeaders.filter((candidate) => !usedHeaders.has(candidate));
      header = pick(ctx, free.length > 0 ? free : genericHeaders, index + 3);
      support = fill(ctx, pick(ctx, text.genericFeature.support[voice], index + 4, (template) => fill(ctx, template), usedSupport));
    }
    // A feature that says what its header says ("Easy to clean") is not repeated after it.
    const body = coveredBy(header, feature) ? "" : feature;
    const key = benefit ?? `feature-${index}`;
    usedKeys.add(key);
    usedHeaders.add(header);
    usedSupport.add(support);
    bullets.push({ key, header, text: bulletText(ctx, header, body, support) });
  });

  for (const filler of fillerBullets(ctx)) {
    if (bullets.length >= count) break;
    if (usedKeys.has(filler.key) || usedHeaders.has(filler.header)) continue;
    usedKeys.add(filler.key);
    usedHeaders.add(filler.header);
    bullets.push(filler);
  }
  return bullets;
}

/** Generic bullets: about the audience, then the category's, then any product's; rotated by variant.
 * Those without a word to avoid come first; the others follow with the words taken out (the last resort
 * when the seller avoids common words such as "for"), so there are always enough. */
function fillerBullets(ctx: Context): Bullet[] {
  const { voice } = ctx;
  const candidates: { key: string; header: string; text: string }[] = [];
  if (ctx.audience) {
    const { header, text } = ctx.text.audienceBullet[voice];
    candidates.push({ key: "audience", header, text: fill(ctx, text) });
  }
  const rotate = <T>(list: readonly T[]) => {
    const turn = mod(ctx.variant + ctx.seed, Math.max(list.length, 1));
    return [...list.slice(turn), ...list.slice(0, turn)];
  };
  const { categories } = ctx.text;
  const lists = ctx.category === "generic" ? [categories.generic.fillers] : [categories[ctx.category].fillers, categories.generic.fillers];
  for (const list of lists) for (const filler of rotate(list)) candidates.push({ key: filler.key, header: filler.header, text: fill(ctx, filler.text[voice]) });

  const clean: Bullet[] = [];
  const scrubbed: Bullet[] = [];
  for (const { key, header, text } of candidates) {
    if (!mentionsAvoided(`${header} ${text}`, ctx.avoid)) {
      clean.push({ key, header, text: bulletText(ctx, header, "", text) });
      continue;
    }
    const scrubbedHeader = finishPhrase(removeAvoided(header, ctx.avoid), { lang: ctx.lang });
    const scrubbedText = tidy(removeAvoided(text, ctx.avoid));
    if (!/\p{L}{2,}/u.test(scrubbedHeader) || wordsOf(scrubbedText).length < 2) continue;
    scrubbed.push({ key, header: capitalize(scrubbedHeader), text: bulletText(ctx, capitalize(scrubbedHeader), "", /[.!?]$/.test(scrubbedText) ? scrubbedText : `${scrubbedText}.`) });
  }
  return [...clean, ...scrubbed];
}

function composeDescription(ctx: Context): string {
  const { lang, text, tone, voice } = ctx;
  const max = ctx.ruleSet.sections.description.limits.maxChars ?? 2000;
  const opening = pick(ctx, text.openings[tone], 11, (sentence) => sentence(ctx.sentence))(ctx.sentence);
  const use = fill(ctx, pick(ctx, text.categories[ctx.category].use[voice], 12, (template) => fill(ctx, template)));
  const closing = pick(ctx, text.closings[tone], 13, (sentence) => sentence(ctx.sentence))(ctx.sentence);
  const paragraphs = [opening];
  if (ctx.features.length > 0) {
    const items = ctx.features.slice(0, 6).map((feature) => lowerFirstIn(cutToChars(feature, 160, lang), lang));
    const list = listJoin(items, lang);
    const summaries = items.length === 1 ? text.featureSingles[tone] : text.featureSummaries[tone];
    paragraphs.push(pick(ctx, summaries, 14, (summary) => summary(list))(list));
  }
  paragraphs.push(use, closing);
  let description = paragraphs.join("\n\n");
  // Long features: the use paragraph goes first, then the text is cut at a sentence.
  if (countChars(description) > max) description = [opening, ...paragraphs.slice(1, -2), closing].join("\n\n");
  if (countChars(description) > max) description = cutToChars(description, max - 1, lang).replace(/[^.!?]*$/u, "").trim() || cutToChars(description, max - 1, lang);
  return description;
}

function composeSearchTerms(ctx: Context, copy: Pick<ListingCopy, "title">): string {
  const maxBytes = ctx.ruleSet.sections.searchTerms.limits.maxBytes ?? 249;
  const searchWord = ctx.text.searchWord ?? ((word: string) => word);
  const titleWords = wordsOf(copy.title.toLocaleLowerCase());
  const excluded = new Set<string>([...titleWords, ...titleWords.map(searchWord), ...ctx.brandWords]);
  const flagged = new Set<string>();
  for (const lists of Object.values(ctx.ruleSet.phrases)) for (const list of Object.values(lists)) for (const phrase of list ?? []) if (!/\s/.test(phrase)) flagged.add(phrase.toLocaleLowerCase());
  const candidates = [
    ...wordsOf(ctx.type),
    ...wordsOf(ctx.name),
    ...wordsOf(ctx.audience),
    ...ctx.features.flatMap((feature) => wordsOf(feature)),
    ...ctx.text.categories[ctx.category].searchWords,
    ...(ctx.category === "generic" ? [] : ctx.text.categories.generic.searchWords),
  ];
  const words: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const word = searchWord(candidate.toLocaleLowerCase());
    if (seen.has(word) || excluded.has(word) || ctx.rules.stop.has(word) || flagged.has(word)) continue;
    if (!/\p{L}{3,}|^\p{L}\p{N}|^\p{N}+\p{L}/u.test(word) || /^\p{N}+$/u.test(word)) continue;
    if (mentionsAvoided(word, ctx.avoid)) continue;
    seen.add(word);
    words.push(word);
  }
  return trimToBytes(words.join(" "), maxBytes);
}

// ---------------------------------------------------------------------------------------------
// The last pass: lint, remove what still has an error, repeat

const lengthCodes = new Set<ViolationCode>(["too_long", "too_short", "bytes_over", "bullet_count"]);

function errorSpans(report: SectionReport | undefined): [number, number][] {
  return (report?.violations ?? []).filter((violation) => violation.severity === "error" && !lengthCodes.has(violation.code) && violation.end > violation.start).map((violation) => [violation.start, violation.end]);
}

function hasErrors(report: SectionReport | undefined): boolean {
  return (report?.violations ?? []).some((violation) => violation.severity === "error");
}

function fixTitle(ctx: Context, title: string, report: SectionReport | undefined): string {
  const limits = ctx.ruleSet.sections.title.limits;
  let out = hasErrors(report) ? finishPhrase(tidyLine(removeSpans(title, errorSpans(report))), { lang: ctx.lang }) : title;
  out = cutAtRepeat(ctx, out);
  if (limits.maxChars !== undefined && countChars(out) > limits.maxChars) out = cutTitle(out, limits.maxChars, ctx.lang);
  return padTitle(ctx, out, limits.minChars ?? 0);
}

function fixText(text: string, report: SectionReport | undefined, maxChars: number | undefined, endWithStop: boolean, lang: Lang): string {
  let out = hasErrors(report) ? tidy(removeSpans(text, errorSpans(report))) : text;
  if (maxChars !== undefined && countChars(out) > maxChars) {
    out = cutToChars(out, maxChars - (endWithStop ? 1 : 0), lang);
    if (endWithStop && out && !/[.!?]$/.test(out)) out += ".";
  }
  return out;
}

function fixBullets(ctx: Context, bullets: readonly string[], report: LintReport["sections"]): string[] {
  const rules = ctx.ruleSet.sections.bullets;
  const min = rules.limits.minChars ?? 0;
  const fixed = bullets
    .map((bullet, index) => fixText(bullet, report.bullets?.[index], rules.limits.maxChars, true, ctx.lang))
    // A bullet that lost its sentence (only its header is left) or is too short goes; fillers take its place.
    .filter((bullet) => {
      const separator = headerSeparator(ctx).trim();
      const at = separator ? bullet.indexOf(separator) : -1;
      const sentence = at > 0 && at <= 45 ? bullet.slice(at + separator.length) : bullet;
      return countChars(bullet) >= Math.max(min, 10) && wordsOf(sentence).length >= 2;
    });
  const count = Math.min(Math.max(5, rules.minCount), rules.maxCount);
  for (const filler of fillerBullets(ctx)) {
    if (fixed.length >= count) break;
    if (fixed.some((bullet) => bullet.startsWith(`${filler.header}${headerSeparator(ctx)}`))) continue;
    fixed.push(filler.text);
  }
  return fixed.slice(0, rules.maxCount);
}

function toSections(copy: ListingCopy): ListingSections {
  return { title: copy.title, itemHighlights: copy.itemHighlights, bullets: copy.bullets, description: copy.description, searchTerms: copy.searchTerms };
}

/** Search terms without the title's words and the brand's (the title can change in the last pass). */
function termsOutsideTitle(ctx: Context, terms: string, title: string): string {
  const titleWords = wordsOf(title.toLocaleLowerCase());
  const excluded = new Set([...titleWords, ...titleWords.map(ctx.text.searchWord ?? ((word: string) => word)), ...ctx.brandWords]);
  return terms
    .split(/\s+/)
    .filter((term) => term && !wordsOf(term).some((word) => excluded.has(word)))
    .join(" ");
}

function repair(ctx: Context, copy: ListingCopy, lintInput: { language: string; brand: string }): ListingCopy {
  let current = copy;
  for (let round = 0; round < 8; round++) {
    current = { ...current, searchTerms: termsOutsideTitle(ctx, current.searchTerms, current.title) };
    const report = lintListing({ ruleSet: ctx.ruleSet, language: lintInput.language, brand: lintInput.brand, sections: toSections(current) });
    if (report.passed) return current;
    const { sections } = report;
    const title = fixTitle(ctx, current.title, sections.title);
    const highlights = ctx.ruleSet.sections.itemHighlights ? fixText(current.itemHighlights, sections.itemHighlights, ctx.ruleSet.sections.itemHighlights.limits.maxChars, false, ctx.lang) : "";
    const bullets = fixBullets(ctx, current.bullets, sections);
    const description = fixText(current.description, sections.description, ctx.ruleSet.sections.description.limits.maxChars, true, ctx.lang);
    let searchTerms = hasErrors(sections.searchTerms) ? removeSpans(current.searchTerms, errorSpans(sections.searchTerms)) : current.searchTerms;
    searchTerms = applySafeFixes({ ruleSet: ctx.ruleSet, brand: lintInput.brand, sections: { searchTerms } }).sections.searchTerms ?? "";
    current = { title, itemHighlights: highlights, bullets, description, searchTerms };
  }
  return current;
}

// ---------------------------------------------------------------------------------------------

/**
 * A listing composed offline from the seller's facts: within the rule set's limits, without the words the
 * seller asked to avoid, and passing lintListing for the rule set. Deterministic: the same input gives
 * the same copy; another `variant` gives other wording.
 */
export function composeOfflineListing(input: OfflineListingInput): ListingCopy {
  const ctx = buildContext(input);
  const title = composeTitle(ctx);
  const bullets = composeBullets(ctx);
  const copy: ListingCopy = {
    title,
    itemHighlights: composeHighlights(
      ctx,
      title,
      bullets.map((bullet) => bullet.header),
    ),
    bullets: bullets.map((bullet) => bullet.text),
    description: composeDescription(ctx),
    searchTerms: composeSearchTerms(ctx, { title }),
  };
  // The words to avoid can still hide in a fixed sentence (every option had one): they go, the rest is tidied.
  const clean = (text: string) => (mentionsAvoided(text, ctx.avoid) ? tidy(removeAvoided(text, ctx.avoid)) : text);
  const cleaned: ListingCopy = {
    title: mentionsAvoided(copy.title, ctx.avoid) ? finishPhrase(removeAvoided(copy.title, ctx.avoid), { lang: ctx.lang }) : copy.title,
    itemHighlights: clean(copy.itemHighlights),
    bullets: copy.bullets.map(clean),
    description: clean(copy.description),
    searchTerms: tidyLine(removeAvoided(copy.searchTerms, ctx.avoid)),
  };
  return repair(ctx, cleaned, { language: input.language, brand: input.facts.brand ?? "" });
}

