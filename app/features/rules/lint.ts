// lintListing: a listing's sections against a rule set (rule-sets/*). Pure and browser-safe: the
// builder runs it on every keystroke, the server on every save and export. Offsets are UTF-16 (what
// String.slice and the browser's selection use); characters are counted as code points, bytes as UTF-8.
// Word lists and prices are matched in the copy folded for matching, at the same offsets (matching.ts).
// Issue 31 (decision 031): rules written for real sellers' copy, each by class — model codes and decimals
// are one word, the brand and model codes are not shouting, time words count where they announce, phone
// numbers and prices in the store's own formats.
import { capitalKind, mostlyCaseless, shoutingWords } from "./capitals.ts";
import { foldWidth, matchKey, phraseRegExp, priceRegExp, storeCurrencyForms, subjectFor, wordKey, wordSpans } from "./matching.ts";
import { findPhoneNumbers } from "./phones.ts";
import type { LintReport, LintStore, ListingSections, RuleSet, SectionReport, SectionRules, Severity, Violation, ViolationCode } from "./types.ts";

export interface LintInput {
  ruleSet: RuleSet;
  /** The copy's language (en, es…); word lists fall back to English. */
  language?: string;
  brand?: string;
  /** Other brands that may not appear in search terms (the workspace's list). */
  otherBrands?: readonly string[];
  /** The store (the marketplace registry's row fits): its phone formats, currency and claims. Absent: the language's home store. */
  store?: LintStore;
  /** Amazon's product type (BOOK, MUSIC, DVD…): media titles keep their longer limit. */
  productType?: string;
  sections: ListingSections;
}

/** Without a store, the language's first store in the marketplace registry (kept here: lint stays free of the registry). */
const homeStore: Record<string, LintStore> = {
  en: { country: "US", currency: "USD" }, es: { country: "ES", currency: "EUR" }, fr: { country: "FR", currency: "EUR" }, de: { country: "DE", currency: "EUR" },
  it: { country: "IT", currency: "EUR" }, nl: { country: "NL", currency: "EUR" }, pt: { country: "BR", currency: "BRL" }, sv: { country: "SE", currency: "SEK" },
  pl: { country: "PL", currency: "PLN" }, tr: { country: "TR", currency: "TRY" }, ar: { country: "SA", currency: "SAR" }, ja: { country: "JP", currency: "JPY" },
};

type PhraseCategory = keyof RuleSet["phrases"][string];
/** Earlier categories win a span: "free shipping" is a shipping offer before it is promotional. */
const phraseCategories: readonly PhraseCategory[] = ["price_or_shipping", "guarantee", "restricted_claim", "placeholder", "promotional", "time_sensitive", "subjective"];

interface Compiled {
  /** The copy's language, which folds the text for matching (Turkish İ and I, Arabic spelling). */
  language: string;
  country: string | undefined;
  phrases: Partial<Record<PhraseCategory, RegExp>>;
  /** Search terms only: help 23501's temporary and subjective words. */
  searchTermPhrases: Partial<Record<"time_sensitive" | "subjective", RegExp>>;
  /** Idioms that hold a listed word without meaning it (French "à nouveau", again): no phrase inside one counts. */
  exceptions?: RegExp;
  /** Claims that are only a warning in this store (Japan's 抗菌 treated articles). */
  storeWarnings?: RegExp;
  price: RegExp;
  repeatable: Set<string>;
  banned: Set<string>;
  special: Set<string>;
  functionalTitle: Set<string>;
  functionalSymbols: Set<string>;
  acronyms: Set<string>;
  /** Grammar words (articles, prepositions, conjunctions, negations…): in capitals they shout. */
  functionWords: Set<string>;
  /** A guarantee promise with its term ("1 year warranty", "replacement within 10 days"), and its bare words. */
  guaranteePromise?: { patterns: RegExp[]; nouns: Set<string> };
  timeWords?: { words: Set<string>; announcing: RegExp; launch?: RegExp; others?: RegExp };
}

