// Rules shared by the browser (cards, search box) and the server (API, queries). No server imports.
import type { MessageKey, MessageParams } from "#app/i18n/i18n.ts";

/** An edited output may hold at most this many characters. */
export const maxOutputContentLength = 5000;
/** Longer search text is refused with a message. */
export const maxSearchLength = 200;
/** Words beyond this many are ignored. */
const maxSearchTerms = 12;

export type ContentCheck = { ok: true; content: string } | { ok: false; key: MessageKey; params?: MessageParams };

/** Edited content: trimmed, not empty, at most 5,000 characters. */
export function checkOutputContent(content: string): ContentCheck {
  const trimmed = content.trim();
  if (trimmed.length === 0) return { ok: false, key: "outputs.error.contentEmpty" };
  if (trimmed.length > maxOutputContentLength) return { ok: false, key: "outputs.error.contentTooLong", params: { max: maxOutputContentLength, length: trimmed.length } };
  return { ok: true, content: trimmed };
}

/**
 * The words of a search, lower-cased: runs of letters and digits. Quotes, operators and SQL are
 * separators, so `"a" OR b*` searches for the words a, or and b, and nothing can reach the query language.
 */
export function searchTerms(q: string): string[] {
  const words = q.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, 64)))].slice(0, maxSearchTerms);
}
