// POST /api/generations: checks the request, then streams the generation as server-sent events.
import { creditRefusalMessage, reserveGenerationCredits } from "./generation-credits.server.ts";
import { translate, type Locale, type MessageKey, type MessageParams } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse, methodNotAllowedResponse } from "#app/lib/errors.ts";
import { getTemplateById, templateIds } from "#app/templates/registry.ts";
import { checkInputs } from "#app/templates/validation.ts";
import type { AppConfig } from "#server/config.server.ts";
import { logger } from "#server/logger.server.ts";
import { eventStreamResponse } from "#server/sse.server.ts";
import type { RateLimiter, RateLimitRule } from "#server/rate-limit.server.ts";
import { outputCount, type Writer } from "#server/ai/writer.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { getMarketplace, type Marketplace } from "#app/features/marketplaces/registry.ts";
import { getProvider, providerWrites } from "#server/ai/providers.server.ts";
import { encodeGenerationEvent, generationRequestSchema } from "./generation-events.ts";
import { runGeneration } from "./generation.server.ts";

/** Generations per user per minute: plenty for a person, a brake for a script. */
export const generationRateLimit: RateLimitRule = { max: 30, windowMs: 60_000 };

export interface GenerationPostOptions extends ApiContext {
  config: AppConfig;
  limiter: RateLimiter;
  writer?: Writer;
}

export async function handleGenerationPost(options: GenerationPostOptions): Promise<Response> {
  const { request, user, locale, requestId, db, config, limiter } = options;
  const t = (key: MessageKey, params?: MessageParams) => translate(locale, key, params);
  const answer = { locale, requestId };

  if (request.method !== "POST") return methodNotAllowedResponse({ request, ...answer, allow: "POST" });
  if (!user) return apiErrorResponse("SIGNED_OUT", answer);

  const limit = await limiter.consume(`generation:${user.id}`, generationRateLimit);
  if (!limit.allowed) {
    return apiErrorResponse("RATE_LIMITED", { ...answer, params: { seconds: limit.retryAfterSeconds }, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiErrorResponse("BAD_REQUEST", answer);
  }
  const parsed = generationRequestSchema.safeParse(body);
  if (!parsed.success) return apiErrorResponse("BAD_REQUEST", answer);

  const { templateId, inputs: rawInputs, count, marketplace: askedMarketplace } = parsed.data;
  // Ids only: a page's slug (descriptionGenerator) is a name for people, not for the API.
  const template = getTemplateById(templateId);
  if (!template) return apiErrorResponse("UNKNOWN_TEMPLATE", { ...answer, details: { fieldErrors: { templateId: t("generation.error.unknownTemplate", { ids: templateIds.join(", ") }) } } });

  // The count may come inside the inputs (as the form sends it) or beside them.
  const countField = template.fields.find((field) => field.kind === "count");
  const raw: Record<string, unknown> = { ...rawInputs };
  if (countField && raw[countField.name] === undefined && count !== undefined) raw[countField.name] = count;
  const checked = checkInputs(template, raw);
  if (!checked.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(checked.fieldErrors).map(([field, problem]) => [field, t(problem.key, problem.params)]));
    return apiErrorResponse("INVALID_INPUTS", { ...answer, details: { fieldErrors } });
  }

  // Credits: the most this generation may write is reserved before the provider is called (see billing/credits.server.ts).
  // The workspace is read once here and passed on to the generation.
  let workspaceId: string;
  let reservation: Awaited<ReturnType<typeof reserveGenerationCredits>>;
  let marketplace: Marketplace | undefined;
  try {
    ({ workspaceId } = await getActiveMembership({ db, user }));
    // The store (and so the language) the copy is for: the one asked for, else the workspace's first.
    const marketplaceId = askedMarketplace ?? (await getListingSettings({ db, workspaceId })).marketplaces[0]!;
    marketplace = getMarketplace(marketplaceId);
    if (!marketplace) return apiErrorResponse("UNKNOWN_MARKETPLACE", { ...answer, params: { name: marketplaceId.slice(0, 100) } });
    const refusal = languageRefusal({ config, store: marketplace.id, language: marketplace.language, locale, requestId });
    if (refusal) return refusal;
    reservation = await reserveGenerationCredits({ db, config, workspaceId, outputs: outputCount(template, checked.count) });
  } catch (error) {
    logger.error({ err: error, requestId }, "could not reserve words for a generation");
    return apiErrorResponse("INTERNAL", answer);
  }
  if (!reservation.ok) return apiErrorResponse("NO_CREDITS", { ...answer, details: { message: creditRefusalMessage(locale, reservation) } });
  const { credits } = reservation;

  return eventStreamResponse({
    requestId,
    work: (send) =>
      runGeneration({
        db,
        config,
        user,
        workspaceId,
        template,
        inputs: checked.inputs,
        count: checked.count,
        signal: request.signal,
        requestId,
        locale,
        emit: (event) => send(encodeGenerationEvent(event)),
        writer: options.writer,
        hooks: credits.hooks,
        marketplace: { id: marketplace.id, language: marketplace.language },
      }),
    // Failing before the generation row existed (the database is down): still a clean end.
    onCrash: async (send, error) => {
      logger.error({ err: error, requestId }, "generation could not start");
      await credits.abandon().catch((releaseError: unknown) => logger.error({ err: releaseError, requestId }, "could not give back a generation's reserved words"));
      send(encodeGenerationEvent({ type: "error", code: "internal", message: t("generation.error.internal"), requestId }));
    },
  });
}

/** A 400 when the server's provider cannot be asked to write the store's language (none today); undefined when it can. */
export function languageRefusal({ config, store, language, locale, requestId }: { config: AppConfig; store: string; language: string; locale: Locale; requestId: string }): Response | undefined {
  if (providerWrites(getProvider(config.ai.provider), language)) return undefined;
  const languageLabel = new Intl.DisplayNames([locale], { type: "language" }).of(language) ?? language;
  return apiErrorResponse("LANGUAGE_NOT_SUPPORTED", { locale, requestId, params: { provider: config.ai.provider, language: languageLabel, store } });
}
