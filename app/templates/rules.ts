import type { PromptFormat, Rating, Tone } from "./types.ts";

/** Amazon's content rules every prompt carries (Amazon Seller Central style guides). */
export const amazonContentRules = [
  "Write only about the product itself.",
  "Do not mention prices, discounts, shipping, delivery times or guarantees and warranties.",
  "Do not include contact details, URLs, e-mail addresses or references to other sellers.",
  "Do not write in ALL CAPS and do not use emojis or special symbols.",
  "Do not make medical, health or unverifiable superlative claims (such as 'best', '#1', 'guaranteed').",
  "Use plain text: no Markdown, no headings, no HTML.",
].join("\n");

/** Professional carries the formal register, as in the seed; the stored value stays the visible label. */
export function toneInstruction(tone: string | undefined): string {
  const register = tone === "Casual" ? "casual, friendly and conversational" : "formal, polished and professional";
  return `Tone of voice: ${register}.`;
}

export function ratingStars(rating: string | undefined): number {
  const stars = Number.parseInt(rating ?? "", 10);
  return Number.isFinite(stars) ? Math.min(Math.max(stars, 0), 5) : 5;
}

/**
 * The seed's prompt rule: ask for a numbered list only when more than one item is wanted.
 * With structured output ("json") the items go in the "elements" array instead, unnumbered.
 */
export function listInstruction(count: number, noun: string, nounPlural: string, format: PromptFormat = "text"): string {
  if (count === 1) return `Write exactly one ${noun}. Reply with the ${noun} only, with no title, number or remarks.`;
  if (format === "json") {
    return (
      `Write exactly ${count} different ${nounPlural}. Reply with JSON only: an object whose "elements" array holds ` +
      `the ${count} ${nounPlural} as plain strings, one ${noun} per string, with no numbering, titles or remarks.`
    );
  }
  return (
    `Write exactly ${count} different ${nounPlural} as a numbered list (1., 2., …), ` +
    `separated by a blank line. Reply with the list only, with no introduction or remarks.`
  );
}

export function systemMessage(role: string, language: string, extra: string[] = []): string {
  return [role, `Write in ${language}.`, ...extra, "Rules:", amazonContentRules].join("\n");
}

export type { Rating, Tone };
