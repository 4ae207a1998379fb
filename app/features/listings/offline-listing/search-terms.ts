// The search terms: words shoppers may type that the title, highlights and bullets do not already hold
// (Amazon indexes a word once), packed by the keyword packer within the store's byte limit.
import { packSearchTerms } from "#app/features/keywords/pack.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { mentionsAvoided } from "./avoid.ts";
import type { Context } from "./context.ts";
import { wordsOf } from "./words.ts";

type Shown = Pick<ListingCopy, "title" | "itemHighlights" | "bullets">;

export function composeSearchTerms(ctx: Context, copy: Shown): string {
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
  return termsNotShown(ctx, words.join(" "), copy);
}

/** The terms without the words the title, highlights and bullets hold, nor the brand's, within the byte
 * limit (the packer's comparison: case, accents and English plurals aside); run again whenever those change. */
export function termsNotShown(ctx: Context, terms: string, copy: Shown): string {
  const sections = { title: copy.title, itemHighlights: copy.itemHighlights, bullets: copy.bullets, searchTerms: terms };
  return packSearchTerms({ ruleSet: ctx.ruleSet, language: ctx.language, brand: ctx.brand, otherBrands: [...ctx.brandWords], sections, keywords: [] }).searchTerms;
}
