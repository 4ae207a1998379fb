// The JSON API over "Import from Amazon" (issue 33 item 3): start a run for one store or every store of a
// connection, follow it, pause and resume it. Any member of the workspace may, as with bulk jobs; every
// route is scoped to the active workspace (another workspace's connection or run is a 404), and errors come
// from the one catalogue (app/lib/errors.ts) in the client's language.
import { z } from "zod";
import type { AppConfig } from "#server/config.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import type { ApiContext } from "#app/lib/api-context.ts";
import { apiErrorResponse, type ApiErrorCode, type ApiErrorExtras } from "#app/lib/errors.ts";
import { getConnectionById } from "../connections.server.ts";
import type { ImportRunner } from "./import-runner.server.ts";
import { activeImportRun, createImportRun, getImportRun, listImportRuns, pauseImportRun, resumeImportRun } from "./import-runs.server.ts";

export interface ImportApiContext extends ApiContext {
  config: Pick<AppConfig, "amazon">;
  runner: ImportRunner;
}

const noStore = { "Cache-Control": "no-store" };
const reply = (body: unknown, status = 200) => Response.json(body, { status, headers: noStore });

function refuse<C extends ApiErrorCode>(ctx: Pick<ImportApiContext, "locale" | "requestId">, code: C, extras = {} as ApiErrorExtras<C>): Response {
  return apiErrorResponse(code, { ...extras, locale: ctx.locale, requestId: ctx.requestId });
}
const notFound = (ctx: ImportApiContext) => refuse(ctx, "NOT_FOUND", { details: { message: translate(ctx.locale, "amazon.import.error.notFound") } });

const startSchema = z.object({ connectionId: z.string().min(1).max(100), marketplaceId: z.string().min(1).max(40).optional() }).strict();

/** POST /api/amazon/imports {connectionId, marketplaceId?} → 202 {import}: every participating store, or the one named. */
export async function handleImportStart(ctx: ImportApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  let body: unknown;
  try {
    body = JSON.parse(await ctx.request.text());
  } catch {
    return refuse(ctx, "BAD_REQUEST");
  }
  const input = startSchema.safeParse(body);
  if (!input.success) return refuse(ctx, "INVALID_INPUTS", { details: { fieldErrors: Object.fromEntries(input.error.issues.map((issue) => [String(issue.path[0] ?? "body"), translate(ctx.locale, "api.error.badRequest")])) } });
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const connection = await getConnectionById({ db: ctx.db, workspaceId, connectionId: input.data.connectionId });
  if (!connection || !ctx.config.amazon) return notFound(ctx);
  const stores = connection.marketplaces.filter((store) => store.participating).map((store) => store.marketplaceId);
  if (input.data.marketplaceId !== undefined && !stores.includes(input.data.marketplaceId)) return refuse(ctx, "INVALID_INPUTS", { details: { fieldErrors: { marketplaceId: translate(ctx.locale, "amazon.import.error.unknownStore") } } });
  if (connection.status === "needs_reauthorization") return refuse(ctx, "AMAZON_IMPORT_REFUSED", { details: { message: translate(ctx.locale, "amazon.import.error.needsReauthorization") } });
  const running = await activeImportRun({ db: ctx.db, workspaceId, connectionId: connection.id });
  if (running) return refuse(ctx, "AMAZON_IMPORT_REFUSED", { details: { message: translate(ctx.locale, "amazon.import.error.alreadyRunning") } });
  const run = await createImportRun({ db: ctx.db, workspaceId, connectionId: connection.id, userId: ctx.user.id, marketplaceIds: input.data.marketplaceId ? [input.data.marketplaceId] : stores });
  await ctx.runner.enqueue({ id: run.id, workspaceId });
  return reply({ import: run }, 202);
}

/** GET /api/amazon/imports → {imports}: the workspace's latest runs, newest first. */
export async function handleImportList(ctx: ImportApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  return reply({ imports: await listImportRuns({ db: ctx.db, workspaceId }) });
}

/** GET /api/amazon/imports/:id → {import}. */
export async function handleImportGet(ctx: ImportApiContext & { id: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const run = await getImportRun({ db: ctx.db, workspaceId, importId: ctx.id });
  return run ? reply({ import: run }) : notFound(ctx);
}

/** POST /api/amazon/imports/:id/pause|resume → {import, changed}. */
export async function handleImportAction(ctx: ImportApiContext & { id: string; action: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  if (ctx.action !== "pause" && ctx.action !== "resume") return notFound(ctx);
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const run = await getImportRun({ db: ctx.db, workspaceId, importId: ctx.id });
  if (!run) return notFound(ctx);
  let changed: boolean;
  if (ctx.action === "pause") changed = await pauseImportRun({ db: ctx.db, workspaceId, importId: run.id });
  else {
    // A run paused because Amazon wants the seller to authorize again resumes by itself after reconnecting.
    const connection = await getConnectionById({ db: ctx.db, workspaceId, connectionId: run.connectionId });
    if (connection?.status === "needs_reauthorization") return refuse(ctx, "AMAZON_IMPORT_REFUSED", { details: { message: translate(ctx.locale, "amazon.import.error.needsReauthorization") } });
    changed = await resumeImportRun({ db: ctx.db, workspaceId, importId: run.id });
    if (changed) await ctx.runner.enqueue({ id: run.id, workspaceId });
  }
  return reply({ import: await getImportRun({ db: ctx.db, workspaceId, importId: run.id }), changed });
}
