// From a model's answer to a section's text: the small clean-ups every model needs (a label in front,
// quotes around a title, numbered bullets, markdown bold). Nothing that changes the words. Browser-safe.
import type { SectionName } from "#app/features/rules/types.ts";
import { maxSavedBullets } from "./types.ts";

const labels: Record<SectionName, RegExp> = {
  title: /^(?:product\s+)?title\s*:\s*/i,
  itemHighlights: /^(?:item\s+)?highlights\s*:\s*/i,
  bullets: /^(?:bullet\s+points?|bullets)\s*:\s*/i,
  description: /^(?:product\s+)?description\s*:\s*/i,
  searchTerms: /^(?:backend\s+)?search\s+terms\s*:\s*/i,
};

const bulletMark = /^\s*(?:[-*•·–]|\d{1,2}[.)])\s+/;

function unquote(text: string): string {
  const match = /^["“'‘](.*)["”'’]$/su.exec(text);
  return match ? match[1]!.trim() : text;
}

/** One line of text: newlines become spaces, runs of spaces one. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The bullets in an answer: one a line (blank lines between them allowed), marks and numbers removed. */
export function splitBullets(text: string): string[] {
  return text
    .replace(labels.bullets, "")
    .split(/\r?\n/)
    .map((line) => line.replace(bulletMark, "").replace(/\*\*/g, "").trim())
    .filter((line) => line !== "")
    .slice(0, maxSavedBullets);
}

/** A finished section's text (bullets: the list). */
export function cleanSectionText(section: "bullets", text: string): string[];
export function cleanSectionText(section: Exclude<SectionName, "bullets">, text: string): string;
export function cleanSectionText(section: SectionName, text: string): string | string[];
export function cleanSectionText(section: SectionName, text: string): string | string[] {
  if (section === "bullets") return splitBullets(text);
  const bare = text.trim().replace(labels[section], "").replace(/\*\*/g, "");
  if (section === "description") return unquote(bare.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim());
  return unquote(oneLine(bare));
}
