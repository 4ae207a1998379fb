// Which writing system a keyword bank is in, against the one its store's shoppers search in: a bank of
// German phrases imported into an amazon.co.jp listing covers nothing a Japanese shopper types. It is a
// warning, never a refusal (brand names, model numbers and loanwords cross scripts all the time). Pure and
// browser-safe: the keyword panel runs it on the bank it shows.

import type { MessageKey, MessageParams } from "#app/i18n/i18n.ts";

export type Script = "latin" | "japanese" | "arabic" | "cyrillic" | "greek" | "hangul" | "other";

const scriptPatterns: readonly (readonly [Script, RegExp])[] = [
  ["latin", /\p{Script=Latin}/u],
  ["japanese", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["greek", /\p{Script=Greek}/u],
  ["hangul", /\p{Script=Hangul}/u],
];

/** The script a store's language is written in (every language of the registry but Japanese and Arabic is Latin). */
export function scriptOfLanguage(language: string): Script {
  return language === "ja" || language === "zh" ? "japanese" : language === "ar" ? "arabic" : "latin";
}

/** The scripts a phrase has letters in ("iphone ケース": latin and japanese; "3 pack": none but latin). */
function scriptsOf(phrase: string): Set<Script> {
  const found = new Set<Script>();
  for (const [script, pattern] of scriptPatterns) if (pattern.test(phrase)) found.add(script);
  if (found.size === 0 && /\p{L}/u.test(phrase)) found.add("other");
  return found;
}

export interface ScriptMismatch {
  /** The store language's script. */
  expected: Script;
  /** The script most of the bank is in. */
  found: Script;
  /** How many phrases (with letters) have none of the expected script. */
  outside: number;
  /** How many phrases have letters at all. */
  total: number;
}

/**
 * A mismatch when fewer than half of the phrases with letters have any letter in the store language's script
 * (a Japanese phrase with an English brand in it counts as Japanese); null when the bank fits, or has no letters.
 */
export function keywordScriptMismatch(phrases: readonly string[], language: string): ScriptMismatch | null {
  const expected = scriptOfLanguage(language);
  const counts = new Map<Script, number>();
  let total = 0;
  let outside = 0;
  for (const phrase of phrases) {
    const scripts = scriptsOf(phrase);
    if (scripts.size === 0) continue;
    total++;
    if (!scripts.has(expected)) outside++;
    for (const script of scripts) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  if (total === 0 || outside * 2 <= total) return null;
  const found = [...counts].filter(([script]) => script !== expected).sort((a, b) => b[1] - a[1])[0]?.[0] ?? "other";
  return { expected, found, outside, total };
}

/** The warning in the reader's language; `t` is the page's translator or the server's translate(locale, …). */
export function describeScriptMismatch(mismatch: ScriptMismatch, store: string, t: (key: MessageKey, params?: MessageParams) => string): string {
  return t("keywords.scriptWarning", {
    outside: mismatch.outside,
    total: mismatch.total,
    store,
    expected: t(`keywords.script.${mismatch.expected}`),
    found: t(`keywords.script.${mismatch.found}`),
  });
}

/** The warning over HTTP: a 2xx answer carries it beside the result (the bank is kept). */
export interface KeywordWarning {
  code: "KEYWORDS_OTHER_SCRIPT";
  message: string;
  expected: Script;
  found: Script;
}

export function keywordWarnings(phrases: readonly string[], language: string, store: string, t: (key: MessageKey, params?: MessageParams) => string): KeywordWarning[] {
  const mismatch = keywordScriptMismatch(phrases, language);
  return mismatch ? [{ code: "KEYWORDS_OTHER_SCRIPT", message: describeScriptMismatch(mismatch, store, t), expected: mismatch.expected, found: mismatch.found }] : [];
}
