// How lint.ts finds word-list phrases and prices in copy of any script (issue 17). Pure and browser-safe,
// and on the keystroke path: one regex per list, edges checked by hand where a lookbehind would make V8 slow.
//
// The text is folded for matching without moving an offset: full-width forms as ASCII (ＦＲＥＥ, ！, ％),
// lower case (Turkish the Turkish way), Arabic hamza and final ى folded. Each fold keeps every UTF-16
// length, so a span in the folded text is the same span in the copy. Arabic vowel marks and tatweel are
// the one thing taken out (a shorter text with a map back), and only when the text has them.

// Scripts written without spaces between words: Han, hiragana and katakana (with the long-vowel mark and
// half-width katakana's marks, which Unicode files under no script). A Han or hiragana phrase has no word
// edge to find; a katakana one must not stand inside a longer katakana word; a Latin word ends beside them.
const cjkChars = "\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\u30FC\\uFF70\\uFF9E\\uFF9F";
const katakanaChars = "\\p{sc=Katakana}\\u30FC\\uFF70\\uFF9E\\uFF9F";
const isCjk = new RegExp(`[${cjkChars}]`, "u");
const isKatakana = new RegExp(`[${katakanaChars}]`, "u");
const isArabicLetter = /(?=\p{sc=Arabic})\p{L}/u;
const isLetterOrDigit = /[\p{L}\p{N}]/u;
const isWordChar = /[\p{L}\p{N}\p{M}]/u;
/** Where a word of a spaced script ends: no letter, digit or mark follows (a CJK character may). */
const wordEnd = `(?:(?![\\p{L}\\p{N}\\p{M}])|(?=[${cjkChars}]))`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

// Folding.

const fullWidthPattern = /[\uFF01-\uFF5E\uFFE0-\uFFE6]/g;
const hasFullWidth = /[\uFF01-\uFF5E\uFFE0-\uFFE6]/;
const fullWidthSigns: Record<string, string> = { "\uFFE0": "¢", "\uFFE1": "£", "\uFFE2": "¬", "\uFFE3": "¯", "\uFFE4": "¦", "\uFFE5": "¥", "\uFFE6": "₩" };

function foldFullWidth(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff5e ? String.fromCharCode(code - 0xfee0) : fullWidthSigns[char]!;
}

/** Full-width forms (U+FF01–FF5E, and ￥ ￡ ￠…) as their ASCII or Latin-1 twins: one UTF-16 unit for one. */
export function foldWidth(text: string): string {
  return hasFullWidth.test(text) ? text.replace(fullWidthPattern, foldFullWidth) : text;
}

/**
 * Lower case that keeps every character's UTF-16 length. Turkish folds the Turkish way (İ → i, I → ı);
 * elsewhere İ → i, where toLowerCase gives "i̇" (two units). Nothing else changes length: checked over
 * every code point in Node 24 (Unicode 17), where only İ grows, and Turkish only shrinks I + U+0307.
 */
export function foldCase(text: string, turkish = false): string {
  const lower = turkish ? text.toLocaleLowerCase("tr") : text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    i += char.length;
    // The dot above that follows an I stays, a mark of its own.
    if (char === "\u0130" || (turkish && char === "I" && text[i] === "\u0307")) out += "i";
    else {
      const folded = turkish ? char.toLocaleLowerCase("tr") : char.toLowerCase();
      out += folded.length === char.length ? folded : char;
    }
  }
  return out;
}

/** Arabic spelling that varies: hamza on or under the alif (أ إ آ ٱ → ا), and a final ى for ي (Egypt). */
const arabicSpellingPattern = /[\u0622\u0623\u0625\u0671\u0649]/g;
function foldArabic(text: string): string {
  return text.replace(arabicSpellingPattern, (char) => (char === "\u0649" ? "\u064A" : "\u0627"));
}

/** The text phrases are matched against: full-width as ASCII, lower case, Arabic spelling folded; as long as `text`. */
export function matchKey(text: string, language = "en"): string {
  const key = foldCase(foldWidth(text), language === "tr");
  return language === "ar" ? foldArabic(key) : key;
}

