// The words the seller asked to avoid.
import { escapeRegExp, letterOrDigit } from "./words.ts";

/** The words to avoid: `find` matches them as whole words, case-insensitive; `remove` also takes the
 * hyphenated words they are part of ("plastic" takes "plastic-free" with it, not only its first half). */
export interface AvoidWords {
  find: RegExp;
  remove: RegExp;
}

export function avoidWords(words: readonly string[]): AvoidWords | undefined {
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

export function mentionsAvoided(text: string, avoid: AvoidWords | undefined): boolean {
  return avoid ? avoid.find.test(text) : false;
}

export function removeAvoided(text: string, avoid: AvoidWords | undefined): string {
  return avoid ? text.replace(avoid.remove, " ") : text;
}
