// POST /api/generations: checks the request, then streams the generation as server-sent events.
import { creditRefusalMessage, reserveGenerationCredits } from "#app/features/billing/generation-credits.server.ts";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import { getTemplateById, getTemplateBySlug } from "#app/templates/registry.ts";
import { checkInputs } from "#app/templates/validation.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import type { RateLimiter, RateLimitRule } from "#server/rate-limit.server.ts";
import { outputCount, type Writer } from "#server/ai/writer.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { encodeGenerationEvent, generationRequestSchema, type GenerationRequestError } from "./generation-events.ts";
import { runGeneration } from "./generation.server.ts";

/** Generations per user per minute: plenty for a person, a brake for a script. */
export const generationRateLimit: RateLimitRule = { max: 30, windowMs: 60_000 };
/** A comment line this often keeps proxies from closing a stream while a slow provider thinks. */
const keepAliveMs = 15_000;

export interface GenerationPostOptions {
  request: Request;
  user: { id: string; name: string; email: string } | null;
  locale: Locale;
  requestId: string;
  db: Db;
  config: AppConfig;
  limiter: RateLimiter;
  writer?: Writer;
}

/** A 402 NO_CREDITS refusal also says how many words were needed and are left, and where to upgrade. */
type RefusalBody = GenerationRequestError & { needed?: number; available?: number; upgradeUrl?: string };

function refuse(status: number, body: RefusalBody, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export async function handleGenerationPost(options: GenerationPostOptions): Promise<Response> {
  const { request, user, locale, requestId, db, config, limiter } = options;
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(locale, key, params);

  if (request.method !== "POST") return refuse(405, { error: "Use POST.", code: "METHOD_NOT_ALLOWED", requestId }, { Allow: "POST" });
  if (!user) return refuse(401, { error: t("generation.error.signedOut"), code: "SIGNED_OUT", requestId });

  const limit = await limiter.consume(`generation:${user.id}`, generationRateLimit);
  if (!limit.allowed) {
    return refuse(429, { error: t("generation.error.rateLimited", { seconds: limit.retryAfterSeconds }), code: "RATE_LIMITED", requestId }, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return refuse(400, { error: t("generation.error.badRequest"), code: "BAD_REQUEST", requestId });
  }
  const parsed = generationRequestSchema.safeParse(body);
  if (!parsed.success) return refuse(400, { error: t("generation.error.badRequest"), code: "BAD_REQUEST", requestId });

  const { templateId, inputs: rawInputs, count } = parsed.data;
  const template = getTemplateById(templateId) ?? getTemplateBySlug(templateId);
  if (!template) return refuse(404, { error: t("generation.error.unknownTemplate"), code: "UNKNOWN_TEMPLATE", requestId });

  // The count may come inside the inputs (as the form sends it) or beside them.
  const countField = template.fields.find((field) => field.kind === "count");
  const raw: Record<string, unknown> = { ...rawInputs };
  if (countField && raw[countField.name] === undefined && count !== undefined) raw[countField.name] = count;
  const checked = checkInputs(template, raw);
  if (!checked.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(checked.fieldErrors).map(([field, problem]) => [field, t(problem.key, problem.params)]));
    const messages = Object.values(fieldErrors);
    return refuse(400, { error: messages.length === 1 ? messages[0]! : t("generation.error.invalidInputs"), code: "INVALID_INPUTS", requestId, fieldErrors });
  }

  // Credits: the most this generation may write is reserved before the provider is called (see billing/credits.server.ts).
  let reservation: Awaited<ReturnType<typeof reserveGenerationCredits>>;
  try {
    const { workspaceId } = await getActiveMembership({ db, user });
    reservation = await reserveGenerationCredits({ db, config, workspaceId, outputs: outputCount(template, checked.count) });
  } catch (error) {
    logger.error({ err: error, requestId }, "could not reserve words for a generation");
    return refuse(500, { error: t("generation.error.internal"), code: "INTERNAL", requestId });
  }
  if (!reservation.ok) {
    return refuse(402, { error: creditRefusalMessage(locale, reservation), code: "NO_CREDITS", requestId, needed: reservation.needed, available: reservation.available, upgradeUrl: "/pricing" });
  }
  const { credits } = reservation;

  let open = true;
  let heartbeat: NodeJS.Timeout | undefined;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      heartbeat = setInterval(() => send(": keep-alive\n\n"), keepAliveMs);
      runGeneration({
        db,
        config,
        user,
        template,
        inputs: checked.inputs,
        count: checked.count,
        signal: request.signal,
        requestId,
        locale,
        emit: (event) => send(encodeGenerationEvent(event)),
        writer: options.writer,
        hooks: credits.hooks,
      })
        .catch(async (error: unknown) => {
          // Failing before the generation row existed (the database is down): still a clean end.
          logger.error({ err: error, requestId }, "generation could not start");
          await credits.abandon().catch((releaseError: unknown) => logger.error({ err: releaseError, requestId }, "could not give back a generation's reserved words"));
          send(encodeGenerationEvent({ type: "error", code: "internal", message: t("generation.error.internal"), requestId }));
        })
        .finally(() => {
          clearInterval(heartbeat);
          if (open) {
            open = false;
            controller.close();
          }
        });
    },
    cancel() {
      open = false;
      clearInterval(heartbeat);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: neither our compression middleware nor a proxy may buffer the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
