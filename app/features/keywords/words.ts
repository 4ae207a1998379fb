// Words as Amazon's search matches them: lower case, accents folded, split at spaces, hyphens and
// punctuation (and after a number's digits: "6mm" is "6 mm"), English plurals counted as their
// singular. Browser-safe and fast: the builder runs it on every keystroke over a 5,000-phrase bank.

export interface Token {
  /** The word as it stands (lower case, accents kept). */
  word: string;
  /** What matching compares: accents folded, English plural → singular. */
  key: string;
}

const tokenPattern = /[\p{L}\p{M}\p{N}]+(?:[.,]\p{N}+)*/gu;
/** A number with its unit ("6mm", "3pack") is two words, as "6 mm" is; codes such as ASINs stay whole. */
const numberUnit = /^(\p{N}+(?:[.,]\p{N}+)*)(\p{L}+)$/u;

/** English plural → singular, for matching only ("boards" → "board", "batteries" → "battery", "boxes" → "box"). */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|zes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

const foldCache = new Map<string, string>();

/** Lower case with accents removed ("Café" → "cafe"). */
export function fold(word: string): string {
  let folded = foldCache.get(word);
  if (folded === undefined) {
    folded = word.normalize("NFKD").replace(/\p{M}+/gu, "");
    if (foldCache.size > 50_000) foldCache.clear();
    foldCache.set(word, folded);
  }
  return folded;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.toLowerCase().matchAll(tokenPattern)) {
    const unit = numberUnit.exec(match[0]);
    for (const word of unit ? [unit[1]!, unit[2]!] : [match[0]]) tokens.push({ word, key: singular(fold(word)) });
  }
  return tokens;
}

/** Words a search ignores (and search terms need not hold), per language; English otherwise. */
export const stopWords: Record<string, ReadonlySet<string>> = {
  en: new Set("a an and are as at be by for from has have in into is it its of on or that the this to with your you".split(" ")),
  es: new Set("a al con de del el en la las los para por que su sus un una unas unos y o".split(" ")),
};

export function isStopWord(key: string, language: string): boolean {
  return (stopWords[language] ?? stopWords.en!).has(key);
}
