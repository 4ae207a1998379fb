// The offline writer's fix of a live listing (issue 33 item 6): the repair functions applied to the live
// text of each failing section only (a too-long title cut at a word, its cut words kept as item highlights),
// and where a section still fails after them, the section composed from the facts. Passing sections are
// returned exactly as they were. Pure and deterministic.
import { sectionErrorsOf, type ListingFixPlan } from "#app/features/listings/listing-fix.ts";
import type { ListingCopy, ListingFacts } from "#app/features/listings/types.ts";
import { applySafeFixes } from "#app/features/rules/fixes.ts";
import { countChars, lintListing } from "#app/features/rules/lint.ts";
import type { RuleSet, SectionName } from "#app/features/rules/types.ts";
import { capitalize } from "#app/templates/offline/kit/words.ts";
import { buildContext } from "./context.ts";
import { composeOfflineListing } from "./index.ts";
import { errorSpans, fixBullets, fixText, fixTitle, hasErrors, toSections } from "./repair.ts";
import { cutToChars, removeSpans, tidyLine } from "./tidy.ts";

/** The cut words as item highlights: phrases separated by commas, within the limit, after any that pass. */
function highlightsKeeping(cut: string, existing: string, maxChars: number, lang: Parameters<typeof cutToChars>[2]): string {
  const phrases = [...cut.split(/\s*[,;|/]\s*|\s+[-–—]\s+/u), ...existing.split(/\s*,\s*/)].map((phrase) => tidyLine(phrase)).filter((phrase) => phrase.length > 1);
  const items: string[] = [];
  for (const phrase of phrases) {
    if (items.some((have) => have.toLocaleLowerCase() === phrase.toLocaleLowerCase())) continue;
    const next = capitalize([...items, phrase].join(", "));
    if (countChars(next) <= maxChars) items.push(phrase);
    else if (items.length === 0) items.push(cutToChars(phrase, maxChars, lang));
  }
  return capitalize(items.join(", "));
}

export function fixListingOffline({ facts, ruleSet, language, plan }: { facts: ListingFacts; ruleSet: RuleSet; language: string; plan: ListingFixPlan }): ListingCopy {
  const { live } = plan;
  if (plan.sections.length === 0) return live;
  const ctx = buildContext({ facts, ruleSet, language });
  const lint = (copy: ListingCopy) => lintListing({ ruleSet, language, brand: facts.brand, sections: toSections(copy) });
  const report = lint(live).sections;
  const fixed: ListingCopy = { ...live, bullets: [...live.bullets] };
  for (const section of plan.sections) {
    switch (section) {
      case "title":
        fixed.title = fixTitle(ctx, live.title, report.title);
        break;
      case "itemHighlights": {
        const rules = ruleSet.sections.itemHighlights;
        if (!rules) break;
        const max = rules.limits.maxChars ?? 125;
        const passing = hasErrors(report.itemHighlights) ? fixText(live.itemHighlights, report.itemHighlights, max, false, ctx.lang) : live.itemHighlights;
        // What this title really left out (it may cut at another word than the plan's estimate).
        const cut = plan.cutFromTitle && live.title.startsWith(fixed.title) ? live.title.slice(fixed.title.length).replace(/^[\s,;:/|)\-–—]+/u, "").replace(/[()[\]]/g, "").trim() : plan.cutFromTitle;
        fixed.itemHighlights = cut ? highlightsKeeping(cut, passing, max, ctx.lang) : passing;
        break;
      }
      case "bullets":
        fixed.bullets = fixBullets(ctx, live.bullets, report);
        break;
      case "description":
        fixed.description = fixText(live.description, report.description, ruleSet.sections.description.limits.maxChars, true, ctx.lang);
        break;
      case "searchTerms": {
        const kept = hasErrors(report.searchTerms) ? removeSpans(live.searchTerms, errorSpans(report.searchTerms)) : live.searchTerms;
        fixed.searchTerms = applySafeFixes({ ruleSet, brand: facts.brand, language, sections: { searchTerms: kept } }).sections.searchTerms ?? "";
        break;
      }
    }
  }
  // A section the repairs could not bring within the rules (too short once cut, nothing left) is written from the facts.
  const after = lint(fixed);
  const stillFailing = plan.sections.filter((section: SectionName) => sectionErrorsOf(after, section).length > 0);
  if (stillFailing.length === 0) return fixed;
  const composed = composeOfflineListing({ facts, ruleSet, language });
  for (const section of stillFailing) {
    if (section === "bullets") fixed.bullets = composed.bullets;
    else fixed[section] = composed[section];
  }
  return fixed;
}
