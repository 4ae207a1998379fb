// The listings endpoints (README "Listings"): create and list, write the sections as a stream, export.
// Every one is scoped to the caller's workspace: another workspace's listing id is a 404.
import { z } from "zod";
import { creditRefusalMessage, reserveGenerationCredits } from "#app/features/generate/generation-credits.server.ts";
import { getMarketplace, ruleSetFor } from "#app/features/marketplaces/registry.ts";
import { InvalidCursorError } from "#app/lib/cursor.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { reportWithMessages } from "#app/features/marketplaces/lint-request.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse, type ApiViolation } from "#app/lib/errors.ts";
import type { Writer } from "#server/ai/writer.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import { logger } from "#server/logger.server.ts";
import type { RateLimiter } from "#server/rate-limit.server.ts";
import { eventStreamResponse } from "#server/sse.server.ts";
import { generationRateLimit } from "#app/features/generate/generation-request.server.ts";
import { exportFileName, exportFormats, toFlatFile, toListingsApiJson } from "./export.ts";
import { factsFieldErrors } from "./facts-errors.ts";
import { encodeListingEvent, listingGenerateRequestSchema } from "./listing-events.ts";
import { reservedOutputs, runListingGeneration, sectionsToWrite } from "./listing-generation.server.ts";
import { lintCopy } from "./listing-lint.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { createListing, createSibling, getListing, listListings } from "./listings.server.ts";
import { keywordListSchema } from "#app/features/keywords/schemas.ts";
import { keywordWarnings } from "#app/features/keywords/script.ts";
import { languageRefusal } from "#app/features/generate/generation-request.server.ts";
import { listingFactsSchema } from "./types.ts";

export type ListingsApiContext = ApiContext;

const noStore = { "Cache-Control": "no-store" };

const createSchema = z.object({
  marketplace: z.string().min(1).max(100).optional(),
  /** One of the store's language tags ("fr_CA"); default: its first. */
  language: z.string().min(2).max(20).optional(),
  facts: z.record(z.string(), z.unknown()),
});

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    const text = await request.text();
    return { ok: true, body: text.trim() === "" ? {} : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** POST /api/listings {marketplace?, facts} → 201 {listing}: facts only, nothing written yet. */
export async function handleListingCreate({ request, user, locale, requestId, db }: ListingsApiContext): Promise<Response> {
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  const json = await readJson(request);
  if (!json.ok) return apiErrorResponse("BAD_REQUEST", answer);
  const parsed = createSchema.safeParse(json.body);
  if (!parsed.success) return apiErrorResponse("BAD_REQUEST", answer);
  const { workspaceId } = await getActiveMembership({ db, user });
  const { ruleSetId, marketplaces: stores } = await getListingSettings({ db, workspaceId });
  // Default: the workspace's first store.
  const marketplaceId = parsed.data.marketplace ?? stores[0]!;
  const marketplace = getMarketplace(marketplaceId);
  if (!marketplace) return apiErrorResponse("UNKNOWN_MARKETPLACE", { ...answer, params: { name: marketplaceId.slice(0, 100) } });
  const languageTag = parsed.data.language ?? null;
  if (languageTag !== null && !marketplace.languages.some((language) => language.tag === languageTag)) {
    return apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: { language: translate(locale, "listings.error.unknownLanguage", { marketplace: marketplace.id, tags: marketplace.languages.map((language) => language.tag).join(", ") }) } } });
  }
  const facts = listingFactsSchema.safeParse(parsed.data.facts);
  if (!facts.success) return apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: factsFieldErrors(facts.error, locale) } });
  const listing = await createListing({ db, workspaceId, userId: user.id, marketplace: marketplace.id, ruleSetId: ruleSetFor(marketplace, ruleSetId), facts: facts.data, languageTag });
  // A bank in another script than the store's is kept, with a warning (KEYWORDS_OTHER_SCRIPT).
  const warnings = keywordWarnings(listing.keywords.map((keyword) => keyword.phrase), listing.language.language, listing.marketplace, (key, params) => translate(locale, key, params));
  return Response.json({ listing, warnings }, { status: 201, headers: { ...noStore, Location: `/listings/${listing.id}` } });
}

const listQuerySchema = z.object({ q: z.string().max(200).default(""), cursor: z.string().max(600).optional() });

