// The product facts' problems as one message per field, in the user's language (the builder's form and
// POST /api/listings show the same words).
import type { z } from "zod";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import { firstIssuePerField } from "#app/lib/field-issues.ts";

export function factsFieldErrors(error: z.ZodError, locale: Locale): Record<string, string> {
  return firstIssuePerField(error, (issue) => {
    if (issue.code === "too_big") return translate(locale, "generator.error.tooLong", { max: Number(issue.maximum) });
    if (issue.code === "too_small") return translate(locale, "listings.error.required");
    if (issue.code === "invalid_value") return translate(locale, "listings.error.unknownTone");
    return translate(locale, "api.error.badRequest");
  });
}
