// One listing's health (issue 33 item 5, docs/decisions/037): a 0–100 score from what the lint, Amazon's own
// issues, the empty sections and the keyword bank say. Pure and browser-safe: the server stores it, tests and
// the page read the same numbers. It re-implements no rule: lintCopy and keywordCoverage decide, this counts.
import { z } from "zod";
import { keywordCoverage, type KeywordInput } from "#app/features/keywords/coverage.ts";
import { lintCopy } from "#app/features/listings/listing-lint.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import type { LintReport, LintStore, RuleSet, Severity, Violation } from "#app/features/rules/types.ts";

/** Amazon's issue for a listing, as searchListingsItems returned it (listing.amazonIssues). */
export const amazonIssueSchema = z.object({
  code: z.string().min(1).max(100),
  message: z.string().max(4000).default(""),
  severity: z.enum(["ERROR", "WARNING", "INFO"]),
  attributeNames: z.array(z.string()).optional(),
});
export type AmazonIssue = z.infer<typeof amazonIssueSchema>;

/** Reads listing.amazonIssues; anything that is not an issue is left out, never a crash. */
export function readAmazonIssues(json: string | null | undefined): AmazonIssue[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const parsed = amazonIssueSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

export const findingSources = ["lint", "amazon", "missing", "coverage"] as const;
export type FindingSource = (typeof findingSources)[number];

export interface Finding {
  source: FindingSource;
  /** The lint's violation code, Amazon's issue code, the empty section's name, or "low" (coverage). */
  code: string;
  severity: Severity;
  count: number;
}

export interface ListingHealth {
  score: number;
  /** Our lint's errors plus Amazon's ERROR issues. */
  errors: number;
  /** Our lint's warnings plus Amazon's WARNING issues. */
  warnings: number;
  /** Empty sections (title, item highlights where the rule set has them, bullets, description, search terms). */
  missing: number;
  /** Keyword coverage 0–100, null without a bank. */
  coverage: number | null;
  findings: Finding[];
}

/** The score's weights (decision 037): points off per item, and the most each kind can take off. */
export const healthWeights = {
  error: { each: 25, most: 75 },
  warning: { each: 5, most: 20 },
  missing: { each: 4, most: 20 },
  /** Coverage takes off (100 − coverage) × share, at most 10 points. */
  coverage: { share: 0.1 },
} as const;

/** Below this coverage a listing gets a "coverage: low" finding (the filter and the totals list it). */
export const lowCoverage = 50;

/** The score from the counts: 100 minus each kind's capped points, never below 0. */
export function healthScore({ errors, warnings, missing, coverage }: { errors: number; warnings: number; missing: number; coverage: number | null }): number {
  const off =
    Math.min(healthWeights.error.most, errors * healthWeights.error.each) +
    Math.min(healthWeights.warning.most, warnings * healthWeights.warning.each) +
    Math.min(healthWeights.missing.most, missing * healthWeights.missing.each) +
    (coverage === null ? 0 : (100 - Math.max(0, Math.min(100, coverage))) * healthWeights.coverage.share);
  return Math.max(0, Math.min(100, Math.round(100 - off)));
}

function lintViolations(report: LintReport): Violation[] {
  const { title, itemHighlights, bullets = [], bulletList, description, searchTerms } = report.sections;
  return [title, itemHighlights, ...bullets, bulletList, description, searchTerms].flatMap((section) => section?.violations ?? []);
}

/** The sections with nothing in them, of those the rule set has. */
export function emptySections(copy: ListingCopy, ruleSet: RuleSet): string[] {
  const empty: string[] = [];
  if (!copy.title.trim()) empty.push("title");
  if (ruleSet.sections.itemHighlights && !copy.itemHighlights.trim()) empty.push("itemHighlights");
  if (!copy.bullets.some((bullet) => bullet.trim())) empty.push("bullets");
  if (!copy.description.trim()) empty.push("description");
  if (!copy.searchTerms.trim()) empty.push("searchTerms");
  return empty;
}

/** The health of what the lint reported, Amazon's issues, the empty sections and the coverage (null: no bank). */
export function healthOf({ lint, amazonIssues, empty, coverage }: { lint: LintReport; amazonIssues: readonly AmazonIssue[]; empty: readonly string[]; coverage: number | null }): ListingHealth {
  const byKey = new Map<string, Finding>();
  const add = (source: FindingSource, code: string, severity: Severity) => {
    const key = `${source}:${code}`;
    const found = byKey.get(key);
    if (found) {
      found.count++;
      if (severity === "error") found.severity = "error";
    } else byKey.set(key, { source, code, severity, count: 1 });
  };
  let errors = 0;
  let warnings = 0;
  for (const violation of lintViolations(lint)) {
    add("lint", violation.code, violation.severity);
    if (violation.severity === "error") errors++;
    else warnings++;
  }
  // Amazon's ERROR counts like our error; INFO is only information.
  for (const issue of amazonIssues) {
    if (issue.severity === "INFO") continue;
    const severity: Severity = issue.severity === "ERROR" ? "error" : "warning";
    add("amazon", issue.code, severity);
    if (severity === "error") errors++;
    else warnings++;
  }
  for (const section of empty) add("missing", section, "warning");
  if (coverage !== null && coverage < lowCoverage) add("coverage", "low", "warning");
  return { score: healthScore({ errors, warnings, missing: empty.length, coverage }), errors, warnings, missing: empty.length, coverage, findings: [...byKey.values()] };
}

export interface ListingToAudit {
  ruleSet: RuleSet;
  /** The copy's language (en, ja…). */
  language: string;
  brand: string;
  otherBrands?: readonly string[];
  store?: LintStore;
  copy: ListingCopy;
  keywords: readonly KeywordInput[];
  amazonIssues: readonly AmazonIssue[];
}

/** One listing's audit: the builder's lint (lintCopy) and the keyword panel's coverage, counted. */
export function auditListing({ ruleSet, language, brand, otherBrands = [], store, copy, keywords, amazonIssues }: ListingToAudit): ListingHealth {
  const lint = lintCopy({ ruleSet, language, brand, otherBrands, ...(store ? { store } : {}), copy });
  const coverage = keywords.length > 0 ? keywordCoverage({ sections: copy, keywords, language }).score : null;
  return healthOf({ lint, amazonIssues, empty: emptySections(copy, ruleSet), coverage });
}