/** A word's key for repeats and brands: as matchKey, and in Turkish ı and i as one (ASCII capitals write I for İ). */
export function wordKey(word: string, language = "en"): string {
  const key = matchKey(word, language);
  return language === "tr" ? key.replace(/ı/g, "i") : key;
}

/** Arabic vowel marks (harakat, tanwin, shadda…) and the tatweel (ـ, stretching), written between any letters. */
const arabicMarkPattern = /[\p{Mn}\u0640]/u;
const arabicMarksPattern = /[\p{Mn}\u0640]/gu;
const arabicMarkRuns = /[\p{Mn}\u0640]+/gu;
const arabicMarks = "[\\p{Mn}\\u0640]*";

/** Text to match in, and how its spans map back to the copy's. */
export interface Subject {
  text: string;
  /** Offsets in `text` back to the copy's (absent: the same). */
  toOriginal?: (start: number, end: number) => [number, number];
}

/**
 * A matchKey as a Subject; in Arabic without the vowel marks and tatweel, whose spans take the marks
 * that follow their last letter ("مَجّانِيٌّ" whole).
 */
export function subjectFor(key: string, language: string): Subject {
  if (language !== "ar" || !arabicMarkPattern.test(key)) return { text: key };
  // The map back is built on the first match only: most text matches nothing.
  let at: Int32Array | undefined;
  const mapBack = (): Int32Array => {
    const map = new Int32Array(key.length + 1);
    let n = 0;
    for (let i = 0; i < key.length; i++) if (!arabicMarkPattern.test(key[i]!)) map[n++] = i;
    map[n] = key.length;
    return map;
  };
  return {
    text: key.replace(arabicMarkRuns, ""),
    toOriginal(start, end) {
      at ??= mapBack();
      let last = at[end - 1]! + 1;
      while (last < key.length && arabicMarkPattern.test(key[last]!)) last++;
      return [at[start]!, last];
    },
  };
}

// Matching.

/**
 * Whether a match may start at `start`: a Latin (Arabic, Cyrillic…) letter or digit where no letter,
 * digit or mark stands before it (a CJK character may: "人気No.1"); katakana where no katakana stands
 * before it ("エコ" is not in "テクノエコ"); Han, hiragana and symbols anywhere.
 */
function startsWord(text: string, start: number): boolean {
  if (start === 0) return true;
  const first = String.fromCodePoint(text.codePointAt(start)!);
  if (!isLetterOrDigit.test(first)) return true;
  const code = text.charCodeAt(start - 1);
  const prev = code >= 0xdc00 && code <= 0xdfff && start > 1 ? text.slice(start - 2, start) : text[start - 1]!;
  if (isKatakana.test(first)) return !isKatakana.test(prev);
  if (isCjk.test(first)) return true;
  return !isWordChar.test(prev) || isCjk.test(prev);
}

/** The spans of `pattern` (global) in `subject` that start where startsWord allows, in the copy's offsets. */
export function wordSpans(pattern: RegExp, subject: Subject): [number, number][] {
  const spans: [number, number][] = [];
  const { text } = subject;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index;
    if (match[0] === "" || !startsWord(text, start)) {
      // Every alternative starting here starts with this character: none can match here. Try the next one.
      pattern.lastIndex = start + (text.codePointAt(start)! > 0xffff ? 2 : 1);
      continue;
    }
    const end = start + match[0].length;
    spans.push(subject.toOriginal ? subject.toOriginal(start, end) : [start, end]);
  }
  return spans;
}

/** Arabic prefixes that attach to a word: and/so (و ف), then with/like/for (ب ك ل), the article (ال), or both (بال, لل). */
const arabicPrefixes = "(?:[وف])?(?:[بك]?ال|لل|[بكل])?";

const phraseEnds = { word: wordEnd, katakana: `(?![${katakanaChars}])`, free: "" };

/**
 * Where a phrase must end: a Latin or Arabic one at a word end; a katakana one where no katakana follows;
 * a Han, hiragana or symbol one anywhere.
 */
function phraseEnd(phrase: string): keyof typeof phraseEnds {
  const last = [...phrase].at(-1)!;
  return isKatakana.test(last) ? "katakana" : isCjk.test(last) ? "free" : isLetterOrDigit.test(last) ? "word" : "free";
}

