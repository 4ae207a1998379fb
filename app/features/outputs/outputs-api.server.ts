// The JSON API over saved outputs (GET /api/outputs, GET|PATCH|DELETE /api/outputs/:id,
// POST /api/outputs/:id/restore). Errors come from the catalogue (app/lib/errors.ts), in the client's language.
import { z } from "zod";
import { translate, type Locale, type MessageKey, type MessageParams } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";
import { getMarketplace, registryLanguages } from "#app/features/marketplaces/registry.ts";
import { checkOutputContent, maxSearchLength } from "./output-rules.ts";
import { firstIssuePerField } from "#app/lib/field-issues.ts";
import { apiErrorResponse, methodNotAllowedParams, type ApiErrorCode, type ApiErrorExtras } from "#app/lib/errors.ts";
import type { DeletedOutputResult } from "./output-view.ts";
import { InvalidCursorError } from "#app/lib/cursor.ts";
import { deleteOutput, firstPageJson, getOutputById, listOutputs, outputTrashRetentionMs, outputsPageSize, maxOutputsPageSize, restoreOutput, updateOutput, type OutputFilter } from "./outputs.server.ts";

/**
 * What the handlers read of a request. The Express router (outputs-router.server.ts) passes a Fetch
 * Request only when there is a body to read; for GET and HEAD, method and URL are enough.
 */
export type OutputsApiRequest = Pick<Request, "method" | "url" | "json">;

export interface OutputsApiContext {
  request: OutputsApiRequest;
  user: { id: string } | null;
  locale: Locale;
  requestId: string;
  db: Db;
}

/** Headers of every answer with data: private, never cached by the browser or a proxy. */
export const replyHeaders: Readonly<Record<string, string>> = { "Cache-Control": "no-store" };

function reply(body: unknown): Response {
  return Response.json(body, { headers: replyHeaders });
}

/** A refusal from the error catalogue, in the client's language. */
function refuse<C extends ApiErrorCode>(ctx: OutputsApiContext, code: C, extras = {} as ApiErrorExtras<C>): Response {
  return apiErrorResponse(code, { ...extras, locale: ctx.locale, requestId: ctx.requestId });
}

const methodNotAllowed = (ctx: OutputsApiContext, allow: string) => refuse(ctx, "METHOD_NOT_ALLOWED", { params: methodNotAllowedParams(ctx.locale, ctx.request.method, allow), headers: { Allow: allow } });
const signedOut = (ctx: OutputsApiContext) => refuse(ctx, "SIGNED_OUT");
const notFound = (ctx: OutputsApiContext, key: MessageKey = "outputs.error.notFound") => refuse(ctx, "NOT_FOUND", { details: { message: translate(ctx.locale, key) } });

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** The filter of a list or an export, from query parameters (the history page uses the same names). */
export const outputFilterSchema = z.object({
  templateId: z.preprocess(emptyAsUndefined, z.string().max(100).regex(/^[A-Za-z0-9_-]+$/).optional()),
  favorite: z.preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).optional()),
  q: z.preprocess(emptyAsUndefined, z.string().max(maxSearchLength).optional()),
  marketplace: z.preprocess(emptyAsUndefined, z.string().max(100).refine((id) => getMarketplace(id) !== undefined).optional()),
  language: z.preprocess(emptyAsUndefined, z.string().max(20).refine((code) => registryLanguages.has(code)).optional()),
});

const listQuerySchema = outputFilterSchema.extend({
  cursor: z.preprocess(emptyAsUndefined, z.string().max(1000).optional()),
  limit: z.preprocess(emptyAsUndefined, z.string().regex(/^\d{1,20}$/).refine((value) => Number(value) >= 1).optional()),
});

const fieldMessages: Record<string, { key: MessageKey; params?: MessageParams }> = {
  templateId: { key: "outputs.error.badTemplate" },
  favorite: { key: "outputs.error.badFavorite" },
  marketplace: { key: "outputs.error.badMarketplace" },
  language: { key: "outputs.error.badLanguage" },
  q: { key: "outputs.error.searchTooLong", params: { max: maxSearchLength } },
  cursor: { key: "outputs.error.badCursor" },
  limit: { key: "outputs.error.badLimit" },
};

export function toOutputFilter(parsed: z.infer<typeof outputFilterSchema>): OutputFilter {
  return {
    templateId: parsed.templateId,
    favorite: parsed.favorite === undefined ? undefined : parsed.favorite === "true" || parsed.favorite === "1",
    q: parsed.q?.trim() || undefined,
    marketplace: parsed.marketplace,
    language: parsed.language,
  };
}

/** Reads the filter from a URL; problems come back as localized messages per parameter. */
export function readQuery<S extends z.ZodType>(schema: S, url: URL, locale: Locale): { ok: true; data: z.infer<S> } | { ok: false; fieldErrors: Record<string, string> } {
  const raw: Record<string, string> = {};
  // The first value of each parameter; repeats are ignored.
  for (const [name, value] of url.searchParams) if (!(name in raw)) raw[name] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors = firstIssuePerField(parsed.error, (issue) => {
    const message = fieldMessages[String(issue.path[0])];
    return message && translate(locale, message.key, message.params);
  });
  return { ok: false, fieldErrors };
}