/** GET /api/listings?q=&cursor= → {items, nextCursor}, newest first. */
export async function handleListingsList({ request, user, locale, requestId, db }: ListingsApiContext): Promise<Response> {
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  const url = new URL(request.url);
  const query = listQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return apiErrorResponse("INVALID_QUERY", { ...answer, details: { fieldErrors: { q: translate(locale, "generator.error.tooLong", { max: 200 }) } } });
  const { workspaceId } = await getActiveMembership({ db, user });
  try {
    return Response.json(await listListings({ db, workspaceId, q: query.data.q, cursor: query.data.cursor }), { headers: noStore });
  } catch (error) {
    if (error instanceof InvalidCursorError) return apiErrorResponse("INVALID_CURSOR", answer);
    throw error;
  }
}

/** POST /api/listings/:id/generate {sections?} → text/event-stream (app/features/listings/listing-events.ts). */
export async function handleListingGenerate(context: ListingsApiContext & { id: string; config: AppConfig; limiter: RateLimiter; writer?: Writer }): Promise<Response> {
  const { request, user, locale, requestId, db, config, limiter, id } = context;
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  const limit = await limiter.consume(`generation:${user.id}`, generationRateLimit);
  if (!limit.allowed) return apiErrorResponse("RATE_LIMITED", { ...answer, params: { seconds: limit.retryAfterSeconds }, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const json = await readJson(request);
  if (!json.ok) return apiErrorResponse("BAD_REQUEST", answer);
  const parsed = listingGenerateRequestSchema.safeParse(json.body);
  if (!parsed.success) return apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: { sections: translate(locale, "listings.error.unknownSection") } } });

  const { workspaceId } = await getActiveMembership({ db, user });
  const listing = await getListing({ db, workspaceId, id });
  if (!listing) return apiErrorResponse("NOT_FOUND", { ...answer, details: { message: translate(locale, "api.error.listingNotFound") } });
  const ruleSet = getRuleSet(listing.ruleSetId);
  if (!ruleSet) return apiErrorResponse("UNKNOWN_RULE_SET", { ...answer, params: { name: listing.ruleSetId } });
  const sections = sectionsToWrite(ruleSet, parsed.data.sections);
  if (sections.length === 0) return apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: { sections: translate(locale, "listings.error.unknownSection") } } });
  const refusal = languageRefusal({ config, store: listing.marketplace, language: listing.language.language, locale, requestId });
  if (refusal) return refusal;

  const reservation = await reserveGenerationCredits({ db, config, workspaceId, outputs: reservedOutputs(sections) });
  if (!reservation.ok) return apiErrorResponse("NO_CREDITS", { ...answer, details: { message: creditRefusalMessage(locale, reservation) } });
  const { credits } = reservation;
  return eventStreamResponse({
    requestId,
    work: (send) =>
      runListingGeneration({ db, config, user, workspaceId, listing, sections, signal: request.signal, requestId, locale, emit: (event) => send(encodeListingEvent(event)), writer: context.writer, hooks: credits.hooks }),
    onCrash: async (send, error) => {
      logger.error({ err: error, requestId }, "listing generation could not start");
      await credits.abandon().catch((releaseError: unknown) => logger.error({ err: releaseError, requestId }, "could not give back a listing generation's reserved words"));
      send(encodeListingEvent({ type: "error", code: "internal", message: translate(locale, "generation.error.internal"), requestId }));
    },
  });
}

const exportQuerySchema = z.object({ format: z.enum(exportFormats).default("flatfile"), force: z.enum(["0", "1", "true", "false"]).optional() });

/**
 * GET /api/listings/:id/export?format=flatfile|json[&force=1]: the latest version as a download.
 * A listing that does not pass its rules is refused (409 with its violations) unless force=1.
 */
