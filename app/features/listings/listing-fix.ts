// The fix of a listing (issue 33 item 6): which sections to rewrite and why. Only the sections with a lint
// error are rewritten; passing sections stay exactly as they are. A title over its limit also rewrites the
// item highlights (when the rule set has them and they are empty or failing), so what was cut is kept there.
// Pure and browser-safe: the fix job, the offline writer and the review page share it.
import { countChars } from "#app/features/rules/lint.ts";
import type { LintReport, LintStore, RuleSet, SectionName, Violation } from "#app/features/rules/types.ts";
import { lintCopy } from "./listing-lint.ts";
import type { ListingCopy } from "./types.ts";

export interface ListingFixPlan {
  /** Sections to rewrite, in listing order (empty: nothing fails). */
  sections: SectionName[];
  /** The errors each failing section has now (what the model is told to fix). */
  violations: Partial<Record<SectionName, Violation[]>>;
  /** What a too-long title loses when cut at its limit: kept in the item highlights. */
  cutFromTitle: string;
  /** The live copy the fix starts from. */
  live: ListingCopy;
}

const order: readonly SectionName[] = ["title", "itemHighlights", "bullets", "description", "searchTerms"];

/** The errors of one section of a lint report (bullets: each bullet's and the list's). */
export function sectionErrorsOf(report: LintReport, section: SectionName): Violation[] {
  const sections = report.sections;
  const violations = section === "bullets" ? [...(sections.bullets ?? []).flatMap((bullet) => bullet.violations), ...(sections.bulletList?.violations ?? [])] : (sections[section]?.violations ?? []);
  return violations.filter((violation) => violation.severity === "error");
}

/** The title's words past `maxChars`, cut at a word boundary (what a compliant title leaves out). */
export function titleOverflow(title: string, maxChars: number): { kept: string; cut: string } {
  if (countChars(title) <= maxChars) return { kept: title, cut: "" };
  const chars = [...title];
  let at = chars.slice(0, maxChars + 1).join("").search(/\s\S*$/);
  if (at <= 0) at = chars.slice(0, maxChars).join("").length;
  const kept = title.slice(0, at).replace(/[\s,;:/|(\-–—]+$/u, "");
  const cut = title
    .slice(at)
    .replace(/^[\s,;:/|)\-–—]+/u, "")
    .replace(/[()[\]]/g, "")
    .trim();
  return { kept, cut };
}

export function planListingFix({ ruleSet, language, brand, otherBrands = [], store, copy }: { ruleSet: RuleSet; language: string; brand: string; otherBrands?: readonly string[]; store?: LintStore; copy: ListingCopy }): ListingFixPlan {
  const report = lintCopy({ ruleSet, language, brand, otherBrands, store, copy });
  const violations: Partial<Record<SectionName, Violation[]>> = {};
  for (const section of order) {
    if (section === "itemHighlights" && !ruleSet.sections.itemHighlights) continue;
    const errors = sectionErrorsOf(report, section);
    if (errors.length > 0) violations[section] = errors;
  }
  const maxChars = ruleSet.sections.title.limits.maxChars;
  const titleTooLong = (violations.title ?? []).some((violation) => violation.code === "too_long");
  const cutFromTitle = titleTooLong && maxChars !== undefined ? titleOverflow(copy.title, maxChars).cut : "";
  const sections = order.filter((section) => violations[section] !== undefined || (section === "itemHighlights" && ruleSet.sections.itemHighlights !== undefined && cutFromTitle !== "" && copy.itemHighlights.trim() === ""));
  return { sections, violations, cutFromTitle, live: copy };
}
