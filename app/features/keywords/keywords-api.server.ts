// The keyword endpoints (README "Keywords"): coverage and packing (pure, no words charged), a file's
// preview, and a listing's bank. Signed in; errors from the one catalogue.
import { z } from "zod";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { keywordWarnings } from "./script.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { overTenTimes, requestFieldErrors, requestSectionsSchema } from "#app/features/marketplaces/lint-request.server.ts";
import type { RuleSet } from "#app/features/rules/types.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import { readRawBody } from "#server/multipart.server.ts";
import { keywordCoverage } from "./coverage.ts";
import { importKeywordFile } from "./import-file.server.ts";
import { maxImportBytes, maxKeywords, type KeywordImport } from "./import.ts";
import { packSearchTerms } from "./pack.ts";
import { keywordListSchema } from "./schemas.ts";

export type KeywordsApiContext = ApiContext;

const noStore = { "Cache-Control": "no-store" };

const coverageSchema = z.object({
  marketplace: z.string().min(1).max(100),
  ruleSet: z.string().min(1).max(100).optional(),
  sections: requestSectionsSchema,
  keywords: keywordListSchema,
});
const packSchema = coverageSchema.extend({ brand: z.string().max(200).default("") });

type Checked<T> = { ok: true; body: T; ruleSet: RuleSet; language: string; store: string } | { ok: false; response: Response };

/** The body, its marketplace and rule set, or the refusal. */
async function readBody<T extends z.infer<typeof coverageSchema>>({ request, user, locale, requestId }: KeywordsApiContext, schema: z.ZodType<T>): Promise<Checked<T>> {
  const answer = { locale, requestId };
  if (!user) return { ok: false, response: apiErrorResponse("SIGNED_OUT", answer) };
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, response: apiErrorResponse("BAD_REQUEST", answer) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const tooMany = parsed.error.issues.some((issue) => issue.path[0] === "keywords" && issue.path.length === 1 && issue.code === "too_big");
    const fieldErrors = requestFieldErrors(parsed.error, locale);
    if (tooMany) fieldErrors.keywords = translate(locale, "keywords.error.tooMany", { max: maxKeywords });
    else if (fieldErrors.keywords) fieldErrors.keywords = translate(locale, "keywords.error.badKeyword");
    return { ok: false, response: apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors } }) };
  }
  const marketplace = getMarketplace(parsed.data.marketplace);
  if (!marketplace) return { ok: false, response: apiErrorResponse("UNKNOWN_MARKETPLACE", { ...answer, params: { name: parsed.data.marketplace.slice(0, 100) } }) };
  const ruleSet = getRuleSet(parsed.data.ruleSet ?? marketplace.ruleSetId);
  if (!ruleSet) return { ok: false, response: apiErrorResponse("UNKNOWN_RULE_SET", { ...answer, params: { name: (parsed.data.ruleSet ?? "").slice(0, 100) } }) };
  const tooLong = overTenTimes(ruleSet, parsed.data.sections);
  if (tooLong) return { ok: false, response: apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: { [tooLong]: translate(locale, "listings.error.sectionTooLong") } } }) };
  return { ok: true, body: parsed.data, ruleSet, language: marketplace.language, store: marketplace.id };
}

/**
 * POST /api/keywords/coverage {marketplace, sections, keywords} → {score, keywords: [{phrase, volume, match, fields}], warnings}.
 * `warnings` holds KEYWORDS_OTHER_SCRIPT when most phrases are not in the store language's script (a warning, not a refusal).
 */
export async function handleCoveragePost(context: KeywordsApiContext): Promise<Response> {
  const checked = await readBody(context, coverageSchema);
  if (!checked.ok) return checked.response;
  const { sections, keywords } = checked.body;
  const warnings = keywordWarnings(keywords.map((keyword) => keyword.phrase), checked.language, checked.store, (key, params) => translate(context.locale, key, params));
  return Response.json({ ...keywordCoverage({ sections, keywords, language: checked.language }), warnings }, { headers: noStore });
}

/** POST /api/keywords/pack {marketplace, brand, sections, keywords} → {searchTerms, bytes, limit, coveredNow, notFitting}. */
export async function handlePackPost(context: KeywordsApiContext): Promise<Response> {
  const checked = await readBody(context, packSchema);
  if (!checked.ok) return checked.response;
  const { workspaceId } = await getActiveMembership({ db: context.db, user: context.user! });
  const { otherBrands } = await getListingSettings({ db: context.db, workspaceId });
  const { sections, keywords, brand } = checked.body;
  return Response.json(packSearchTerms({ ruleSet: checked.ruleSet, language: checked.language, brand, otherBrands, sections, keywords }), { headers: noStore });
}

/** What a refused import says, in the user's language. */
export function importRefusal(result: Extract<KeywordImport, { ok: false }>, locale: Locale): string {
  switch (result.reason) {
    case "tooLarge":
      return translate(locale, "keywords.error.tooLarge", { mb: maxImportBytes / 1024 / 1024 });
    case "tooMany":
      return translate(locale, "keywords.error.tooManyFound", { count: result.count ?? 0, max: maxKeywords });
    case "noPhraseColumn":
      return translate(locale, "keywords.error.noPhraseColumn", { columns: (result.columns ?? []).join(", ") || "—" });
    case "utf16":
      return translate(locale, "keywords.error.utf16");
    case "binary":
      return translate(locale, "keywords.error.binary");
    case "empty":
      return translate(locale, "keywords.error.empty");
  }
}

/**
 * POST /api/keywords/import (the file as the body, at most 2 MB) → the preview: {format, columns,
 * phraseColumn, volumeColumn, keywords, counts}. Nothing is saved.
 */
export async function handleImportPost({ request, user, locale, requestId }: KeywordsApiContext): Promise<Response> {
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  // Read as it arrives, refused as soon as it passes 2 MB (whatever Content-Length says).
  const body = await readRawBody(request, maxImportBytes);
  if (!body.ok) return apiErrorResponse("PAYLOAD_TOO_LARGE", { ...answer, params: { kb: maxImportBytes / 1024 } });
  const result = await importKeywordFile(body.bytes);
  if (!result.ok) {
    if (result.reason === "tooLarge") return apiErrorResponse("PAYLOAD_TOO_LARGE", { ...answer, params: { kb: maxImportBytes / 1024 } });
    return apiErrorResponse("INVALID_KEYWORDS", { ...answer, details: { message: importRefusal(result, locale) } });
  }
  return Response.json(result, { headers: noStore });
}
