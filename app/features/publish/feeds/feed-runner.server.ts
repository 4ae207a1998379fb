// One JSON_LISTINGS_FEED through the Feeds API 2021-06-30 (issue 34 item 3, docs/decisions/042): create the feed
// document, upload the body to its presigned URL (plain fetch: the client's axios only knows SP-API paths), create
// the feed, poll getFeed with back-off, then download the processing report (gunzipped when Amazon says GZIP) and
// map each message's issues back to its SKU. The state is handed to `save` BEFORE each step that Amazon would act
// on twice, so a run resumed from its saved state polls the same feed and never creates a second one.
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { SpApiError, type SpApiClient } from "#app/features/amazon/client.server.ts";
import { spacingMs, spApiOperations } from "#app/features/amazon/operations.ts";
import { buildListingsFeed, JSON_LISTINGS_FEED, LISTINGS_FEED_CONTENT_TYPE, outcomesFromReport, outcomesWithoutReport, processingReportSchema, type FeedMessageInput, type FeedMessageOutcome } from "./listings-feed.ts";

export type FeedStep = "new" | "document" | "uploaded" | "creating" | "processing" | "report" | "done";

export interface FeedRunState {
  step: FeedStep;
  feedDocumentId?: string | null;
  feedId?: string | null;
  processingStatus?: string | null;
  resultFeedDocumentId?: string | null;
}

/** createFeed may have reached Amazon but its answer was lost: the feed is not created again; the listings, read back, tell what landed. */
export class FeedInterrupted extends Error {
  override name = "FeedInterrupted";
}

/** The presigned upload or download failed (S3's answer), or the report is not what the schema says. */
export class FeedDocumentError extends Error {
  override name = "FeedDocumentError";
}

export interface RunListingsFeedOptions {
  sellerId: string;
  marketplaceId: string;
  /** Amazon's issue messages in this locale (en_US, de_DE…). */
  issueLocale?: string;
  messages: readonly FeedMessageInput[];
  /** Where a previous run of the same batch stopped (default: the start). */
  state?: FeedRunState;
  /** Stores the state; awaited before the run goes on (a run that cannot store it stops). */
  save?: (state: FeedRunState) => Promise<void>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** First getFeed this long after createFeed, each next one twice as long after, up to maxPollMs. */
  firstPollMs?: number;
  maxPollMs?: number;
  /** Multiplies Amazon's rates (never polls faster than getFeed's rate at this scale). */
  rateScale?: number;
}

export interface FeedRunResult {
  feedId: string;
  processingStatus: "DONE" | "FATAL" | "CANCELLED";
  outcomes: FeedMessageOutcome[];
}

const documentAnswer = z.object({ feedDocumentId: z.string().min(1), url: z.string().url(), compressionAlgorithm: z.enum(["GZIP"]).optional() });
const feedAnswer = z.object({ feedId: z.string().min(1), processingStatus: z.enum(["CANCELLED", "DONE", "FATAL", "IN_PROGRESS", "IN_QUEUE"]), resultFeedDocumentId: z.string().optional() });
const createFeedAnswer = z.object({ feedId: z.string().min(1) });

/** A report larger than this is refused (Amazon's reports of 25,000 messages stay far below it). */
const maxReportBytes = 200 * 1024 * 1024;

