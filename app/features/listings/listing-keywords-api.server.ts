// PUT /api/listings/:id/keywords: a listing's keyword bank replaced. It lives with listings because it
// reads the listing (its language and store); the keywords feature below it knows no listing.
import { z } from "zod";
import { keywordListSchema } from "#app/features/keywords/schemas.ts";
import { maxKeywords } from "#app/features/keywords/import.ts";
import { setKeywordBank } from "#app/features/keywords/keyword-bank.server.ts";
import { keywordWarnings } from "#app/features/keywords/script.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import { getListing } from "./listings.server.ts";

const noStore = { "Cache-Control": "no-store" };

/** PUT /api/listings/:id/keywords {keywords} → {keywords, warnings}: the listing's bank replaced (warnings as for coverage). */
export async function handleBankPut({ request, user, locale, requestId, db, id }: ApiContext & { id: string }): Promise<Response> {
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiErrorResponse("BAD_REQUEST", answer);
  }
  const parsed = z.object({ keywords: keywordListSchema }).safeParse(body);
  if (!parsed.success) {
    const tooMany = parsed.error.issues.some((issue) => issue.path.length === 1 && issue.code === "too_big");
    return apiErrorResponse("INVALID_KEYWORDS", { ...answer, details: { message: translate(locale, tooMany ? "keywords.error.tooMany" : "keywords.error.badKeyword", { max: maxKeywords }) } });
  }
  const { workspaceId } = await getActiveMembership({ db, user });
  const listing = await getListing({ db, workspaceId, id });
  const saved = listing && (await setKeywordBank({ db, workspaceId, listingId: id, keywords: parsed.data.keywords.map(({ phrase, volume }) => ({ phrase, volume: volume ?? null })) }));
  if (!listing || !saved) return apiErrorResponse("NOT_FOUND", { ...answer, details: { message: translate(locale, "api.error.listingNotFound") } });
  const warnings = keywordWarnings(saved.map((keyword) => keyword.phrase), listing.language.language, listing.marketplace, (key, params) => translate(locale, key, params));
  return Response.json({ keywords: saved, warnings }, { headers: noStore });
}