/**
 * A phrase (folded) as a regex source, without its edges (startsWord and phraseEnd). Spaces take hyphens
 * and runs of spaces; in Turkish an i takes ı ("GARANTI" folds to "garantı"); an Arabic word after the
 * first may take the article ("الشحن المجاني" for "شحن مجاني").
 */
function phraseBody(phrase: string, turkish: boolean): string {
  const chars = [...phrase];
  let body = "";
  for (const [i, char] of chars.entries()) {
    if (char === " ") body += isArabicLetter.test(chars[i + 1] ?? "") && !phrase.startsWith("ال", i + 1) ? "[\\s-]+(?:ال)?" : "[\\s-]+";
    else body += turkish && char === "i" ? "[iı]" : escapeRegExp(char);
  }
  return body;
}

/**
 * Phrases, longest first, as one alternation with each one's end. Neighbours that end alike share their
 * end check, which tries the same alternatives in the same order: a Unicode class in each of a hundred
 * alternatives would cost V8 a tenth of a second to compile, the first time each language is linted.
 */
function alternation(phrases: Iterable<string>, turkish: boolean): string {
  const runs: { end: keyof typeof phraseEnds; bodies: string[] }[] = [];
  for (const phrase of [...phrases].sort((a, b) => b.length - a.length)) {
    const end = phraseEnd(phrase);
    const run = runs.at(-1);
    if (run?.end === end) run.bodies.push(phraseBody(phrase, turkish));
    else runs.push({ end, bodies: [phraseBody(phrase, turkish)] });
  }
  return runs.map(({ end, bodies }) => `(?:${bodies.join("|")})${phraseEnds[end]}`).join("|");
}

/** A listed phrase folded as the text is, Arabic without its marks. */
function foldPhrase(phrase: string, language: string): string {
  const key = matchKey(phrase, language);
  return language === "ar" ? key.replace(arabicMarksPattern, "") : key;
}

/**
 * One regex for a phrase list, for wordSpans over subjectFor(matchKey(text)): longest phrases first. Arabic phrases
 * share one group behind the prefixes that attach to them (والضمان, بالضمان, للضمان); a phrase that has the
 * article takes it as a prefix ("الضمان" is "ضمان" after one), unless little would be left ("الآن").
 */
export function phraseRegExp(list: readonly string[], language: string): RegExp | undefined {
  if (list.length === 0) return undefined;
  const turkish = language === "tr";
  const folded = [...new Set(list.map((phrase) => foldPhrase(phrase, language)))];
  const arabic = new Set<string>();
  const other = new Set<string>();
  for (const phrase of folded) {
    if (!isArabicLetter.test(phrase[0]!)) other.add(phrase);
    else arabic.add(phrase.startsWith("ال") && [...phrase.slice(2).split(" ")[0]!].length >= 3 ? phrase.slice(2) : phrase);
  }
  const alternatives = other.size > 0 ? [alternation(other, turkish)] : [];
  if (arabic.size > 0) alternatives.unshift(`${arabicPrefixes}(?:${alternation(arabic, turkish)})`);
  return new RegExp(alternatives.join("|"), "gu");
}

// Prices: a currency sign or code before the amount, or one after it; decimal commas, spaces between
// thousands, any script's digits (١٢٣). For wordSpans over foldWidth(text), case-insensitive.
const amount = "\\p{Nd}+(?:(?:[.,\\u066B\\u066C]|[ \\u00A0\\u202F](?=\\p{Nd}{3}(?!\\p{Nd})))\\p{Nd}+)*(?![.,\\u066B\\u066C]\\p{Nd})";
/** Dollar, euro, pound, yen, lira, rupee, riyal (﷼ and the sign of 2025, U+20C1). */
const currencySigns = "[$€£¥₺₹﷼\\u20C1]";
/** Codes before the amount, not a spec after one ("SAR 0.98 W/kg" is a phone's radiation figure). */
const codesBefore = "usd|eur|gbp|mxn|brl|sek|pln|sar|aed|egp|jpy|inr";
/** Codes and names after the amount; not "sek" (Swedish seconds, "90 sek") nor "pesos" (Spanish weights). */
const wordsAfter = [
  "usd|eur|gbp|mxn|brl|pln|sar|aed|egp|jpy|inr|dollars?|euros?|bucks|yen",
  // Polish złoty, Swedish kronor ("2 kr." is two kronor; "4 krokar", hooks, is not), lira.
  "zł|zl|złotych|złote|złoty|kr|kronor|kronan|lira|liras[ıi]",
  // Riyal, dirham and the Egyptian pound with the endings numbers take (ريالاً, ريالات, دراهم), and abbreviated.
  `ريال${arabicMarks}(?:ات|ا)?|دراهم|درهم${arabicMarks}(?:ا)?|جنيه${arabicMarks}(?:ات|ا)?|ر\\.\\s?س|د\\.\\s?[إا]|ج\\.\\s?م`,
].join("|");
/** Turkish only: "TL" is the lira there, and a teaspoon (Teelöffel) in German recipes. */
const turkishWordsAfter = "tl|try";