export async function runListingsFeed(client: SpApiClient, options: RunListingsFeedOptions): Promise<FeedRunResult> {
  const { sellerId, marketplaceId, issueLocale, messages, fetchImpl = fetch, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), rateScale = 1 } = options;
  // Against minutes of processing: at most a minute late, a handful of getFeed calls (its bucket: 2/s).
  const firstPollMs = options.firstPollMs ?? 10_000;
  const maxPollMs = options.maxPollMs ?? 60_000;
  const state: FeedRunState = { step: "new", ...options.state };
  const save = async (change: Partial<FeedRunState>) => {
    Object.assign(state, change);
    await options.save?.({ ...state });
  };

  if (state.step === "creating" && !state.feedId) throw new FeedInterrupted("createFeed was called and its answer not stored");
  if (state.step === "new" || state.step === "document" || state.step === "uploaded") {
    // No feed exists yet: a document made before a crash is abandoned (its link may have expired), a new one costs nothing at Amazon.
    const body = Buffer.from(JSON.stringify(buildListingsFeed({ sellerId, ...(issueLocale ? { issueLocale } : {}), messages })), "utf8");
    const { data: located } = await client.feeds.createFeedDocument({ body: { contentType: LISTINGS_FEED_CONTENT_TYPE } });
    const document = documentAnswer.parse(located);
    await save({ step: "document", feedDocumentId: document.feedDocumentId });
    const upload = await fetchImpl(document.url, { method: "PUT", headers: { "content-type": LISTINGS_FEED_CONTENT_TYPE }, body });
    if (!upload.ok) throw new FeedDocumentError(`the feed upload was refused: HTTP ${upload.status}`);
    await upload.arrayBuffer();
    await save({ step: "uploaded" });
    // Written before the call: from here on, a run that did not store the answer never calls createFeed again.
    await save({ step: "creating" });
    let created: unknown;
    try {
      ({ data: created } = await client.feeds.createFeed({ body: { feedType: JSON_LISTINGS_FEED, marketplaceIds: [marketplaceId], inputFeedDocumentId: document.feedDocumentId } }));
    } catch (error) {
      // Amazon answered a refusal: no feed was created, so the next run may create it.
      if (error instanceof SpApiError && error.status !== 0) await save({ step: "uploaded" });
      throw error;
    }
    await save({ step: "processing", feedId: createFeedAnswer.parse(created).feedId });
  }

  const feedId = state.feedId!;
  if (state.step === "processing") {
    const floor = spacingMs(spApiOperations.getFeed, rateScale);
    let delay = Math.max(floor, firstPollMs);
    for (;;) {
      await sleep(delay);
      const { data } = await client.feeds.getFeed({ feedId });
      const feed = feedAnswer.parse(data);
      if (feed.processingStatus === "DONE" || feed.processingStatus === "FATAL" || feed.processingStatus === "CANCELLED") {
        await save({ step: "report", processingStatus: feed.processingStatus, resultFeedDocumentId: feed.resultFeedDocumentId ?? null });
        break;
      }
      delay = Math.max(floor, Math.min(maxPollMs, delay * 2));
    }
  }

  const processingStatus = state.processingStatus as FeedRunResult["processingStatus"];
  if (!state.resultFeedDocumentId) {
    // CANCELLED (or FATAL without a document): Amazon processed none of it.
    await save({ step: "done" });
    return { feedId, processingStatus, outcomes: outcomesWithoutReport(messages, processingStatus === "DONE" ? "FATAL" : processingStatus) };
  }
  const { data: result } = await client.feeds.getFeedDocument({ feedDocumentId: state.resultFeedDocumentId });
  const document = documentAnswer.parse(result);
  const download = await fetchImpl(document.url);
  if (!download.ok) throw new FeedDocumentError(`the processing report could not be downloaded: HTTP ${download.status}`);
  const bytes = Buffer.from(await download.arrayBuffer());
  if (bytes.length > maxReportBytes) throw new FeedDocumentError("the processing report is larger than we read");
  const text = (document.compressionAlgorithm === "GZIP" ? gunzipSync(bytes, { maxOutputLength: maxReportBytes }) : bytes).toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new FeedDocumentError("the processing report is not JSON");
  }
  const report = processingReportSchema.safeParse(parsed);
  if (!report.success) throw new FeedDocumentError("the processing report does not match Amazon's report schema");
  const outcomes = outcomesFromReport(report.data, messages, processingStatus);
  await save({ step: "done" });
  return { feedId, processingStatus, outcomes };
}