export async function handleListingExport({ request, user, locale, requestId, db, id }: ListingsApiContext & { id: string }): Promise<Response> {
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  const query = exportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiErrorResponse("INVALID_QUERY", { ...answer, details: { fieldErrors: { format: translate(locale, "listings.error.unknownFormat") } } });
  const { workspaceId } = await getActiveMembership({ db, user });
  const listing = await getListing({ db, workspaceId, id });
  if (!listing) return apiErrorResponse("NOT_FOUND", { ...answer, details: { message: translate(locale, "api.error.listingNotFound") } });
  const ruleSet = getRuleSet(listing.ruleSetId);
  const marketplace = getMarketplace(listing.marketplace);
  if (!ruleSet || !marketplace) return apiErrorResponse("UNKNOWN_RULE_SET", { ...answer, params: { name: listing.ruleSetId } });

  const force = query.data.force === "1" || query.data.force === "true";
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  const report = lintCopy({ ruleSet, language: listing.language.language, brand: listing.facts.brand, otherBrands, store: marketplace, copy: listing.copy });
  if (!report.passed && !force) return apiErrorResponse("LISTING_FAILS_RULES", { ...answer, details: { violations: flattenViolations(reportWithMessages(report, locale)) } });

  const { format } = query.data;
  const fileName = exportFileName({ facts: listing.facts, version: listing.version, format });
  const body = format === "json" ? `${JSON.stringify(toListingsApiJson({ facts: listing.facts, copy: listing.copy, ruleSet, marketplace, languageTag: listing.language.tag }), null, 2)}\n` : toFlatFile({ facts: listing.facts, copy: listing.copy, ruleSet });
  return new Response(body, {
    headers: {
      ...noStore,
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/tab-separated-values; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}

/** Every violation of a report (with messages) as one list, errors first. */
export function flattenViolations(report: ReturnType<typeof reportWithMessages>): ApiViolation[] {
  const { sections } = report;
  const list: ApiViolation[] = [];
  const add = (section: string, found: { violations: Omit<ApiViolation, "section" | "index">[] } | undefined, index?: number) => {
    for (const violation of found?.violations ?? []) list.push({ section, ...(index === undefined ? {} : { index }), ...violation });
  };
  add("title", sections.title);
  add("itemHighlights", sections.itemHighlights);
  sections.bullets?.forEach((bullet, index) => add("bullets", bullet, index));
  add("bullets", sections.bulletList);
  add("description", sections.description);
  add("searchTerms", sections.searchTerms);
  return list.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
}

const localizeSchema = z.object({ marketplace: z.string().min(1).max(100), keywords: keywordListSchema.optional() });

/**
 * POST /api/listings/:id/localize {marketplace, keywords?} → 201 {listing, warnings}: the same product for another
 * store (its facts, the target's own keyword bank when given), a sibling of the source. Write it with
 * POST /api/listings/:newId/generate: it is written natively from the facts and the source, not translated.
 */
export async function handleListingLocalize({ request, user, locale, requestId, db, id }: ListingsApiContext & { id: string }): Promise<Response> {
  const answer = { locale, requestId };
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);
  const json = await readJson(request);
  if (!json.ok) return apiErrorResponse("BAD_REQUEST", answer);
  const parsed = localizeSchema.safeParse(json.body);
  if (!parsed.success) return apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: { marketplace: translate(locale, "api.error.badRequest") } } });
  const marketplace = getMarketplace(parsed.data.marketplace);
  if (!marketplace) return apiErrorResponse("UNKNOWN_MARKETPLACE", { ...answer, params: { name: parsed.data.marketplace.slice(0, 100) } });
  const { workspaceId } = await getActiveMembership({ db, user });
  const source = await getListing({ db, workspaceId, id });
  if (!source) return apiErrorResponse("NOT_FOUND", { ...answer, details: { message: translate(locale, "api.error.listingNotFound") } });
  if (source.marketplace === marketplace.id) return apiErrorResponse("INVALID_LISTING", { ...answer, details: { fieldErrors: { marketplace: translate(locale, "listings.error.sameMarketplace") } } });
  const { ruleSetId } = await getListingSettings({ db, workspaceId });
  const keywords = parsed.data.keywords?.map(({ phrase, volume }) => ({ phrase, volume: volume ?? null }));
  const listing = await createSibling({ db, workspaceId, userId: user.id, sourceId: source.id, marketplace: marketplace.id, ruleSetId: ruleSetFor(marketplace, ruleSetId), keywords });
  if (!listing) return apiErrorResponse("NOT_FOUND", { ...answer, details: { message: translate(locale, "api.error.listingNotFound") } });
  // A bank in another script than the store's is kept, with a warning (KEYWORDS_OTHER_SCRIPT).
  const warnings = keywordWarnings(listing.keywords.map((keyword) => keyword.phrase), listing.language.language, listing.marketplace, (key, params) => translate(locale, key, params));
  return Response.json({ listing, warnings }, { status: 201, headers: { ...noStore, Location: `/listings/${listing.id}` } });
}