/** How a store's currency is written, besides the signs and codes above (storeCurrencyForms). */
export interface CurrencyForms {
  /** Written before the amount ("Rs.", "JP¥", "A$"). */
  before: readonly string[];
  /** Written after it ("rupees", "/-", "円", "kr"). */
  after: readonly string[];
}

/**
 * A store's currency as Intl writes it in the store's language (symbol, narrow symbol, code, names) plus
 * the spellings Intl does not know (a rule set's `currencySpellings`: "Rs.", "/-"). Lower case, as matched.
 */
export function storeCurrencyForms(currency: string, locale: string, spellings: { before?: readonly string[]; after?: readonly string[] } = {}): CurrencyForms {
  const part = (display: "symbol" | "narrowSymbol" | "name" | "code", n: number): string | undefined => {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: display }).formatToParts(n).find((p) => p.type === "currency")?.value;
    } catch {
      return undefined;
    }
  };
  const signs = [part("symbol", 1), part("narrowSymbol", 1)].filter((form): form is string => !!form);
  const names = [part("name", 1), part("name", 2), part("name", 5)].filter((form): form is string => !!form);
  const lower = (forms: readonly (string | undefined)[]) => [...new Set(forms.flatMap((form) => (form ? [foldCase(foldWidth(form)).trim()] : [])).filter((form) => form !== ""))];
  // The code goes before the amount only ("SEK 90"): after it, "90 sek" is Swedish seconds; rule sets add codes after where safe.
  return { before: lower([...signs, part("code", 1), ...(spellings.before ?? [])]), after: lower([...signs, ...names, ...(spellings.after ?? [])]) };
}

/** A form as a regex source: letters need a word end after them, a sign or "/-" does not. */
function formSource(form: string): string {
  const body = escapeRegExp(form).replace(/ /g, "\\s+");
  return isLetterOrDigit.test([...form].at(-1) ?? "") ? `${body}${wordEnd}` : body;
}

export function priceRegExp(language: string, store?: CurrencyForms): RegExp {
  const after = language === "tr" ? `${wordsAfter}|${turkishWordsAfter}` : wordsAfter;
  const storeBefore = store && store.before.length > 0 ? `(?:${store.before.map((form) => escapeRegExp(form)).join("|")})\\s?${amount}` : undefined;
  // Not a coin (500円玉, 100円硬貨).
  const storeAfter = store && store.after.length > 0 ? `${amount}\\s?(?:${store.after.map(formSource).join("|")})(?!玉|硬貨)` : undefined;
  return new RegExp(
    [
      ...(storeBefore ? [storeBefore] : []),
      ...(storeAfter ? [storeAfter] : []),
      `${currencySigns}\\s?${amount}`,
      `(?:${codesBefore})\\s?${amount}${wordEnd}(?!\\s?w\\/kg)`,
      // 円 but not a coin (500円玉, 100円硬貨).
      `${amount}\\s?(?:${currencySigns}|円(?!玉|硬貨)|(?:${after})${arabicMarks}${wordEnd})`,
      // India's "999/-" (a whole amount, nothing after) is a price wherever it is written.
      `${amount}\\/-`,
      // "Worth 999", "worth of Rs 500": a value in money, not "worth 2 years" (a word follows).
      ...(language === "en" ? [`worth\\s+(?:of\\s+)?${amount}(?!\\s?[\\p{L}%+])`] : []),
    ].join("|"),
    "giu",
  );
}
