// POST /api/listings/lint: a listing's sections against its marketplace's rule set, with messages in
// the user's language. No words are charged; nothing is saved.
import { z } from "zod";
import { getMarketplace } from "./registry.ts";
import { translate, type Locale, type MessageKey } from "#app/i18n/i18n.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import { lintListing } from "#app/features/rules/lint.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import type { LintReport, RuleSet, SectionReport, Violation } from "#app/features/rules/types.ts";

/** Longer sections are refused, not linted: ten times the largest limit of any rule set. */
const maxSectionChars = 20_000;
const maxBullets = 10;

const section = z.string().max(maxSectionChars, "listings.error.sectionTooLong");

/** A listing's sections in a request body (lint, coverage, pack). */
export const requestSectionsSchema = z
  .object({
    title: section.optional(),
    itemHighlights: section.optional(),
    bullets: z.array(section).max(maxBullets, "listings.error.tooManyBullets").optional(),
    description: section.optional(),
    searchTerms: section.optional(),
  })
  .strict();

export const lintRequestSchema = z.object({
  marketplace: z.string().min(1).max(100),
  ruleSet: z.string().min(1).max(100).optional(),
  brand: z.string().max(200).optional(),
  otherBrands: z.array(z.string().max(200)).max(100).optional(),
  sections: requestSectionsSchema,
});
export type LintRequest = z.infer<typeof lintRequestSchema>;

/** A section over ten times its rule set's own limit is refused before any rule runs. */
export function overTenTimes(ruleSet: RuleSet, sections: LintRequest["sections"]): string | undefined {
  const limits = ruleSet.sections;
  const chars = (text: string | undefined, max: number | undefined) => text !== undefined && max !== undefined && text.length > 10 * max;
  if (chars(sections.title, limits.title.limits.maxChars)) return "title";
  if (chars(sections.itemHighlights, limits.itemHighlights?.limits.maxChars ?? limits.title.limits.maxChars)) return "itemHighlights";
  if (sections.bullets?.some((bullet) => chars(bullet, limits.bullets.limits.maxChars))) return "bullets";
  if (chars(sections.description, limits.description.limits.maxChars)) return "description";
  if (chars(sections.searchTerms, limits.searchTerms.limits.maxBytes)) return "searchTerms";
  return undefined;
}

export async function handleLintPost({ request, signedIn, locale, requestId }: { request: Request; signedIn: boolean; locale: Locale; requestId: string }): Promise<Response> {
  const refuse = apiErrorResponse;
  if (!signedIn) return refuse("SIGNED_OUT", { locale, requestId });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return refuse("BAD_REQUEST", { locale, requestId });
  }
  const parsed = lintRequestSchema.safeParse(body);
  if (!parsed.success) return refuse("INVALID_LISTING", { locale, requestId, details: { fieldErrors: requestFieldErrors(parsed.error, locale) } });
  const input = parsed.data;
  const marketplace = getMarketplace(input.marketplace);
  if (!marketplace) return refuse("UNKNOWN_MARKETPLACE", { locale, requestId, params: { name: input.marketplace.slice(0, 100) } });
  const ruleSet = getRuleSet(input.ruleSet ?? marketplace.ruleSetId);
  if (!ruleSet) return refuse("UNKNOWN_RULE_SET", { locale, requestId, params: { name: (input.ruleSet ?? "").slice(0, 100) } });
  const tooLong = overTenTimes(ruleSet, input.sections);
  if (tooLong) return refuse("INVALID_LISTING", { locale, requestId, details: { fieldErrors: { [tooLong]: translate(locale, "listings.error.sectionTooLong") } } });

  const report = lintListing({ ruleSet, language: marketplace.language, store: marketplace, brand: input.brand, otherBrands: input.otherBrands, sections: input.sections });
  return Response.json(reportWithMessages(report, locale), { headers: { "Cache-Control": "no-store" } });
}

/** One message per field; a section's problem is filed under the section's name (sections.title → title). */
export function requestFieldErrors(error: z.ZodError, locale: Locale): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] === "sections" && issue.path[1] !== undefined ? String(issue.path[1]) : String(issue.path[0] ?? "body");
    fieldErrors[field] ??= translate(locale, /^(listings|keywords)\.error\./.test(issue.message) ? (issue.message as MessageKey) : "api.error.badRequest");
  }
  return fieldErrors;
}

/** A lint report as the API answers it: each violation with its message in the user's language. */
export function reportWithMessages(report: LintReport, locale: Locale) {
  const withMessages = (violations: Violation[]) =>
    violations.map(({ code, severity, start, end, params, source }) => ({ code, severity, message: translate(locale, `lint.${code}`, params), explanation: translate(locale, `lint.why.${code}`), source, start, end }));
  const shown = (found: SectionReport | undefined) => found && { chars: found.chars, bytes: found.bytes, limit: found.limit, violations: withMessages(found.violations) };
  const { sections } = report;
  return {
    ruleSet: report.ruleSet,
    passed: report.passed,
    sections: {
      title: shown(sections.title),
      itemHighlights: shown(sections.itemHighlights),
      bullets: sections.bullets?.map((bullet) => shown(bullet)),
      bulletList: sections.bulletList && { violations: withMessages(sections.bulletList.violations) },
      description: shown(sections.description),
      searchTerms: shown(sections.searchTerms),
    },
  };
}
