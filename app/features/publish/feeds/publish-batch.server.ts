// A bulk publish run kept in the database (issue 34 item 3, docs/decisions/042; migration 0033): one seller and
// store, paced patches or one JSON_LISTINGS_FEED (choosePublishPath), every step's state stored before the step, so
// a run taken over after a crash (its lease lapsed) polls the feed already created instead of creating another,
// and never sends again a message it had marked 'sending'. One server runs a batch at a time (the lease).
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import type { PublishBatchMessageTable, PublishBatchTable } from "#server/db/schema.ts";
import type { SpApiClient } from "#app/features/amazon/client.server.ts";
import type { ListingPatch } from "../copy-attributes.ts";
import { FeedInterrupted, runListingsFeed, type FeedRunState } from "./feed-runner.server.ts";
import type { FeedIssue, FeedMessageInput } from "./listings-feed.ts";
import { runPacedPatches, type PatchOutcome } from "./paced-patches.server.ts";

export interface BatchListing {
  sku: string;
  productType: string;
  patches: readonly ListingPatch[];
  /** The listing's publication row (C1's listing_publication), when the run belongs to the publish flow. */
  publicationId?: string | null;
}

export interface PublishBatchMessage {
  messageId: number;
  sku: string;
  publicationId: string | null;
  status: PublishBatchMessageTable["status"];
  submissionId: string | null;
  issues: FeedIssue[];
}

export interface PublishBatchView {
  id: string;
  path: PublishBatchTable["path"];
  status: PublishBatchTable["status"];
  step: string;
  feedId: string | null;
  processingStatus: string | null;
  error: string | null;
  messages: PublishBatchMessage[];
}

export async function createPublishBatch(
  db: Db,
  input: { id?: string; workspaceId: string; connectionId: string; sellerId: string; marketplaceId: string; issueLocale?: string; path: "patches" | "feed"; listings: readonly BatchListing[]; now?: Date },
): Promise<string> {
  if (input.listings.length === 0) throw new RangeError("a publish batch needs at least one listing");
  // Refused here, not when the feed is built: a batch that cannot be sent would be taken over again and again.
  const empty = input.listings.find((listing) => listing.patches.length === 0);
  if (empty) throw new RangeError(`${empty.sku} has no patches: nothing changed, nothing to send`);
  const id = input.id ?? randomUUID();
  const at = (input.now ?? new Date()).toISOString();
  // Inside the caller's transaction when given one (the bulk publish writes its publication rows with the batch).
  const write = async (trx: Db) => {
    await trx.insertInto("publish_batch").values({ id, workspaceId: input.workspaceId, connectionId: input.connectionId, sellerId: input.sellerId, marketplaceId: input.marketplaceId, issueLocale: input.issueLocale ?? null, path: input.path, status: "queued", step: "new", feedDocumentId: null, feedId: null, processingStatus: null, resultFeedDocumentId: null, error: null, leaseUntil: null, createdAt: at, updatedAt: at }).execute();
    // Chunks keep each statement under the databases' bound-parameter limits.
    const rows = input.listings.map((listing, index) => ({ batchId: id, messageId: index + 1, sku: listing.sku, productType: listing.productType, patches: JSON.stringify(listing.patches), publicationId: listing.publicationId ?? null, status: "queued" as const, submissionId: null, issues: "[]", updatedAt: at }));
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto("publish_batch_message").values(rows.slice(i, i + 500)).execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return id;
}

export async function getPublishBatch(db: Db, batchId: string): Promise<PublishBatchView | undefined> {
  const batch = await db.selectFrom("publish_batch").selectAll().where("id", "=", batchId).executeTakeFirst();
  if (!batch) return undefined;
  const messages = await db.selectFrom("publish_batch_message").select(["messageId", "sku", "publicationId", "status", "submissionId", "issues"]).where("batchId", "=", batchId).orderBy("messageId").execute();
  return {
    id: batch.id,
    path: batch.path,
    status: batch.status,
    step: batch.step,
    feedId: batch.feedId,
    processingStatus: batch.processingStatus,
    error: batch.error,
    messages: messages.map((message) => ({ messageId: Number(message.messageId), sku: message.sku, publicationId: message.publicationId, status: message.status, submissionId: message.submissionId, issues: JSON.parse(message.issues) as FeedIssue[] })),
  };
}

/** Batches to run: queued, or running with a lapsed lease (their server stopped). */
export async function runnablePublishBatches(db: Db, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .selectFrom("publish_batch")
    .select("id")
    .where((eb) => eb.or([eb("status", "=", "queued"), eb.and([eb("status", "=", "running"), eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now.toISOString())])])]))
    .orderBy("createdAt")
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

