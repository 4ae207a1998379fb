// The JSON API of publishing to Amazon (issue 34): preview, publish (and roll back), the audit log as JSON or CSV,
// and the SKU link. Every route is scoped to the active workspace (another workspace's listing is a 404), bodies
// and answers go through zod (./types.ts), and every refusal comes from the one catalogue in the client's language.
import type { z } from "zod";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { getListing } from "#app/features/listings/listings.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse, apiErrors, type ApiErrorCode, type ApiErrorDetails } from "#app/lib/errors.ts";
import { logger } from "#server/logger.server.ts";
import { mayPublish } from "./permissions.server.ts";
import { listPublications, publicationsCsv } from "./publications.server.ts";
import { PublishRefusal, type Publisher } from "./publish.server.ts";
import { amazonLinkAnswerSchema, amazonLinkRequestSchema, publicationAnswerSchema, publicationsAnswerSchema, previewRequestSchema, publishPreviewAnswerSchema, publishRequestSchema, type AmazonLink } from "./types.ts";

export interface PublishApiContext extends ApiContext {
  publisher: Publisher;
  /** The listing's id from the path. */
  id: string;
}

const noStore = { "Cache-Control": "no-store" };
export const reply = <T>(schema: z.ZodType<T>, body: T, status = 200) => Response.json(schema.parse(body), { status, headers: noStore });

export function refuse(ctx: PublishApiContext, code: ApiErrorCode, details?: ApiErrorDetails): Response {
  const extras = apiErrors[code].details && details ? { details } : {};
  return apiErrorResponse(code, { locale: ctx.locale, requestId: ctx.requestId, ...extras } as Parameters<typeof apiErrorResponse>[1]);
}

const listingNotFound = (ctx: PublishApiContext) => refuse(ctx, "NOT_FOUND", { message: translate(ctx.locale, "api.error.listingNotFound") });

/** A PublishRefusal in the client's language; anything else is logged and answered 500 with the request id. */
export function answerError(ctx: PublishApiContext, error: unknown): Response {
  if (!(error instanceof PublishRefusal)) {
    logger.error({ err: error, requestId: ctx.requestId }, "publish request failed");
    return refuse(ctx, "INTERNAL");
  }
  const fieldErrors = { ...error.fieldErrors, ...Object.fromEntries(Object.entries(error.fieldKeys ?? {}).map(([field, key]) => [field, translate(ctx.locale, key)])) };
  const details: ApiErrorDetails = {
    ...(error.messageKey ? { message: translate(ctx.locale, error.messageKey, error.params) } : {}),
    ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
  };
  if (!apiErrors[error.code].details && error.messageKey) {
    // A code without details still says its own catalogue message; the refusal's words go to the log.
    logger.info({ requestId: ctx.requestId, code: error.code, reason: error.messageKey }, "publish refused");
  }
  return refuse(ctx, error.code, details);
}

export async function readBody(ctx: PublishApiContext): Promise<unknown> {
  const text = await ctx.request.text();
  if (!text.trim()) return {};
  return JSON.parse(text) as unknown;
}

export function invalid(ctx: PublishApiContext, error: z.ZodError): Response {
  return refuse(ctx, "INVALID_INPUTS", { fieldErrors: Object.fromEntries(error.issues.map((issue) => [String(issue.path[0] ?? "body"), translate(ctx.locale, "api.error.badRequest")])) });
}

/** The signed-in member's workspace and the listing, or the answer that refuses. */
async function scope(ctx: PublishApiContext): Promise<{ workspaceId: string; userId: string } | Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const listing = await getListing({ db: ctx.db, workspaceId, id: ctx.id });
  if (!listing) return listingNotFound(ctx);
  return { workspaceId, userId: ctx.user.id };
}

/** A POST about this workspace's listing: its JSON body checked by `schema`, then `run`'s answer or its refusal. */
async function handlePost<S extends z.ZodType>(ctx: PublishApiContext, schema: S, run: (scoped: { workspaceId: string; userId: string }, input: z.output<S>) => Promise<Response>): Promise<Response> {
  const scoped = await scope(ctx);
  if (scoped instanceof Response) return scoped;
  let body: unknown;
  try {
    body = await readBody(ctx);
  } catch {
    return refuse(ctx, "BAD_REQUEST");
  }
  const input = schema.safeParse(body);
  if (!input.success) return invalid(ctx, input.error);
  try {
    return await run(scoped, input.data);
  } catch (error) {
    return answerError(ctx, error);
  }
}

/** POST /api/listings/:id/publish/preview {kind?} → 200 {preview}. */
export function handlePublishPreview(ctx: PublishApiContext): Promise<Response> {
  return handlePost(ctx, previewRequestSchema, async (scoped, input) => {
    const preview = await ctx.publisher.preview({ ...scoped, listingId: ctx.id, kind: input.kind, locale: ctx.locale });
    return reply(publishPreviewAnswerSchema, { preview });
  });
}

/** POST /api/listings/:id/publish {previewId, confirmLiveChange?} → 202 {publication}. */
export function handlePublish(ctx: PublishApiContext): Promise<Response> {
  return handlePost(ctx, publishRequestSchema, async (scoped, input) => {
    const publication = await ctx.publisher.publish({ ...scoped, listingId: ctx.id, previewId: input.previewId, confirmLiveChange: input.confirmLiveChange, locale: ctx.locale });
    return reply(publicationAnswerSchema, { publication }, 202);
  });
}

/** GET /api/listings/:id/publications[?format=csv] → {publications, link, mayPublish}, or the CSV export. */
export async function handlePublications(ctx: PublishApiContext): Promise<Response> {
  const scoped = await scope(ctx);
  if (scoped instanceof Response) return scoped;
  const format = new URL(ctx.request.url).searchParams.get("format");
  if (format !== null && format !== "csv" && format !== "json") return refuse(ctx, "INVALID_QUERY", { fieldErrors: { format: translate(ctx.locale, "api.error.badRequest") } });
  const publications = await listPublications({ db: ctx.db, workspaceId: scoped.workspaceId, listingId: ctx.id });
  if (format === "csv") {
    return new Response(publicationsCsv(publications), {
      headers: { ...noStore, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="publications-${ctx.id.slice(0, 8)}.csv"` },
    });
  }
  const row = await ctx.db.selectFrom("listing").select(["marketplace", "amazonSku", "amazonSellerId", "amazonProductType", "amazonAsin"]).where("id", "=", ctx.id).where("workspaceId", "=", scoped.workspaceId).executeTakeFirstOrThrow();
  const link: AmazonLink | null = row.amazonSku && row.amazonSellerId ? { store: row.marketplace, sku: row.amazonSku, sellerId: row.amazonSellerId, productType: row.amazonProductType, asin: row.amazonAsin } : null;
  return reply(publicationsAnswerSchema, { publications, link, mayPublish: await mayPublish({ db: ctx.db, ...scoped }) });
}

/** POST /api/listings/:id/amazon-link {store, sku} → 200 {link}: the SKU must exist for the seller in the store. */
export function handleAmazonLink(ctx: PublishApiContext): Promise<Response> {
  return handlePost(ctx, amazonLinkRequestSchema, async (scoped, input) => {
    const link = await ctx.publisher.link({ ...scoped, listingId: ctx.id, store: input.store, sku: input.sku });
    return reply(amazonLinkAnswerSchema, { link });
  });
}
