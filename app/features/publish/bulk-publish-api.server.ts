// The JSON API of bulk publishing (issue 34 item 3): the plan, the start (the plan recomputed on the server, one
// batch per seller and store) and a batch's progress. Scoped to the active workspace (another workspace's batch is a
// 404); bodies and answers through zod (./types.ts); refusals from the one catalogue in the client's language.
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { translate } from "#app/i18n/i18n.ts";
import { answerError, invalid, readBody, refuse, reply, type PublishApiContext } from "./publish-api.server.ts";
import { PublishRefusal } from "./publish.server.ts";
import { bulkBatchAnswerSchema, bulkPlanAnswerSchema, bulkPublishRequestSchema, bulkStartAnswerSchema } from "./types.ts";

/** The signed-in member's workspace and the request's {listingIds}, or the answer that refuses. */
async function bulkInput(ctx: PublishApiContext): Promise<{ workspaceId: string; userId: string; listingIds: string[] } | Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  let body: unknown;
  try {
    body = await readBody(ctx);
  } catch {
    return refuse(ctx, "BAD_REQUEST");
  }
  const input = bulkPublishRequestSchema.safeParse(body);
  if (!input.success) return invalid(ctx, input.error);
  return { workspaceId, userId: ctx.user.id, listingIds: input.data.listingIds };
}

/** POST /api/publish-batches/preview {listingIds} → 200 {listings, groups}: nothing is sent. */
export async function handleBulkPlan(ctx: PublishApiContext): Promise<Response> {
  const input = await bulkInput(ctx);
  if (input instanceof Response) return input;
  try {
    return reply(bulkPlanAnswerSchema, await ctx.publisher.bulk.plan({ ...input, locale: ctx.locale }));
  } catch (error) {
    return answerError(ctx, error);
  }
}

/** POST /api/publish-batches {listingIds} → 202 {batches, skipped}; 409 when none of them can go. */
export async function handleBulkStart(ctx: PublishApiContext): Promise<Response> {
  const input = await bulkInput(ctx);
  if (input instanceof Response) return input;
  try {
    const started = await ctx.publisher.bulk.start({ ...input, locale: ctx.locale });
    if (started.batches.length === 0) throw new PublishRefusal("PUBLISH_BLOCKED", "amazon.bulk.error.nothingReady");
    return reply(bulkStartAnswerSchema, started, 202);
  } catch (error) {
    return answerError(ctx, error);
  }
}

/** GET /api/publish-batches/:id → {batch}: status, step, counts by message status, each listing's publication status. */
export async function handleBulkBatch(ctx: PublishApiContext): Promise<Response> {
  if (!ctx.user) return refuse(ctx, "SIGNED_OUT");
  const { workspaceId } = await getActiveMembership({ db: ctx.db, user: ctx.user });
  const batch = await ctx.publisher.bulk.get({ workspaceId, batchId: ctx.id });
  if (!batch) return refuse(ctx, "NOT_FOUND", { message: translate(ctx.locale, "amazon.bulk.error.batchNotFound") });
  return reply(bulkBatchAnswerSchema, { batch });
}
