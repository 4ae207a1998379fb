// The search terms.
import type { ListingCopy } from "#app/features/listings/types.ts";
import { trimToBytes } from "#app/features/rules/fixes.ts";
import { mentionsAvoided } from "./avoid.ts";
import type { Context } from "./context.ts";
import { wordsOf } from "./words.ts";

export function composeSearchTerms(ctx: Context, copy: Pick<ListingCopy, "title">): string {
  const maxBytes = ctx.ruleSet.sections.searchTerms.limits.maxBytes ?? 249;
  const searchWord = ctx.text.searchWord ?? ((word: string) => word);
  const titleWords = wordsOf(copy.title.toLocaleLowerCase());
  const excluded = new Set<string>([...titleWords, ...titleWords.map(searchWord), ...ctx.brandWords]);
  const flagged = new Set<string>();
  for (const lists of Object.values(ctx.ruleSet.phrases)) for (const list of Object.values(lists)) for (const phrase of list ?? []) if (!/\s/.test(phrase)) flagged.add(phrase.toLocaleLowerCase());
  const candidates = [
    ...wordsOf(ctx.type),
    ...wordsOf(ctx.name),
    ...wordsOf(ctx.audience),
    ...ctx.features.flatMap((feature) => wordsOf(feature)),
    ...ctx.text.categories[ctx.category].searchWords,
    ...(ctx.category === "generic" ? [] : ctx.text.categories.generic.searchWords),
  ];
  const words: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const word = searchWord(candidate.toLocaleLowerCase());
    if (seen.has(word) || excluded.has(word) || ctx.rules.stop.has(word) || flagged.has(word)) continue;
    if (!/\p{L}{3,}|^\p{L}\p{N}|^\p{N}+\p{L}/u.test(word) || /^\p{N}+$/u.test(word)) continue;
    if (mentionsAvoided(word, ctx.avoid)) continue;
    seen.add(word);
    words.push(word);
  }
  return trimToBytes(words.join(" "), maxBytes);
}

/** Search terms without the title's words and the brand's (the title can change in the last pass). */
export function termsOutsideTitle(ctx: Context, terms: string, title: string): string {
  const titleWords = wordsOf(title.toLocaleLowerCase());
  const excluded = new Set([...titleWords, ...titleWords.map(ctx.text.searchWord ?? ((word: string) => word)), ...ctx.brandWords]);
  return terms
    .split(/\s+/)
    .filter((term) => term && !wordsOf(term).some((word) => excluded.has(word)))
    .join(" ");
}
