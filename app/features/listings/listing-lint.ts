// A listing's copy against its rule set: the one call the builder (every keystroke), the save and the
// export make, so they can never disagree. Browser-safe.
import { lintListing } from "#app/features/rules/lint.ts";
import type { LintReport, LintStore, ListingSections, RuleSet } from "#app/features/rules/types.ts";
import type { ListingCopy } from "./types.ts";

/** The sections a rule set has, from a listing's copy (item highlights only where the rule set has them). */
export function copySections(copy: ListingCopy, ruleSet: RuleSet): ListingSections {
  return {
    title: copy.title,
    ...(ruleSet.sections.itemHighlights ? { itemHighlights: copy.itemHighlights } : {}),
    bullets: copy.bullets,
    description: copy.description,
    searchTerms: copy.searchTerms,
  };
}

export function lintCopy({ ruleSet, language, brand, otherBrands = [], store, copy }: { ruleSet: RuleSet; language: string; brand: string; otherBrands?: readonly string[]; store?: LintStore; copy: ListingCopy }): LintReport {
  return lintListing({ ruleSet, language, brand, otherBrands, ...(store ? { store } : {}), sections: copySections(copy, ruleSet) });
}
