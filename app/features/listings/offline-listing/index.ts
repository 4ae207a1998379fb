// The offline listing writer: a whole listing (title, item highlights, bullets, description, search terms)
// composed from the seller's facts when no AI provider is configured. Pure, browser-safe and
// deterministic (the same input gives the same copy; another `variant` gives other wording), like the
// generators' offline composers (app/templates/offline/compose.ts); the offline writer streams it.
//
// It writes the languages of the offline kit natively (app/templates/offline/kit/<language>.ts: the
// wording in its `listing` entry, and the language's small rules: title capitals, "and", the words a phrase
// may not end with); any other language gets English. One file here per section, over shared helpers:
// words.ts (the language's lists, casing), tidy.ts (what cuts leave behind), avoid.ts (the words to
// avoid), clean.ts (the seller's phrases cleaned), context.ts (the facts every section shares).
//
// How it stays within the rules: the seller's phrases are cleaned first (prices, links, symbols, promises
// and the words to avoid go), the copy is composed within each section's limits, and a last pass lints
// the copy and removes whatever span still has an error, until lintListing passes (repair.ts).
import type { ListingCopy } from "#app/features/listings/types.ts";
import { mentionsAvoided, removeAvoided } from "./avoid.ts";
import { composeBullets } from "./bullets.ts";
import { buildContext, type OfflineListingInput } from "./context.ts";
import { composeDescription } from "./description.ts";
import { composeHighlights } from "./highlights.ts";
import { repair } from "./repair.ts";
import { composeSearchTerms } from "./search-terms.ts";
import { finishPhrase, tidy, tidyLine } from "./tidy.ts";
import { composeTitle } from "./title.ts";

export type { OfflineListingInput };

/**
 * A listing composed offline from the seller's facts: within the rule set's limits, without the words the
 * seller asked to avoid, and passing lintListing for the rule set. Deterministic: the same input gives
 * the same copy; another `variant` gives other wording.
 */
export function composeOfflineListing(input: OfflineListingInput): ListingCopy {
  const ctx = buildContext(input);
  const title = composeTitle(ctx);
  const bullets = composeBullets(ctx);
  const sections = {
    title,
    itemHighlights: composeHighlights(
      ctx,
      title,
      bullets.map((bullet) => bullet.header),
    ),
    bullets: bullets.map((bullet) => bullet.text),
    description: composeDescription(ctx),
  };
  const copy: ListingCopy = { ...sections, searchTerms: composeSearchTerms(ctx, sections) };
  // The words to avoid can still hide in a fixed sentence (every option had one): they go, the rest is tidied.
  const clean = (text: string) => (mentionsAvoided(text, ctx.avoid) ? tidy(removeAvoided(text, ctx.avoid)) : text);
  const cleaned: ListingCopy = {
    title: mentionsAvoided(copy.title, ctx.avoid) ? finishPhrase(removeAvoided(copy.title, ctx.avoid), { lang: ctx.lang }) : copy.title,
    itemHighlights: clean(copy.itemHighlights),
    bullets: copy.bullets.map(clean),
    description: clean(copy.description),
    searchTerms: tidyLine(removeAvoided(copy.searchTerms, ctx.avoid)),
  };
  return repair(ctx, cleaned, { language: input.language, brand: input.facts.brand ?? "" });
}