/** GET /api/outputs?templateId&favorite&marketplace&language&q&cursor&limit → {items, nextCursor}. */
export async function handleListOutputs(ctx: OutputsApiContext): Promise<Response> {
  const answer = await answerListOutputs(ctx);
  return answer instanceof Response ? answer : new Response(answer.json, { headers: { ...replyHeaders, "Content-Type": "application/json" } });
}

/**
 * GET /api/outputs as JSON text, or a refusal. The Express router writes the text itself (one write
 * with its length), which costs a fraction of a Fetch Response's stream; the first page, asked for
 * most, comes from firstPageJson (docs/decisions/023).
 */
export async function answerListOutputs(ctx: OutputsApiContext): Promise<Response | { json: string }> {
  if (ctx.request.method !== "GET" && ctx.request.method !== "HEAD") return methodNotAllowed(ctx, "GET, HEAD");
  if (!ctx.user) return signedOut(ctx);
  // Without a query string there is nothing to check: the first page, newest first, of the default size.
  if (!ctx.request.url.includes("?")) return { json: await firstPageJson({ db: ctx.db, userId: ctx.user.id }) };
  const query = readQuery(listQuerySchema, new URL(ctx.request.url), ctx.locale);
  if (!query.ok) return refuse(ctx, query.fieldErrors.cursor ? "INVALID_CURSOR" : "INVALID_QUERY", { details: { fieldErrors: query.fieldErrors } });
  const { cursor, limit, ...filter } = query.data;
  try {
    const page = await listOutputs({
      db: ctx.db,
      userId: ctx.user.id,
      filter: toOutputFilter(filter),
      cursor,
      // Over 100 is capped rather than refused.
      limit: limit === undefined ? outputsPageSize : Math.min(Number(limit), maxOutputsPageSize),
    });
    return { json: JSON.stringify(page) };
  } catch (error) {
    if (error instanceof InvalidCursorError) return refuse(ctx, "INVALID_CURSOR", { details: { fieldErrors: { cursor: translate(ctx.locale, "outputs.error.badCursor") } } });
    throw error;
  }
}

const patchSchema = z.strictObject({
  favorite: z.boolean().optional(),
  content: z.string().optional(),
});

/** GET, PATCH {favorite?, content?} and DELETE /api/outputs/:id. */
export async function handleOutputRequest(ctx: OutputsApiContext, id: string): Promise<Response> {
  const method = ctx.request.method;
  if (!["GET", "HEAD", "PATCH", "DELETE"].includes(method)) return methodNotAllowed(ctx, "GET, HEAD, PATCH, DELETE");
  if (!ctx.user) return signedOut(ctx);
  const userId = ctx.user.id;

  if (method === "GET" || method === "HEAD") {
    const output = await getOutputById({ db: ctx.db, userId, id });
    return output ? reply({ output }) : notFound(ctx);
  }

  if (method === "DELETE") {
    const output = await deleteOutput({ db: ctx.db, userId, id });
    if (!output) return notFound(ctx);
    const restoreUntil = new Date(Date.now() + outputTrashRetentionMs).toISOString();
    return reply({ output, restore: { method: "POST", url: `/api/outputs/${encodeURIComponent(id)}/restore`, until: restoreUntil } } satisfies DeletedOutputResult);
  }

  let body: unknown;
  try {
    body = await ctx.request.json();
  } catch {
    return refuse(ctx, "BAD_REQUEST");
  }
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success || (parsed.data.favorite === undefined && parsed.data.content === undefined)) {
    return refuse(ctx, "INVALID_CHANGES");
  }
  const changes: { favorite?: boolean; content?: string } = { favorite: parsed.data.favorite };
  if (parsed.data.content !== undefined) {
    const checked = checkOutputContent(parsed.data.content);
    if (!checked.ok) {
      return refuse(ctx, "INVALID_CONTENT", { details: { fieldErrors: { content: translate(ctx.locale, checked.key, checked.params) } } });
    }
    changes.content = checked.content;
  }
  const output = await updateOutput({ db: ctx.db, userId, id, changes });
  return output ? reply({ output }) : notFound(ctx);
}

/** POST /api/outputs/:id/restore: the Undo of a delete. */
export async function handleRestoreOutput(ctx: OutputsApiContext, id: string): Promise<Response> {
  if (ctx.request.method !== "POST") return methodNotAllowed(ctx, "POST");
  if (!ctx.user) return signedOut(ctx);
  const output = await restoreOutput({ db: ctx.db, userId: ctx.user.id, id });
  return output ? reply({ output }) : notFound(ctx, "outputs.error.notRestorable");
}