export interface RunPublishBatchOptions {
  db: Db;
  client: SpApiClient;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: typeof fetch;
  firstPollMs?: number;
  maxPollMs?: number;
  rateScale?: number;
  /** How long a run holds the batch without renewing (renewed at each step and poll). */
  leaseMs?: number;
  /** Claims allowed (the first run and each takeover); the next claim ends the batch 'failed' with its last error. */
  maxAttempts?: number;
  concurrency?: number;
}

/** Runs (or resumes) a batch; undefined when another server holds it or it is finished. */
export async function runPublishBatch(options: RunPublishBatchOptions, batchId: string): Promise<PublishBatchView | undefined> {
  const { db, client, now = Date.now, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), leaseMs = 10 * 60_000 } = options;
  const iso = () => new Date(now()).toISOString();
  const claimed = await db
    .updateTable("publish_batch")
    .set({ status: "running", leaseUntil: new Date(now() + leaseMs).toISOString(), attempts: sql<number>`attempts + 1`, updatedAt: iso() })
    .where("id", "=", batchId)
    .where((eb) => eb.or([eb("status", "=", "queued"), eb.and([eb("status", "=", "running"), eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", iso())])])]))
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return undefined;
  const batch = await db.selectFrom("publish_batch").selectAll().where("id", "=", batchId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom("publish_batch_message").selectAll().where("batchId", "=", batchId).orderBy("messageId").execute();
  const toMessage = (row: (typeof rows)[number]): FeedMessageInput => ({ messageId: Number(row.messageId), sku: row.sku, productType: row.productType, patches: JSON.parse(row.patches) as ListingPatch[] });
  const renew = () => db.updateTable("publish_batch").set({ leaseUntil: new Date(now() + leaseMs).toISOString(), updatedAt: iso() }).where("id", "=", batchId).execute();
  const setMessages = (messageIds: number[], change: { status?: PublishBatchMessageTable["status"]; submissionId?: string | null; issues?: string }) =>
    messageIds.length === 0 ? Promise.resolve() : db.updateTable("publish_batch_message").set({ ...change, updatedAt: iso() }).where("batchId", "=", batchId).where("messageId", "in", messageIds).execute().then(() => undefined);
  const finish = async (status: "done" | "interrupted" | "failed", error: string | null = null) => {
    await db.updateTable("publish_batch").set({ status, error, leaseUntil: null, updatedAt: iso() }).where("id", "=", batchId).execute();
    return getPublishBatch(db, batchId);
  };

  if (options.maxAttempts !== undefined && Number(batch.attempts) > options.maxAttempts) {
    // Given up: what may have reached Amazon is left to the read-back ('unknown'), what never left is failed.
    const reason = `Stopped after ${options.maxAttempts} attempts${batch.error ? `: ${batch.error}` : ""}`.slice(0, 500);
    await setMessages(rows.filter((row) => row.status === "sending").map((row) => Number(row.messageId)), { status: "unknown" });
    await setMessages(rows.filter((row) => row.status === "queued").map((row) => Number(row.messageId)), { status: "failed", issues: JSON.stringify([{ code: "BATCH_STOPPED", message: reason, severity: "ERROR", attributeNames: [] }]) });
    return finish("failed", reason);
  }

  if (batch.path === "patches") {
    // Marked 'sending' by a run that stopped before the answer was stored: never sent again.
    await setMessages(rows.filter((row) => row.status === "sending").map((row) => Number(row.messageId)), { status: "unknown" });
    const queued = rows.filter((row) => row.status === "queued").map(toMessage);
    let answers = 0;
    await runPacedPatches(client, {
      sellerId: batch.sellerId,
      marketplaceId: batch.marketplaceId,
      ...(batch.issueLocale ? { issueLocale: batch.issueLocale } : {}),
      messages: queued,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      sending: (message) => setMessages([message.messageId], { status: "sending" }),
      answered: async (outcome: PatchOutcome) => {
        await setMessages([outcome.messageId], { status: outcome.status, submissionId: outcome.submissionId, issues: JSON.stringify(outcome.issues) });
        if (++answers % 50 === 0) await renew();
      },
    });
    return finish("done");
  }

  const state: FeedRunState = { step: batch.step as FeedRunState["step"], feedDocumentId: batch.feedDocumentId, feedId: batch.feedId, processingStatus: batch.processingStatus, resultFeedDocumentId: batch.resultFeedDocumentId };
  const messages = rows.filter((row) => row.status === "queued" || row.status === "sending").map(toMessage);
  const save = async (next: FeedRunState) => {
    // 'done' is written with the outcomes below, in one transaction: a crash before it reads the report again.
    const step = next.step === "done" ? "report" : next.step;
    await db
      .updateTable("publish_batch")
      .set({ step, feedDocumentId: next.feedDocumentId ?? null, feedId: next.feedId ?? null, processingStatus: next.processingStatus ?? null, resultFeedDocumentId: next.resultFeedDocumentId ?? null, leaseUntil: new Date(now() + leaseMs).toISOString(), updatedAt: iso() })
      .where("id", "=", batchId)
      .execute();
    if (next.step === "creating") await setMessages(messages.map((message) => message.messageId), { status: "sending" });
  };
  try {
    const result = await runListingsFeed(client, {
      sellerId: batch.sellerId,
      marketplaceId: batch.marketplaceId,
      ...(batch.issueLocale ? { issueLocale: batch.issueLocale } : {}),
      messages,
      state,
      save,
      sleep: async (ms) => {
        await sleep(ms);
        await renew();
      },
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      ...(options.firstPollMs !== undefined ? { firstPollMs: options.firstPollMs } : {}),
      ...(options.maxPollMs !== undefined ? { maxPollMs: options.maxPollMs } : {}),
      ...(options.rateScale !== undefined ? { rateScale: options.rateScale } : {}),
    });
    await db.transaction().execute(async (trx) => {
      for (const outcome of result.outcomes) {
        await trx
          .updateTable("publish_batch_message")
          .set({ status: outcome.status, submissionId: `${result.feedId}:${outcome.messageId}`, issues: JSON.stringify(outcome.issues), updatedAt: iso() })
          .where("batchId", "=", batchId)
          .where("messageId", "=", outcome.messageId)
          .execute();
      }
      await trx.updateTable("publish_batch").set({ step: "done", updatedAt: iso() }).where("id", "=", batchId).execute();
    });
    return finish("done");
  } catch (error) {
    if (error instanceof FeedInterrupted) {
      await setMessages(messages.map((message) => message.messageId), { status: "unknown" });
      return finish("interrupted", error.message);
    }
    // Anything else (Amazon down, the network): the lease lapses and the next run resumes from the stored step.
    await db.updateTable("publish_batch").set({ error: error instanceof Error ? error.message.slice(0, 500) : String(error), updatedAt: iso() }).where("id", "=", batchId).execute();
    throw error;
  }
}

/** Counts per message status (for logs and the bench). */
export async function batchMessageCounts(db: Db, batchId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom("publish_batch_message").select(["status", sql<number>`count(*)`.as("count")]).where("batchId", "=", batchId).groupBy("status").execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
