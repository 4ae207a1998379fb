// A bulk publish as one JSON_LISTINGS_FEED (issue 34 item 3, docs/decisions/042): the feed body (Amazon's
// listings-feed-schema-v2: one PATCH message per listing with the same patches a single publish sends), the
// processing report (listings-feed-processing-report-schema-v2) mapped back to each message's SKU, and the choice
// between paced patches and one feed. Pure.
import { z } from "zod";
import { spApiOperations } from "#app/features/amazon/operations.ts";
import type { ListingPatch } from "../copy-attributes.ts";

export const JSON_LISTINGS_FEED = "JSON_LISTINGS_FEED";
/** The content type the feed document is created with and uploaded as (S3 checks the upload's against it). */
export const LISTINGS_FEED_CONTENT_TYPE = "application/json; charset=UTF-8";
/** listings-feed-schema-v2: messages maxItems. */
export const MAX_FEED_MESSAGES = 25_000;

/** One listing of a bulk run: messageId is unique in its feed (1…), and correlates the report's issues. */
export interface FeedMessageInput {
  messageId: number;
  sku: string;
  productType: string;
  patches: readonly ListingPatch[];
}

export interface ListingsFeed {
  header: { sellerId: string; version: "2.0"; issueLocale?: string };
  messages: { messageId: number; sku: string; operationType: "PATCH"; productType: string; patches: ListingPatch[] }[];
}

/** The feed body: header (seller, version 2.0, the language of Amazon's issue messages) and one PATCH message per listing. */
export function buildListingsFeed({ sellerId, issueLocale, messages }: { sellerId: string; issueLocale?: string; messages: readonly FeedMessageInput[] }): ListingsFeed {
  if (messages.length === 0) throw new RangeError("a listings feed needs at least one message");
  if (messages.length > MAX_FEED_MESSAGES) throw new RangeError(`a listings feed holds at most ${MAX_FEED_MESSAGES} messages`);
  const ids = new Set<number>();
  for (const message of messages) {
    if (!Number.isInteger(message.messageId) || message.messageId < 1) throw new RangeError(`messageId ${message.messageId} is not a positive integer`);
    if (ids.has(message.messageId)) throw new RangeError(`messageId ${message.messageId} is used twice`);
    if (message.patches.length === 0) throw new RangeError(`message ${message.messageId} (${message.sku}) has no patches: nothing changed, nothing to send`);
    ids.add(message.messageId);
  }
  return {
    header: { sellerId, version: "2.0", ...(issueLocale ? { issueLocale } : {}) },
    messages: messages.map((message) => ({ messageId: message.messageId, sku: message.sku, operationType: "PATCH", productType: message.productType, patches: message.patches.map((patch) => ({ ...patch, value: [...patch.value] })) })),
  };
}

const reportIssueSchema = z.object({
  messageId: z.number().int().optional(),
  sku: z.string().optional(),
  code: z.string().optional(),
  severity: z.enum(["ERROR", "WARNING", "INFO"]),
  message: z.string(),
  attributeName: z.string().optional(),
});
export const processingReportSchema = z.object({
  header: z.object({ sellerId: z.string(), version: z.string(), feedId: z.string() }).passthrough(),
  issues: z.array(reportIssueSchema).default([]),
  summary: z.object({ errors: z.number(), warnings: z.number(), messagesProcessed: z.number(), messagesAccepted: z.number(), messagesInvalid: z.number() }).passthrough(),
});
export type ProcessingReport = z.infer<typeof processingReportSchema>;

/** An issue in the shape the rest of publishing keeps (the Listings Items API's: attributeNames). */
export interface FeedIssue {
  code: string;
  message: string;
  severity: "ERROR" | "WARNING" | "INFO";
  attributeNames: string[];
}

/**
 * What Amazon made of one message: "accepted" (processed without an ERROR issue: like a PATCH's ACCEPTED, not yet
 * live) or "invalid" (an ERROR issue: nothing of it applied). A feed that failed as a whole (FATAL, CANCELLED)
 * makes every message "invalid" with the feed's own issues.
 */
export interface FeedMessageOutcome {
  messageId: number;
  sku: string;
  status: "accepted" | "invalid";
  issues: FeedIssue[];
}

const toIssue = (issue: z.infer<typeof reportIssueSchema>): FeedIssue => ({ code: issue.code ?? "", message: issue.message, severity: issue.severity, attributeNames: issue.attributeName ? [issue.attributeName] : [] });

/**
 * Each message's outcome from the processing report. Issues are matched by messageId (the report's key; a SKU
 * alone can be in a feed twice); issues with no messageId are about the feed itself and fall on every message
 * when the feed did not finish DONE.
 */
