// lintListing: a listing's sections against a rule set (rule-sets/*). Pure and browser-safe: the
// builder runs it on every keystroke, the server on every save and export. Offsets are UTF-16 (what
// String.slice and the browser's selection use); characters are counted as code points, bytes as UTF-8.
// Word lists and prices are matched in the copy folded for matching, at the same offsets (matching.ts).
import { foldWidth, matchKey, phraseRegExp, priceRegExp, subjectFor, wordKey, wordSpans } from "./matching.ts";
import type { LintReport, ListingSections, RuleSet, SectionReport, SectionRules, Severity, Violation, ViolationCode } from "./types.ts";

export interface LintInput {
  ruleSet: RuleSet;
  /** The copy's language (en, es…); word lists fall back to English. */
  language?: string;
  brand?: string;
  /** Other brands that may not appear in search terms (the workspace's list). */
  otherBrands?: readonly string[];
  sections: ListingSections;
}

type PhraseCategory = keyof RuleSet["phrases"][string];
/** Earlier categories win a span: "free shipping" is a shipping offer before it is promotional. */
const phraseCategories: readonly PhraseCategory[] = ["price_or_shipping", "guarantee", "restricted_claim", "placeholder", "promotional", "time_sensitive", "subjective"];

interface Compiled {
  /** The copy's language, which folds the text for matching (Turkish İ and I, Arabic spelling). */
  language: string;
  phrases: Partial<Record<PhraseCategory, RegExp>>;
  /** Idioms that hold a listed word without meaning it (French "à nouveau", again): no phrase inside one counts. */
  exceptions?: RegExp;
  price: RegExp;
  repeatable: Set<string>;
  banned: Set<string>;
  special: Set<string>;
}

const compiledCache = new WeakMap<RuleSet, Map<string, Compiled>>();
const letterOrDigit = /[\p{L}\p{N}]/u;

function compile(ruleSet: RuleSet, language: string): Compiled {
  let byLanguage = compiledCache.get(ruleSet);
  if (!byLanguage) compiledCache.set(ruleSet, (byLanguage = new Map()));
  let compiled = byLanguage.get(language);
  if (compiled) return compiled;
  const lists = ruleSet.phrases[language] ?? ruleSet.phrases.en ?? {};
  const exceptions = phraseRegExp(ruleSet.phraseExceptions?.[language] ?? [], language);
  compiled = {
    language,
    phrases: Object.fromEntries(phraseCategories.map((category) => [category, phraseRegExp(lists[category] ?? [], language)])),
    ...(exceptions ? { exceptions } : {}),
    price: priceRegExp(language),
    repeatable: new Set((ruleSet.repeatableWords[language] ?? ruleSet.repeatableWords.en ?? []).map((word) => wordKey(word, language))),
    banned: new Set(ruleSet.bannedTitleCharacters),
    special: new Set(ruleSet.specialSymbols),
  };
  byLanguage.set(language, compiled);
  return compiled;
}

const encoder = new TextEncoder();
const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const emojiPattern = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;
const contactPatterns = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /(?:https?:\/\/|www\.)[^\s<>"]+/gi,
  /(?<![\p{L}\p{N}@.])[\p{L}\p{N}-]+\.(?:com|net|org|io|shop|store|biz|info)(?![\p{L}\p{N}])/giu,
  /(?<!\d)(?:\+?\d{1,3}[\s.-])?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}(?!\d)/g,
];
const asinPattern = /(?<![\p{L}\p{N}])B0[A-Z0-9]{8}(?![\p{L}\p{N}])/gu;
const htmlPattern = /<\/?[a-z][^>]*>/gi;
const lineBreakTag = /^<br\s*\/?>$/i;
const shoutPattern = /^\p{Lu}{5,}$/u;

