// The JSON API of fix jobs (issue 33 item 6): POST /api/fixes starts one, GET /api/fixes/:id follows it. Scoped
// to the active workspace (another workspace's listing or job is a 404); errors from the one catalogue.
import { JobQueueFullError } from "#app/features/jobs/jobs.server.ts";
import type { JobsApiContext } from "#app/features/jobs/jobs-api.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import { apiErrorResponse, type ApiErrorCode, type ApiErrorExtras } from "#app/lib/errors.ts";
import { findListingsToFix, fixJobOptions, getFixProgress, startFixJob, wordsShort } from "./fix-jobs.server.ts";
import { fixRequestSchema } from "./fix-request.ts";

const noStore = { "Cache-Control": "no-store" };

function refuse<C extends ApiErrorCode>(ctx: Pick<JobsApiContext, "locale" | "requestId">, code: C, extras = {} as ApiErrorExtras<C>): Response {
  return apiErrorResponse(code, { ...extras, locale: ctx.locale, requestId: ctx.requestId });
}
const notFound = (ctx: JobsApiContext) => refuse(ctx, "NOT_FOUND", { details: { message: translate(ctx.locale, "fixes.error.notFound") } });

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    const text = await request.text();
    return { ok: true, body: text.trim() === "" ? {} : JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * POST /api/fixes {listingIds?, rule?} → 201 {fix}: a job that rewrites the failing sections of each listing as
 * a proposal. `rule` ("title:too_long", "too_long", "lint:too_long") keeps the listings failing it (of those
 * named, or of the whole workspace). 404 when a listing named is not the workspace's; 402 without a row's words.
 */
export async function handleFixCreate(ctx: JobsApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const json = await readJson(ctx.request);
  if (!json.ok) return refuse(ctx, "BAD_REQUEST");
  const parsed = fixRequestSchema.safeParse(json.body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "body")] = translate(ctx.locale, issue.path[0] === "rule" ? "fixes.error.unknownRule" : "fixes.error.badRequest");
    return refuse(ctx, "INVALID_INPUTS", { details: { fieldErrors } });
  }
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const found = await findListingsToFix({ db: ctx.db, workspaceId, listingIds: parsed.data.listingIds, rule: parsed.data.rule });
  if (!found.ok) return notFound(ctx);
  const options = await fixJobOptions({ db: ctx.db, workspaceId, listings: found.listings, rule: parsed.data.rule ?? null });
  if (found.listings.length > 0) {
    const short = await wordsShort({ db: ctx.db, config: ctx.config, runner: ctx.runner, workspaceId, options });
    if (short) return refuse(ctx, "NO_CREDITS", { details: { message: translate(ctx.locale, "jobs.error.noWords", short), numbers: short } });
  }
  let jobId: string;
  try {
    jobId = await startFixJob({ db: ctx.db, runner: ctx.runner, workspaceId, userId: ctx.user.id, listings: found.listings, options });
  } catch (error) {
    if (error instanceof JobQueueFullError) {
      const numbers = { maxQueuedRows: error.limit, queued: error.queued, rows: error.adding };
      return refuse(ctx, "JOB_QUEUE_FULL", { details: { message: translate(ctx.locale, "jobs.error.queueFull", numbers), numbers } });
    }
    throw error;
  }
  const fix = await getFixProgress({ db: ctx.db, runner: ctx.runner, workspaceId, id: jobId });
  return Response.json({ fix }, { status: 201, headers: { ...noStore, Location: `/api/fixes/${jobId}` } });
}

/** GET /api/fixes/:id → {fix}: the job's progress (JobProgress) with its rule and each listing's row. */
export async function handleFixGet(ctx: JobsApiContext & { id: string }): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const fix = await getFixProgress({ db: ctx.db, runner: ctx.runner, workspaceId, id: ctx.id });
  return fix ? Response.json({ fix }, { headers: noStore }) : notFound(ctx);
}