export function outcomesFromReport(report: ProcessingReport, messages: readonly Pick<FeedMessageInput, "messageId" | "sku">[], feedStatus: "DONE" | "FATAL" | "CANCELLED"): FeedMessageOutcome[] {
  const byMessage = new Map<number, FeedIssue[]>();
  const feedIssues: FeedIssue[] = [];
  for (const issue of report.issues) {
    if (issue.messageId === undefined) feedIssues.push(toIssue(issue));
    else byMessage.set(issue.messageId, [...(byMessage.get(issue.messageId) ?? []), toIssue(issue)]);
  }
  const whole = feedStatus !== "DONE";
  return messages.map(({ messageId, sku }) => {
    const issues = whole ? [...feedIssues, ...(byMessage.get(messageId) ?? [])] : (byMessage.get(messageId) ?? []);
    const invalid = whole || issues.some((issue) => issue.severity === "ERROR");
    return { messageId, sku, status: invalid ? "invalid" : "accepted", issues };
  });
}

/** A feed that never produced a report (CANCELLED, or FATAL without a result document): every message refused alike. */
export function outcomesWithoutReport(messages: readonly Pick<FeedMessageInput, "messageId" | "sku">[], status: "FATAL" | "CANCELLED"): FeedMessageOutcome[] {
  const issue: FeedIssue = { code: status, message: status === "CANCELLED" ? "The feed was cancelled before Amazon processed it." : "Amazon could not process the feed.", severity: "ERROR", attributeNames: [] };
  return messages.map(({ messageId, sku }) => ({ messageId, sku, status: "invalid", issues: [issue] }));
}

// ---------------------------------------------------------------------------------------------------------------
// Paced patches or one feed

/**
 * How long Amazon takes to process a JSON_LISTINGS_FEED, as assumed when choosing (not a documented figure: the
 * Feeds guide gives none; sellers report minutes). The bench and tests pass the stand-in's own.
 */
export const assumedFeedProcessingMs = 5 * 60_000;

export interface PublishPathEstimate {
  path: "patches" | "feed";
  /** Time the rates alone allow for each path (the floor): patches after the burst at the sustained rate; the feed's processing plus any wait for a createFeed token. */
  patchesMs: number;
  feedMs: number;
}

export interface PublishPathOptions {
  /** Expected feed processing time (default assumedFeedProcessingMs). */
  feedProcessingMs?: number;
  /** Feeds already created in the last burst window for this seller (each createFeed token is 120 s away at 0.0083/s). */
  recentFeeds?: number;
  /** Multiplies Amazon's rates (the stand-in at a faster scale). */
  rateScale?: number;
}

/** The floor of sending `count` patches: the first `burst` at once, then one per 1/rate. */
export function patchesFloorMs(count: number, rateScale = 1): number {
  const { rate, burst } = spApiOperations.patchListingsItem;
  return (Math.max(0, count - burst) / (rate * rateScale)) * 1000;
}

/** The floor of one feed: its processing, after the wait for a createFeed token when the burst is spent. */
export function feedFloorMs({ feedProcessingMs = assumedFeedProcessingMs, recentFeeds = 0, rateScale = 1 }: PublishPathOptions = {}): number {
  const { rate, burst } = spApiOperations.createFeed;
  const tokenWaitMs = recentFeeds >= burst ? ((recentFeeds - burst + 1) / (rate * rateScale)) * 1000 : 0;
  return tokenWaitMs + feedProcessingMs;
}

/**
 * Paced patches or one feed for a bulk run of `count` listings of one seller and store: whichever floor is lower
 * (a tie goes to patches: each listing gets Amazon's answer as it is sent). At Amazon's rates and a 5-minute
 * processing assumption the feed wins above 5 + 5 × 300 = 1,505 listings (bulkFeedThreshold()).
 */
export function choosePublishPath(count: number, options: PublishPathOptions = {}): PublishPathEstimate {
  const patchesMs = patchesFloorMs(count, options.rateScale);
  const feedMs = feedFloorMs(options);
  return { path: count > 0 && feedMs < patchesMs ? "feed" : "patches", patchesMs, feedMs };
}

/** The smallest count for which choosePublishPath picks the feed. */
export function bulkFeedThreshold(options: PublishPathOptions = {}): number {
  const { rate, burst } = spApiOperations.patchListingsItem;
  const feedMs = feedFloorMs(options);
  // patchesFloorMs(n) > feedMs  ⇔  n > burst + feedMs × rate.
  return Math.floor(burst + (feedMs / 1000) * rate * (options.rateScale ?? 1)) + 1;
}