const compiledCache = new WeakMap<RuleSet, Map<string, Compiled>>();
const letterOrDigit = /[\p{L}\p{N}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function compile(ruleSet: RuleSet, language: string, store: LintStore | undefined): Compiled {
  let byLanguage = compiledCache.get(ruleSet);
  if (!byLanguage) compiledCache.set(ruleSet, (byLanguage = new Map()));
  const cacheKey = `${language}|${store?.country ?? ""}|${store?.currency ?? ""}`;
  let compiled = byLanguage.get(cacheKey);
  if (compiled) return compiled;
  const lists = ruleSet.phrases[language] ?? ruleSet.phrases.en ?? {};
  // A language with word lists of its own reads no English search-term list; one without falls back as `phrases` does.
  const searchLists = ruleSet.searchTermPhrases?.[language] ?? (ruleSet.phrases[language] ? {} : (ruleSet.searchTermPhrases?.en ?? {}));
  const exceptions = phraseRegExp(ruleSet.phraseExceptions?.[language] ?? [], language);
  const storeWarnings = store ? phraseRegExp(ruleSet.storeClaims?.[store.country]?.warning?.[language] ?? [], language) : undefined;
  const currency = store?.currency;
  const forms = currency ? storeCurrencyForms(currency, `${language}-${store.country}`, ruleSet.currencySpellings?.[currency]) : undefined;
  const time = ruleSet.timeWordsInContext?.[language];
  const alternation = (words: readonly string[]) => words.map((word) => escapeRegExp(matchKey(word, language)).replace(/ /g, "[\\s-]+")).join("|");
  const terms = ruleSet.guaranteeTerms?.[language];
  compiled = {
    language,
    country: store?.country,
    ...(terms ? { guaranteePromise: { patterns: promisePatterns(terms, language), nouns: new Set(terms.nouns.map((noun) => matchKey(noun, language))) } } : {}),
    // A store's own phrases join the language's lists there (India's "No Cost EMI").
    phrases: Object.fromEntries(phraseCategories.map((category) => [category, phraseRegExp([...(lists[category] ?? []), ...((store && ruleSet.storePhrases?.[store.country]?.[category as "promotional"]?.[language]) ?? [])], language)])),
    searchTermPhrases: { time_sensitive: phraseRegExp(searchLists.time_sensitive ?? [], language), subjective: phraseRegExp(searchLists.subjective ?? [], language) },
    ...(exceptions ? { exceptions } : {}),
    ...(storeWarnings ? { storeWarnings } : {}),
    price: priceRegExp(language, forms),
    repeatable: new Set((ruleSet.repeatableWords[language] ?? ruleSet.repeatableWords.en ?? []).map((word) => wordKey(word, language))),
    banned: new Set(ruleSet.bannedTitleCharacters),
    special: new Set(ruleSet.specialSymbols),
    functionalTitle: new Set(ruleSet.functionalTitleCharacters ?? ""),
    functionalSymbols: new Set(ruleSet.functionalSymbols ?? ""),
    acronyms: new Set((ruleSet.acronyms ?? []).map((word) => word.toUpperCase())),
    functionWords: new Set([...(ruleSet.repeatableWords[language] ?? ruleSet.repeatableWords.en ?? []), ...(ruleSet.functionWords?.[language] ?? ruleSet.functionWords?.en ?? [])].map((word) => wordKey(word, language))),
    ...(time
      ? {
          timeWords: {
            words: new Set(time.words.map((word) => matchKey(word, language))),
            // A year after the word announces too ("New 2020"), whichever year.
            announcing: new RegExp(`^[\\s\\-–:,!]*(?:${alternation(time.announcing)}|(?:19|20)\\d{2})(?![\\p{L}\\p{N}])`, "u"),
            // "2025 New", "2024 Launch", "2025 Model": a year that announces, in the folded text.
            // A fit phrase, then no clause break (. ; : | ! ? or a bracket closing) up to the end: the time word that follows names another product.
            ...(time.others && time.others.length > 0 ? { others: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(time.others)})(?![\\p{L}\\p{N}])[^.;:|!?\\]】]*$`, "u") } : {}),
            ...(time.launchNouns.length > 0 ? { launch: new RegExp(`(?<![\\p{L}\\p{N}])(?:19|20)\\d{2}\\s*-?\\s*(?:${alternation(time.launchNouns)})(?![\\p{L}\\p{N}])`, "gu") } : {}),
          },
        }
      : {}),
  };
  byLanguage.set(cacheKey, compiled);
  return compiled;
}

/**
 * A promise and its term, in the folded text: the term first ("2 years warranty", "1 Year LG India Comprehensive
 * Warranty", "10Y Warranty", 2年間メーカー保証), or the promise first ("replacement within 10 days", "Garantie 2 ans").
 */
function promisePatterns(terms: { nouns: readonly string[]; units: readonly string[] }, language: string): RegExp[] {
  const words = (list: readonly string[]) => [...list].map((word) => escapeRegExp(matchKey(word, language)).replace(/ /g, "[\\s-]+")).sort((a, b) => b.length - a.length).join("|");
  const nouns = `(?:${words(terms.nouns)})`;
  const term = `\\p{Nd}+(?:[.,]\\p{Nd}+)?\\s*-?\\s*(?:${words(terms.units)})`;
  if (language === "ja") return [new RegExp(`${term}[^\\s、。,.\\p{Nd}]{0,8}?${nouns}`, "gu"), new RegExp(`${nouns}[^\\s、。,.]{0,4}?${term}`, "gu")];
  const end = "(?![\\p{L}\\p{N}])";
  // Up to three words between ("6 Months hassle free warranty"); up to two before the term ("replacement within 10 days").
  // The term first wins: in "Warranty Information: 1 year warranty" the promise is "1 year warranty".
  return [new RegExp(`(?<![\\p{L}\\p{N}])${term}${end}(?:[\\s-]+[\\p{L}]+){0,3}?[\\s-]+${nouns}${end}`, "gu"), new RegExp(`(?<![\\p{L}\\p{N}])${nouns}(?:[\\s:,-]+[\\p{L}]+){0,2}?[\\s:,-]+${term}${end}`, "gu")];
}

const encoder = new TextEncoder();
/**
 * A word, or a model code or number kept whole: parts joined by "-" or "." stay one word when the
 * whole has a digit ("WH-1000XM5", "2.5", "i7-8550U", "3-Pack"); "anti-slip" is still two words. A "/"
 * separates a list ("12/12 Pro/12 mini"): a word beside it is a word of its own.
 */
const tokenPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*(?:[-.][\p{L}\p{N}]+(?:['’][\p{L}]+)*)*/gu;
const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const joined = /[-.]/;
const hasDigit = /\p{N}/u;
/**
 * Emoji are pictures (🥇 😀 🔥 ⚡ ❄️ ☀️), with their modifiers and ZWJ sequences. Marks are decorative symbols,
 * emoji presentation or not: the check marks, crosses, stars, arrows, shapes, suits, hearts, pointing hands
 * and ornaments sellers put before a bullet or between phrases (✔ ✔️ ✅ ✓ ❌ ★ ⭐ ➤ ► ● ◆ ♥ ❤ ☛). By Unicode block
 * and range, not by a list of the characters seen (decision 031).
 */
const emojiPattern = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;
const emojiChar = /\p{Extended_Pictographic}/u;
const markChar = /[\u2190-\u21FF\u25A0-\u25FF\u2605\u2606\u2610-\u2612\u261A-\u261F\u2660-\u2667\u2705\u2713-\u2743\u2747-\u274E\u2753-\u2767\u2776-\u27BF\u27F0-\u27FF\u2900-\u297F\u2B00-\u2BFF]/u;
const symbolChar = /[\p{So}\p{Sm}]/u;
const contactPatterns = [
  // An e-mail: letters before the @ and a domain whose last label is letters ("i7-8550U@1.8GHz" is a spec).
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]*\p{L}[\p{L}\p{N}._%+-]*@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,24}(?![\p{L}\p{N}])/gu,
  /(?:https?:\/\/|www\.)[^\s<>"]+/gi,
  /(?<![\p{L}\p{N}@.])[\p{L}\p{N}-]+\.(?:com|net|org|io|shop|store|biz|info)(?![\p{L}\p{N}])/giu,
];
const contactHints = [/@/, /:\/\/|www\./i, /\.(?:com|net|org|io|shop|store|biz|info)(?![\p{L}\p{N}])/iu];
const asinPattern = /(?<![\p{L}\p{N}])B0[A-Z0-9]{8}(?![\p{L}\p{N}])/gu;
const htmlPattern = /<\/?[a-z][^>]*>/gi;
const lineBreakTag = /^<br\s*\/?>$/i;
/** A sentence ends here: after a word, before a capital or another sentence ("Three sizes. Deep grooves"). */
const sentenceEnd = /(?<=[\p{L}\p{M})])[.!?。！？](?=\s+[\p{Lu}\p{Lo}]|\s*[\p{Lo}])|[!?！？](?=\s*$)/gu;
/** A year before a time word announces it ("2025 New"), as does "all-" ("all-new"). */
const yearOrAllBefore = /(?:(?:19|20)\d{2}|\ball)[\s\-–,]*$/u;
const leadingNonWords = /^[^\p{L}\p{N}]*$/u;

/** Whether `offset` is inside the text's first word, joined to a letter before it ("Verilux®"). */
function onFirstWord(text: string, offset: number): boolean {
  return offset > 0 && letterOrDigit.test(text[offset - 1]!) && !/\s/u.test(text.slice(0, offset).trim());
}

/** Two capitals in a row: without them no word of capitals can shout. */
const twoCapitals = /\p{Lu}\p{Lu}/u;

function hasAsciiLower(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x61 && code <= 0x7a) return true;
  }
  return false;
}

/** Code points of a string (what a seller calls characters). */
export function countChars(text: string): number {
  // UTF-16 units less the low halves of surrogate pairs: no iterator, no garbage on the keystroke path.
  let count = text.length;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) {
      const before = text.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) count--;
    }
  }
  return count;
}

/** UTF-8 bytes, counted without encoding (a lone surrogate is U+FFFD's three bytes, as TextEncoder writes it). */
export function countBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The UTF-16 offset where the code point after the first `chars` ones starts. */
function offsetAfterChars(text: string, chars: number): number {
  let offset = 0;
  let seen = 0;
  for (const char of text) {
    if (seen === chars) return offset;
    offset += char.length;
    seen++;
  }
  return offset;
}

/** The UTF-16 offset of the first code point that no longer fits in `bytes`. */
function offsetAfterBytes(text: string, bytes: number): number {
  let offset = 0;
  let used = 0;
  for (const char of text) {
    used += encoder.encode(char).length;
    if (used > bytes) return offset;
    offset += char.length;
  }
  return offset;
}

class SectionLinter {
  readonly violations: Violation[] = [];
  private readonly taken: [number, number][] = [];
  private readonly text: string;
  private readonly checks: SectionRules["checks"];
  private readonly sources: RuleSet["sources"];

  // Plain fields, not parameter properties: Node's type stripping (bench, scripts) runs this file as is.
  constructor(text: string, checks: SectionRules["checks"], sources: RuleSet["sources"]) {
    this.text = text;
    this.checks = checks;
    this.sources = sources;
  }

  severity(code: ViolationCode): Severity | undefined {
    return this.checks[code];
  }

  add(code: ViolationCode, start: number, end: number, params?: Violation["params"], severity = this.checks[code]): void {
    if (!severity) return;
    this.violations.push({ code, severity, start, end, ...(params ? { params } : {}), source: this.sources[code].url });
  }

  /**
   * Each span once (offsets in the copy), unless an earlier phrase category already took it or it lies
   * inside an exception; the phrase reported as the copy has it.
   */
  mark(
    code: ViolationCode,
    spans: readonly [number, number][],
    except: readonly [number, number][] = [],
    params: (match: string) => Violation["params"] = (match) => ({ phrase: match }),
    severityOf?: (start: number, end: number) => Severity | undefined,
  ): void {
    if (!this.checks[code]) return;
    // Index loops and no destructuring: this runs for every section on every keystroke.
    for (let i = 0; i < spans.length; i++) {
      const start = spans[i]![0];
      const end = spans[i]![1];
      if (this.taken.some((span) => start < span[1] && end > span[0])) continue;
      if (except.some((span) => start >= span[0] && end <= span[1])) continue;
      this.taken.push([start, end]);
      this.add(code, start, end, params(this.text.slice(start, end)), severityOf?.(start, end) ?? this.checks[code]);
    }
  }
}

const emailLocalChar = /[\p{L}\p{N}._%+-]/u;
const emailDomain = /(?:[\p{L}\p{N}-]+\.)+\p{L}{2,24}(?![\p{L}\p{N}])/uy;

/**
 * E-mail addresses, read outward from each "@" (the pattern run from every position of a long section
 * backtracked over every word): letters before the @, and a domain whose last label is letters.
 */
function emailSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    let start = at;
    let letter = false;
    while (start > 0 && emailLocalChar.test(text[start - 1]!)) {
      start--;
      if (/\p{L}/u.test(text[start]!)) letter = true;
    }
    if (!letter) continue;
    emailDomain.lastIndex = at + 1;
    const domain = emailDomain.exec(text);
    if (domain) spans.push([start, at + 1 + domain[0].length]);
  }
  return spans;
}

function spansOf(pattern: RegExp, text: string): [number, number][] {
  const spans: [number, number][] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    spans.push([match.index, match.index + match[0].length]);
    if (match[0] === "") pattern.lastIndex++;
  }
  return spans;
}

interface Token {
  word: string;
  start: number;
  end: number;
}

/** Words of `text` (a key of the copy, same offsets): model codes and decimals whole, other joined words apart. */
function words(text: string): Token[] {
  const tokens: Token[] = [];
  tokenPattern.lastIndex = 0;
  for (let match = tokenPattern.exec(text); match; match = tokenPattern.exec(text)) {
    const token = match[0];
    const at = match.index;
    if (!joined.test(token) || hasDigit.test(token)) {
      tokens.push({ word: token, start: at, end: at + token.length });
      continue;
    }
    // Parts of a joined word without a digit ("anti-slip"): the token's pieces between "-" and ".".
    let from = 0;
    for (let i = 0; i <= token.length; i++) {
      const code = i < token.length ? token.charCodeAt(i) : 0x2d;
      if (code !== 0x2d && code !== 0x2e) continue;
      if (i > from) tokens.push({ word: token.slice(from, i), start: at + from, end: at + i });
      from = i + 1;
    }
  }
  return tokens;
}

const symbolSets = new Map<string, Set<string>>();
/** A section's own symbol list as a set, made once. */
function sectionSymbols(symbols: string): Set<string> {
  let set = symbolSets.get(symbols);
  if (!set) symbolSets.set(symbols, (set = new Set(symbols)));
  return set;
}

const scans = new WeakMap<Compiled, Map<Set<string>, RegExp>>();
/** The characters the character rules read: banned, functional and listed ones, and every symbol (So, Sm). */
function symbolScan(compiled: Compiled, special: Set<string>): RegExp {
  let bySpecial = scans.get(compiled);
  if (!bySpecial) scans.set(compiled, (bySpecial = new Map()));
  let scan = bySpecial.get(special);
  if (!scan) {
    const listed = [...new Set([...compiled.banned, ...compiled.functionalTitle, ...special])].map((char) => char.replace(/[\\\][^-]/g, "\\$&")).join("");
    bySpecial.set(special, (scan = new RegExp(`[${listed}\\p{So}\\p{Sm}]`, "gu")));
  }
  return scan;
}

const namesCache = new WeakMap<SectionContext, Set<string>>();
/** The words of the brand and the workspace's other brands, once per listing. */
function namesOf(context: SectionContext, language: string): Set<string> {
  let names = namesCache.get(context.base ?? context);
  if (!names) namesCache.set(context.base ?? context, (names = new Set([context.brand, ...context.otherBrands].flatMap((name) => (name ? [...wordKey(name, language).matchAll(wordPattern)].map((m) => m[0]) : [])))));
  return names;
}

/** Where the brand stands in the text (case-insensitive), so its own characters are allowed there. `key`: wordKey of the text. */
function brandSpans(key: string, brand: string | undefined, language: string): [number, number][] {
  const name = brand?.trim();
  if (!name) return [];
  const spans: [number, number][] = [];
  const needle = wordKey(name, language);
  for (let at = key.indexOf(needle); at !== -1; at = key.indexOf(needle, at + needle.length)) spans.push([at, at + needle.length]);
  return spans;
}

/** A name reduced to its letters and digits, accents dropped: "Ben & Jerry's" and "ben jerrys" meet at "benjerrys". */
function skeleton(text: string): string {
  return text.normalize("NFD").replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();
}

/**
 * The brand written without its punctuation or spacing ("benjerrys", "ben and jerrys", "coca cola"):
 * runs of words whose letters and digits, joined, spell the brand's.
 */
function brandSkeletonSpans(text: string, brand: string): [number, number][] {
  const targets = [...new Set([skeleton(brand), skeleton(brand.replace(/&|\+/g, " and "))])].filter((target) => target.length >= 3);
  if (targets.length === 0) return [];
  const longest = Math.max(...targets.map((target) => target.length));
  const tokens = [...text.matchAll(wordPattern)].map((match) => ({ key: skeleton(match[0]), start: match.index, end: match.index + match[0].length }));
  const spans: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joinedKey = "";
    for (let j = i; j < tokens.length && joinedKey.length < longest; j++) {
      joinedKey += tokens[j]!.key;
      if (targets.includes(joinedKey)) {
        spans.push([tokens[i]!.start, tokens[j]!.end]);
        break;
      }
      if (!targets.some((target) => target.startsWith(joinedKey))) break;
    }
  }
  return spans;
}

/** Whether a placeholder found at [start, end) is part of a notation ("NA-12", "AC/N/A", "N/A-2"), not a placeholder. */
function inNotation(text: string, start: number, end: number): boolean {
  const joinedBefore = start >= 2 && "-/.".includes(text[start - 1]!) && letterOrDigit.test(text[start - 2]!);
  const joinedAfter = "-/.".includes(text[end] ?? "") && letterOrDigit.test(text[end + 1] ?? "");
  return joinedBefore || joinedAfter;
}

interface SectionContext {
  compiled: Compiled;
  sources: RuleSet["sources"];
  brand?: string;
  otherBrands: readonly string[];
  allowLineBreakTags?: boolean;
  maxWordRepeats: number;
  /** Search terms read help 23501's own lists. */
  searchTerms?: boolean;
  /** A title opens with the brand and model. */
  title?: boolean;
  /** The listing's context the section's was made from (caches per listing). */
  base?: SectionContext;
}

function lintSection(text: string, rules: SectionRules, context: SectionContext): SectionReport {
  const { compiled } = context;
  const linter = new SectionLinter(text, rules.checks, context.sources);
  const chars = countChars(text);
  const bytes = countBytes(text);
  const { maxChars, minChars, maxBytes } = rules.limits;

  if (maxChars !== undefined && chars > maxChars) linter.add("too_long", offsetAfterChars(text, maxChars), text.length, { limit: maxChars, count: chars }, "error");
  if (minChars !== undefined && chars < minChars) linter.add("too_short", 0, text.length, { limit: minChars, count: chars }, "error");
  if (maxBytes !== undefined && bytes > maxBytes) linter.add("bytes_over", offsetAfterBytes(text, maxBytes), text.length, { limit: maxBytes, count: bytes }, "error");

  // Matching reads the text folded (full-width as ASCII, lower case, Arabic spelling), at the same offsets.
  const { language } = compiled;
  const wide = foldWidth(text);
  const key = matchKey(text, language);
  const keyOfWords = language === "tr" ? key.replace(/ı/g, "i") : key;
  const brand = brandSpans(keyOfWords, context.brand, language);
  const special = rules.specialSymbols ? sectionSymbols(rules.specialSymbols) : compiled.special;

  // Characters and symbols (a full-width "！" is a "!"), in one pass: ASCII letters, digits and spaces are skipped at once.
  const checkBanned = !!linter.severity("banned_character");
  const checkTitleSymbol = !!linter.severity("title_symbol");
  const checkSpecial = !!linter.severity("special_symbol");
  const checkDecorative = !!linter.severity("decorative_symbol");
  if (checkBanned || checkTitleSymbol || checkSpecial || checkDecorative) {
    const outsideBrand = (offset: number) => !brand.some((span) => offset >= span[0] && offset < span[1]);
    // One regex finds the characters any of these rules is about (the listed ones, and symbols); the rest of the text is never visited.
    const scan = symbolScan(compiled, special);
    scan.lastIndex = 0;
    for (let found = scan.exec(wide); found; found = scan.exec(wide)) {
      const offset = found.index;
      const char = found[0];
      const code = char.codePointAt(0)!;
      const size = char.length;
      {
        if (checkBanned && compiled.banned.has(char) && outsideBrand(offset)) linter.add("banned_character", offset, offset + size, { char: text.slice(offset, offset + size) });
        // "~ # < > *" only where they mean something: before a number ("#2", "<5 mm", "~30 min", "4*4").
        // Inside a part number ("4P4F5AJ#ABJ") they are part of the identifier.
        if (checkTitleSymbol && compiled.functionalTitle.has(char) && outsideBrand(offset) && !/^\s?\p{N}/u.test(wide.slice(offset + 1, offset + 3)) && !(letterOrDigit.test(wide[offset - 1] ?? "") && letterOrDigit.test(wide[offset + 1] ?? ""))) linter.add("title_symbol", offset, offset + 1, { char: text.slice(offset, offset + size) });
        // ® and ™ written on the title's first word are the brand's own marks ("Verilux® USB C Hub").
        if (checkSpecial && special.has(char) && !(context.title && (char === "®" || char === "™") && onFirstWord(wide, offset))) linter.add("special_symbol", offset, offset + size, { char: text.slice(offset, offset + size) });
        // Symbols (Unicode So and Sm) outside ASCII that say nothing: ★ ● ◆ ➤ ♪. Emoji and Amazon's listed symbols have their own rules.
        if (checkDecorative && code > 0x7f && symbolChar.test(char) && (!emojiChar.test(char) || markChar.test(char)) && !special.has(char) && !compiled.functionalSymbols.has(char) && !(code >= 0x3380 && code <= 0x33ff)) {
          // The emoji presentation selector after it (✔️) belongs to the symbol.
          linter.add("decorative_symbol", offset, offset + size + (wide[offset + size] === "\uFE0F" ? 1 : 0), { char });
        }
      }
    }
  }
  if (linter.severity("emoji")) {
    for (const match of text.matchAll(emojiPattern)) {
      if (special.has(match[0]) || markChar.test(match[0])) continue;
      linter.add("emoji", match.index, match.index + match[0].length, { char: match[0] });
    }
  }
  if (linter.severity("html")) {
    for (const match of text.matchAll(htmlPattern)) {
      if (context.allowLineBreakTags && lineBreakTag.test(match[0])) continue;
      linter.add("html", match.index, match.index + match[0].length, { tag: match[0].slice(0, 40) });
    }
  }
  if (linter.severity("highlights_sentences")) {
    for (const match of text.matchAll(sentenceEnd)) linter.add("highlights_sentences", match.index, match.index + match[0].length, { char: match[0] });
  }

  // What the copy says.
  // Each contact pattern only where its telltale is (an @, a www or ://, a known domain ending).
  contactPatterns.forEach((pattern, i) => {
    if (contactHints[i]!.test(wide)) linter.mark("contact_info", i === 0 ? emailSpans(wide) : spansOf(pattern, wide));
  });
  if (linter.severity("contact_info")) linter.mark("contact_info", findPhoneNumbers(wide, compiled.country));
  if (linter.severity("price_or_shipping")) linter.mark("price_or_shipping", wordSpans(compiled.price, { text: wide }));
  const subject = subjectFor(key, language);
  // Nothing inside an idiom ("deal with"), a document in the box ("warranty card") or the brand ("New Balance") counts.
  const except = [...(compiled.exceptions ? wordSpans(compiled.exceptions, subject) : []), ...brand];
  const time = compiled.timeWords;
  if (time?.launch && linter.severity("time_sensitive")) {
    // A launch year ("2025 Model"), but not a model that fits a car ("2025 Model Y").
    const launches = spansOf(time.launch, key).filter(([start, end]) => !/^\s+[A-Z0-9]{1,3}(?![\p{L}\p{N}])/u.test(text.slice(end)) && !describesOther(key, start, time.others));
    linter.mark("time_sensitive", launches, except);
  }
  if (context.searchTerms) {
    for (const category of ["time_sensitive", "subjective"] as const) {
      const pattern = compiled.searchTermPhrases[category];
      if (pattern && linter.severity(category)) linter.mark(category, wordSpans(pattern, subject), except);
    }
  }
  // A promise with its term is the guarantee's span; once one is raised, the bare word elsewhere (a heading, "your warranty") is the same promise.
  const promise = compiled.guaranteePromise;
  // A promise that holds a document in the box ("1 year warranty card") is the document.
  const promises = promise && linter.severity("guarantee") && hasDigit.test(key) ? promise.patterns.flatMap((pattern) => spansOf(pattern, key)).filter(([start, end]) => !except.some((span) => start < span[1] && end > span[0])) : [];
  if (promises.length > 0) linter.mark("guarantee", promises, except);
  for (const category of phraseCategories) {
    const pattern = compiled.phrases[category];
    if (!pattern || !linter.severity(category)) continue;
    let spans = wordSpans(pattern, subject);
    if (category === "guarantee" && promises.length > 0) spans = spans.filter(([start, end]) => !promise!.nouns.has(key.slice(start, end)));
    if (category === "placeholder") spans = spans.filter(([start, end]) => !inNotation(text, start, end));
    // "Free" joined to the word before it means without ("worry-free service", "BPA-free"), not an offer.
    if (category === "promotional" || category === "price_or_shipping") spans = spans.filter(([start]) => !(key.startsWith("free", start) && key[start - 1] === "-"));
    // A keyword list has no context: help 23501 names "new" and "now" in search terms outright.
    if (category === "time_sensitive" && time && !context.searchTerms) spans = spans.filter(([start, end]) => (!time.words.has(key.slice(start, end)) || announces(key, start, end, time.announcing, brand)) && !describesOther(key, start, time.others));
    // A claim this store allows with proof is a warning there (Japan's 抗菌), an error elsewhere.
    const lawful = category === "restricted_claim" && compiled.storeWarnings ? wordSpans(compiled.storeWarnings, subject) : [];
    const severityOf = lawful.length > 0 ? (start: number, end: number): Severity | undefined => (lawful.some((span) => span[0] === start && span[1] === end) ? "warning" : undefined) : undefined;
    linter.mark(category, spans, except, undefined, severityOf);
  }
  if (wide.includes("B0")) linter.mark("asin", spansOf(asinPattern, wide), [], (match) => ({ asin: match }));

  // Words are found only for the rules that read them (most bullets have no two capitals in a row).
  let found: Token[] | undefined;
  const tokensOf = (): Token[] => (found ??= words(keyOfWords));
  const inBrand = (start: number, end: number) => brand.some((span) => start >= span[0] && end <= span[1]);
  // Capitals shout as phrases, not as names (capitals.ts); copy written in a script without case has none to shout.
  if (linter.severity("all_caps") && twoCapitals.test(text) && !mostlyCaseless(text, language)) {
    // Names are written as their owners write them: the brand and the workspace's other brands.
    const names = namesOf(context, language);
    const kinds = tokensOf().map(({ word: tokenKey, start, end }) => {
      // Most words have a lower-case ASCII letter: known without slicing the copy.
      if (hasAsciiLower(text, start, end)) return { word: "", start, end, kind: "lower" as const };
      const word = text.slice(start, end);
      // Alternatives or parts written with "/" or "+" are a notation (ON/OFF, DVD/VCD, RO+UV), not a phrase.
      const exempt = inBrand(start, end) || names.has(tokenKey) || compiled.acronyms.has(word) || "/+".includes(text[start - 1] || " ") || "/+".includes(text[end] || " ");
      return { word, start, end, kind: capitalKind(word, tokenKey, exempt, compiled.functionWords) };
    });
    for (const { start, end } of shoutingWords(kinds, !!context.title)) linter.add("all_caps", start, end, { word: text.slice(start, end) });
  }
  if (linter.severity("word_repeated")) {
    const seen = new Map<string, number>();
    for (const { word: tokenKey, start, end } of tokensOf()) {
      // Model codes and numbers ("WH-1000XM5", "2.5"), single letters ("Type C to C") and the brand may repeat.
      if (compiled.repeatable.has(tokenKey) || hasDigit.test(tokenKey) || inBrand(start, end) || (end - start === 1 && !/[\p{Lo}]/u.test(tokenKey))) continue;
      const count = (seen.get(tokenKey) ?? 0) + 1;
      seen.set(tokenKey, count);
      if (count > context.maxWordRepeats) linter.add("word_repeated", start, end, { word: text.slice(start, end), count, limit: context.maxWordRepeats });
    }
  }
  if (linter.severity("repeated_word")) {
    const seen = new Set<string>();
    for (const { word: tokenKey, start, end } of tokensOf()) {
      if (seen.has(tokenKey)) linter.add("repeated_word", start, end, { word: text.slice(start, end) });
      seen.add(tokenKey);
    }
  }
  if (linter.severity("brand_in_search_terms")) {
    for (const name of [context.brand, ...context.otherBrands]) {
      if (!name?.trim()) continue;
      const exact = brandSpans(keyOfWords, name, language).filter(([start, end]) => !letterOrDigit.test(text[start - 1] ?? " ") && !letterOrDigit.test(text[end] ?? " "));
      linter.mark("brand_in_search_terms", [...exact, ...brandSkeletonSpans(text, name)], [], (match) => ({ brand: match }));
    }
  }

  linter.violations.sort((a, b) => a.start - b.start || a.end - b.end);
  return { chars, bytes, limit: maxBytes ?? maxChars ?? null, violations: linter.violations };
}

/**
 * Whether a time word that is an ordinary word elsewhere announces here: first in the section (after the
 * brand, if the brand leads), after a year or "all-", or before an announcing word ("New Arrival").
 */
function announces(key: string, start: number, end: number, announcing: RegExp, brand: readonly [number, number][]): boolean {
  const before = key.slice(0, start);
  const lead = brand.find(([s]) => leadingNonWords.test(key.slice(0, s)));
  if (leadingNonWords.test(lead && lead[1] <= start ? key.slice(lead[1], start) : before)) return true;
  if (yearOrAllBefore.test(before.slice(-12))) return true;
  return announcing.test(key.slice(end, end + 40));
}

/** Whether a time word at `start` follows a fit phrase in its clause ("compatible with the latest phones"): it names another product. */
function describesOther(key: string, start: number, others: RegExp | undefined): boolean {
  return !!others && others.test(key.slice(Math.max(0, start - 80), start));
}

function isMedia(ruleSet: RuleSet, productType: string | undefined): boolean {
  if (!productType || !ruleSet.media) return false;
  const type = productType.trim().toUpperCase().replace(/[\s-]+/g, "_");
  return ruleSet.media.productTypes.includes(type);
}

/** Every section given, against the rule set; `passed` is false when any violation is an error. */
export function lintListing({ ruleSet, language = "en", brand, otherBrands = [], store, productType, sections }: LintInput): LintReport {
  const compiled = compile(ruleSet, language, store ?? homeStore[language]);
  const base: SectionContext = { compiled, sources: ruleSet.sources, brand, otherBrands, maxWordRepeats: ruleSet.maxWordRepeats };
  base.base = base;
  const report: LintReport["sections"] = {};
  const rules = ruleSet.sections;
  if (sections.title !== undefined) {
    // Media (books, music, video) keep their longer titles (help 201100890).
    const title = isMedia(ruleSet, productType) ? { ...rules.title, limits: { ...rules.title.limits, maxChars: ruleSet.media!.titleMaxChars } } : rules.title;
    report.title = lintSection(sections.title, title, { ...base, title: true });
  }
  if (sections.itemHighlights !== undefined && rules.itemHighlights) report.itemHighlights = lintSection(sections.itemHighlights, rules.itemHighlights, base);
  if (sections.bullets !== undefined) {
    report.bullets = sections.bullets.map((bullet) => lintSection(bullet, rules.bullets, base));
    const count = sections.bullets.filter((bullet) => bullet.trim() !== "").length;
    const violations: Violation[] = [];
    if (count < rules.bullets.minCount || count > rules.bullets.maxCount) violations.push({ code: "bullet_count", severity: "error", start: 0, end: 0, params: { count, min: rules.bullets.minCount, max: rules.bullets.maxCount }, source: ruleSet.sources.bullet_count.url });
    const total = report.bullets.reduce((sum, bullet) => sum + bullet.chars, 0);
    const maxTotal = rules.bullets.maxTotalChars;
    if (maxTotal !== undefined && total > maxTotal) violations.push({ code: "bullets_total_too_long", severity: "error", start: 0, end: 0, params: { count: total, limit: maxTotal }, source: ruleSet.sources.bullets_total_too_long.url });
    report.bulletList = { violations };
  }
  if (sections.description !== undefined) report.description = lintSection(sections.description, rules.description, { ...base, allowLineBreakTags: rules.description.allowLineBreakTags });
  if (sections.searchTerms !== undefined) report.searchTerms = lintSection(sections.searchTerms, rules.searchTerms, { ...base, searchTerms: true });
  const all = [report.title, report.itemHighlights, ...(report.bullets ?? []), report.bulletList, report.description, report.searchTerms].flatMap((section) => section?.violations ?? []);
  return {
    ruleSet: { id: ruleSet.id, effectiveFrom: ruleSet.effectiveFrom, source: ruleSet.source.url },
    passed: !all.some((violation) => violation.severity === "error"),
    sections: report,
  };
}
