// The JSON API over saved outputs (GET /api/outputs, GET|PATCH|DELETE /api/outputs/:id,
// POST /api/outputs/:id/restore). Errors are {error, code, requestId, fieldErrors?}; error texts are localized.
import { z } from "zod";
import { translate, type Locale, type MessageKey, type MessageParams } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";
import { checkOutputContent, maxSearchLength } from "./output-rules.ts";
import type { DeletedOutputResult, OutputsApiError } from "./output-view.ts";
import { InvalidCursorError, deleteOutput, getOutputById, listOutputs, outputTrashRetentionMs, outputsPageSize, maxOutputsPageSize, restoreOutput, updateOutput, type OutputFilter } from "./outputs.server.ts";

export interface OutputsApiContext {
  request: Request;
  user: { id: string } | null;
  locale: Locale;
  requestId: string;
  db: Db;
}

function reply(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  // Private data: never cached by the browser or a proxy.
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

function refuse(ctx: OutputsApiContext, status: number, code: string, key: MessageKey, params?: MessageParams, fieldErrors?: Record<string, string>, headers: Record<string, string> = {}): Response {
  const body: OutputsApiError = { error: translate(ctx.locale, key, params), code, requestId: ctx.requestId, ...(fieldErrors ? { fieldErrors } : {}) };
  return reply(body, status, headers);
}

function methodNotAllowed(ctx: OutputsApiContext, allow: string): Response {
  const methods = allow.split(", ");
  const list = methods.length > 1 ? `${methods.slice(0, -1).join(", ")} or ${methods.at(-1)}` : allow;
  return reply({ error: `Use ${list}.`, code: "METHOD_NOT_ALLOWED", requestId: ctx.requestId }, 405, { Allow: allow });
}

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** The filter of a list or an export, from query parameters (the history page uses the same names). */
export const outputFilterSchema = z.object({
  templateId: z.preprocess(emptyAsUndefined, z.string().max(100).regex(/^[A-Za-z0-9_-]+$/).optional()),
  favorite: z.preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).optional()),
  q: z.preprocess(emptyAsUndefined, z.string().max(maxSearchLength).optional()),
});

const listQuerySchema = outputFilterSchema.extend({
  cursor: z.preprocess(emptyAsUndefined, z.string().max(1000).optional()),
  limit: z.preprocess(emptyAsUndefined, z.string().regex(/^\d{1,20}$/).refine((value) => Number(value) >= 1).optional()),
});

const fieldMessages: Record<string, { key: MessageKey; params?: MessageParams }> = {
  templateId: { key: "outputs.error.badTemplate" },
  favorite: { key: "outputs.error.badFavorite" },
  q: { key: "outputs.error.searchTooLong", params: { max: maxSearchLength } },
  cursor: { key: "outputs.error.badCursor" },
  limit: { key: "outputs.error.badLimit" },
};

export function toOutputFilter(parsed: z.infer<typeof outputFilterSchema>): OutputFilter {
  return {
    templateId: parsed.templateId,
    favorite: parsed.favorite === undefined ? undefined : parsed.favorite === "true" || parsed.favorite === "1",
    q: parsed.q?.trim() || undefined,
  };
}

/** Reads the filter from a URL; problems come back as localized messages per parameter. */
export function readQuery<S extends z.ZodType>(schema: S, url: URL, locale: Locale): { ok: true; data: z.infer<S> } | { ok: false; fieldErrors: Record<string, string> } {
  const raw: Record<string, string> = {};
  // The first value of each parameter; repeats are ignored.
  for (const [name, value] of url.searchParams) if (!(name in raw)) raw[name] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    const message = fieldMessages[field];
    if (message && !fieldErrors[field]) fieldErrors[field] = translate(locale, message.key, message.params);
  }
  return { ok: false, fieldErrors };
}

/** GET /api/outputs?templateId&favorite&q&cursor&limit → {items, nextCursor}. */
export async function handleListOutputs(ctx: OutputsApiContext): Promise<Response> {
  if (ctx.request.method !== "GET" && ctx.request.method !== "HEAD") return methodNotAllowed(ctx, "GET, HEAD");
  if (!ctx.user) return refuse(ctx, 401, "SIGNED_OUT", "outputs.error.signedOut");
  const query = readQuery(listQuerySchema, new URL(ctx.request.url), ctx.locale);
  if (!query.ok) {
    const [first] = Object.values(query.fieldErrors);
    const code = query.fieldErrors.cursor ? "INVALID_CURSOR" : "INVALID_QUERY";
    return reply({ error: first ?? translate(ctx.locale, "outputs.error.badRequest"), code, requestId: ctx.requestId, fieldErrors: query.fieldErrors } satisfies OutputsApiError, 400);
  }
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
    return reply(page);
  } catch (error) {
    if (error instanceof InvalidCursorError) return refuse(ctx, 400, "INVALID_CURSOR", "outputs.error.badCursor", undefined, { cursor: translate(ctx.locale, "outputs.error.badCursor") });
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
  if (!ctx.user) return refuse(ctx, 401, "SIGNED_OUT", "outputs.error.signedOut");
  const userId = ctx.user.id;

  if (method === "GET" || method === "HEAD") {
    const output = await getOutputById({ db: ctx.db, userId, id });
    return output ? reply({ output }) : refuse(ctx, 404, "NOT_FOUND", "outputs.error.notFound");
  }

  if (method === "DELETE") {
    const output = await deleteOutput({ db: ctx.db, userId, id });
    if (!output) return refuse(ctx, 404, "NOT_FOUND", "outputs.error.notFound");
    const restoreUntil = new Date(Date.now() + outputTrashRetentionMs).toISOString();
    return reply({ output, restore: { method: "POST", url: `/api/outputs/${encodeURIComponent(id)}/restore`, until: restoreUntil } } satisfies DeletedOutputResult);
  }

  let body: unknown;
  try {
    body = await ctx.request.json();
  } catch {
    return refuse(ctx, 400, "BAD_REQUEST", "outputs.error.badRequest");
  }
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success || (parsed.data.favorite === undefined && parsed.data.content === undefined)) {
    return refuse(ctx, 400, "INVALID_CHANGES", "outputs.error.nothingToChange");
  }
  const changes: { favorite?: boolean; content?: string } = { favorite: parsed.data.favorite };
  if (parsed.data.content !== undefined) {
    const checked = checkOutputContent(parsed.data.content);
    if (!checked.ok) {
      const message = translate(ctx.locale, checked.key, checked.params);
      return reply({ error: message, code: "INVALID_CONTENT", requestId: ctx.requestId, fieldErrors: { content: message } } satisfies OutputsApiError, 400);
    }
    changes.content = checked.content;
  }
  const output = await updateOutput({ db: ctx.db, userId, id, changes });
  return output ? reply({ output }) : refuse(ctx, 404, "NOT_FOUND", "outputs.error.notFound");
}

/** POST /api/outputs/:id/restore: the Undo of a delete. */
export async function handleRestoreOutput(ctx: OutputsApiContext, id: string): Promise<Response> {
  if (ctx.request.method !== "POST") return methodNotAllowed(ctx, "POST");
  if (!ctx.user) return refuse(ctx, 401, "SIGNED_OUT", "outputs.error.signedOut");
  const output = await restoreOutput({ db: ctx.db, userId: ctx.user.id, id });
  return output ? reply({ output }) : refuse(ctx, 404, "NOT_FOUND", "outputs.error.notRestorable");
}
