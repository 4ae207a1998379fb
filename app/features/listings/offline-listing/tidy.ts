// Tidying: what cuts and removals leave behind (spaces, stray punctuation, dangling words), and cuts at a
// word or phrase boundary.
import { countChars } from "#app/features/rules/lint.ts";
import { capitalize } from "#app/templates/offline/kit/words.ts";
import type { OfflineLang as Lang } from "#app/templates/offline/languages.ts";
import { rulesFor } from "./words.ts";

export function tidyLine(line: string): string {
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
export function tidy(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map(tidyLine)
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map(capitalize)
    .join("\n\n");
}

/** Without unmatched brackets and the dangling words and punctuation a cut or removal leaves at its end
 * (and, with `trimStart`, at its start: a seller's phrase, never a title that starts with the brand). */
export function finishPhrase(text: string, { trimStart = false, lang = "en" as Lang } = {}): string {
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
export function cutToChars(text: string, max: number, lang: Lang = "en"): string {
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
export function cutTitle(text: string, max: number, lang: Lang = "en"): string {
  if (countChars(text) <= max) return finishPhrase(text, { lang });
  const head = [...text].slice(0, max + 1).join("");
  let best = -1;
  for (const match of head.matchAll(rulesFor(lang).titleBreak)) {
    if (match.index >= max * 0.55 && countChars(text.slice(0, match.index)) <= max) best = match.index;
  }
  const cut = best > 0 ? text.slice(0, best) : cutToChars(text, max, lang);
  return finishPhrase(cut, { lang });
}

export function removeSpans(text: string, spans: readonly (readonly [number, number])[]): string {
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