/** Code points of a string (what a seller calls characters). */
export function countChars(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function countBytes(text: string): number {
  return encoder.encode(text).length;
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

  // Plain fields, not parameter properties: Node's type stripping (bench, scripts) runs this file as is.
  constructor(text: string, checks: SectionRules["checks"]) {
    this.text = text;
    this.checks = checks;
  }

  severity(code: ViolationCode): Severity | undefined {
    return this.checks[code];
  }

  add(code: ViolationCode, start: number, end: number, params?: Violation["params"], severity = this.checks[code]): void {
    if (!severity) return;
    this.violations.push({ code, severity, start, end, ...(params ? { params } : {}) });
  }

  /**
   * Each span once (offsets in the copy), unless an earlier phrase category already took it or it lies
   * inside an exception; the phrase reported as the copy has it.
   */
  mark(code: ViolationCode, spans: Iterable<[number, number]>, except: readonly [number, number][] = [], params: (match: string) => Violation["params"] = (match) => ({ phrase: match })): void {
    if (!this.checks[code]) return;
    for (const [start, end] of spans) {
      if (this.taken.some(([s, e]) => start < e && end > s)) continue;
      if (except.some(([s, e]) => start >= s && end <= e)) continue;
      this.taken.push([start, end]);
      this.add(code, start, end, params(this.text.slice(start, end)));
    }
  }
}

function* spansOf(pattern: RegExp, text: string): Generator<[number, number]> {
  for (const match of text.matchAll(pattern)) yield [match.index, match.index + match[0].length];
}

function words(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(wordPattern)].map((match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));
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

function lintSection(text: string, rules: SectionRules, context: { compiled: Compiled; brand?: string; otherBrands: readonly string[]; allowLineBreakTags?: boolean; maxWordRepeats: number }): SectionReport {
  const { compiled } = context;
  const linter = new SectionLinter(text, rules.checks);
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

  // Characters and symbols (a full-width "！" is a "!").
  if (linter.severity("banned_character")) {
    const brand = brandSpans(keyOfWords, context.brand, language);
    let offset = 0;
    for (const char of wide) {
      if (compiled.banned.has(char) && !brand.some(([s, e]) => offset >= s && offset < e)) linter.add("banned_character", offset, offset + char.length, { char: text.slice(offset, offset + char.length) });
      offset += char.length;
    }
  }
  if (linter.severity("special_symbol")) {
    let offset = 0;
    for (const char of wide) {
      if (compiled.special.has(char)) linter.add("special_symbol", offset, offset + char.length, { char: text.slice(offset, offset + char.length) });
      offset += char.length;
    }
  }
  if (linter.severity("emoji")) {
    for (const match of text.matchAll(emojiPattern)) {
      if (compiled.special.has(match[0])) continue;
      linter.add("emoji", match.index, match.index + match[0].length, { char: match[0] });
    }
  }
  if (linter.severity("html")) {
    for (const match of text.matchAll(htmlPattern)) {
      if (context.allowLineBreakTags && lineBreakTag.test(match[0])) continue;
      linter.add("html", match.index, match.index + match[0].length, { tag: match[0].slice(0, 40) });
    }
  }

  // What the copy says.
  for (const pattern of contactPatterns) linter.mark("contact_info", spansOf(pattern, wide));
  if (linter.severity("price_or_shipping")) linter.mark("price_or_shipping", wordSpans(compiled.price, { text: wide }));
  const subject = subjectFor(key, language);
  const except = compiled.exceptions ? wordSpans(compiled.exceptions, subject) : [];
  for (const category of phraseCategories) {
    const pattern = compiled.phrases[category];
    if (pattern && linter.severity(category)) linter.mark(category, wordSpans(pattern, subject), except);
  }
  linter.mark("asin", spansOf(asinPattern, wide), [], (match) => ({ asin: match }));

  const tokens = words(keyOfWords);
  if (linter.severity("all_caps")) {
    for (const { start, end } of tokens) {
      const word = text.slice(start, end);
      if (shoutPattern.test(word)) linter.add("all_caps", start, end, { word });
    }
  }
  if (linter.severity("word_repeated")) {
    const seen = new Map<string, number>();
    for (const { word: key, start, end } of tokens) {
      if (compiled.repeatable.has(key)) continue;
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count > context.maxWordRepeats) linter.add("word_repeated", start, end, { word: text.slice(start, end), count, limit: context.maxWordRepeats });
    }
  }
  if (linter.severity("repeated_word")) {
    const seen = new Set<string>();
    for (const { word: key, start, end } of tokens) {
      if (seen.has(key)) linter.add("repeated_word", start, end, { word: text.slice(start, end) });
      seen.add(key);
    }
  }
  if (linter.severity("brand_in_search_terms")) {
    for (const name of [context.brand, ...context.otherBrands]) {
      for (const [start, end] of brandSpans(keyOfWords, name, language)) {
        const before = text[start - 1] ?? " ";
        const after = text[end] ?? " ";
        if (!letterOrDigit.test(before) && !letterOrDigit.test(after)) linter.add("brand_in_search_terms", start, end, { brand: text.slice(start, end) });
      }
    }
  }

  linter.violations.sort((a, b) => a.start - b.start || a.end - b.end);
  return { chars, bytes, limit: maxBytes ?? maxChars ?? null, violations: linter.violations };
}

/** Every section given, against the rule set; `passed` is false when any violation is an error. */
export function lintListing({ ruleSet, language = "en", brand, otherBrands = [], sections }: LintInput): LintReport {
  const compiled = compile(ruleSet, language);
  const base = { compiled, brand, otherBrands, maxWordRepeats: ruleSet.maxWordRepeats };
  const report: LintReport["sections"] = {};
  const rules = ruleSet.sections;
  if (sections.title !== undefined) report.title = lintSection(sections.title, rules.title, base);
  if (sections.itemHighlights !== undefined && rules.itemHighlights) report.itemHighlights = lintSection(sections.itemHighlights, rules.itemHighlights, base);
  if (sections.bullets !== undefined) {
    report.bullets = sections.bullets.map((bullet) => lintSection(bullet, rules.bullets, base));
    const count = sections.bullets.filter((bullet) => bullet.trim() !== "").length;
    const violations: Violation[] = [];
    if (count < rules.bullets.minCount || count > rules.bullets.maxCount) violations.push({ code: "bullet_count", severity: "error", start: 0, end: 0, params: { count, min: rules.bullets.minCount, max: rules.bullets.maxCount } });
    report.bulletList = { violations };
  }
  if (sections.description !== undefined) report.description = lintSection(sections.description, rules.description, { ...base, allowLineBreakTags: rules.description.allowLineBreakTags });
  if (sections.searchTerms !== undefined) report.searchTerms = lintSection(sections.searchTerms, rules.searchTerms, base);
  const all = [report.title, report.itemHighlights, ...(report.bullets ?? []), report.bulletList, report.description, report.searchTerms].flatMap((section) => section?.violations ?? []);
  return {
    ruleSet: { id: ruleSet.id, effectiveFrom: ruleSet.effectiveFrom, source: ruleSet.source.url },
    passed: !all.some((violation) => violation.severity === "error"),
    sections: report,
  };
}
