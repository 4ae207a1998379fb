// The SP-API stand-in's Feeds API 2021-06-30 for JSON_LISTINGS_FEED: a feed document with a presigned PUT link, the
// upload, createFeed, getFeed (IN_QUEUE → IN_PROGRESS → DONE or FATAL, by polls or 2 s of the clock), getFeedDocument
// and the processing report (listings-feed-processing-report-schema-v2). The body is checked against Amazon's
// listings-feed-schema-v2 (a malformed one is FATAL); each message goes through the same submit() as a PATCH, so the
// behaviours set per SKU apply to feeds too.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import { ApiError, code, invalidInput, type Json, type PresignedLinks } from "./sp-api-stub-common.ts";
import type { PatchOperation, StubPatching } from "./sp-api-stub-patch.ts";
import type { StubListing, StubSeller } from "./sp-api-stub.ts";

export const JSON_LISTINGS_FEED = "JSON_LISTINGS_FEED";
/** Amazon: the document URLs expire after 5 minutes. */
export const FEED_DOCUMENT_LINK_LIFETIME_S = 300;
/** A feed is DONE after this much clock time, or on its third poll. */
export const FEED_PROCESSING_MS = 2000;
export const FEED_DOCUMENT_PATH_PREFIX = "/feed-documents/";

let feedSchema: ValidateFunction | undefined;
function validateFeed(body: unknown): { valid: boolean; errors: string[] } {
  if (!feedSchema) {
    const ajv = new Ajv({ strict: false, allErrors: false });
    feedSchema = ajv.compile(JSON.parse(readFileSync(new URL("../fixtures/sp-api-models/listings-feed-schema-v2.json", import.meta.url), "utf8")) as object);
  }
  const valid = feedSchema(body);
  return { valid, errors: (feedSchema.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? ""}`) };
}

interface FeedDocument {
  feedDocumentId: string;
  sellerId: string;
  contentType: string;
  content?: Buffer;
}
interface Feed {
  feedId: string;
  sellerId: string;
  marketplaceIds: string[];
  inputFeedDocumentId: string;
  createdAt: number;
  polls: number;
  startedAt?: number;
  finishedAt?: number;
  status?: "DONE" | "FATAL";
  resultFeedDocumentId?: string;
}

export interface StubFeeds {
  createFeedDocument(seller: StubSeller, body: unknown): Json;
  createFeed(seller: StubSeller, body: unknown): Json;
  getFeed(seller: StubSeller, feedId: string): Json;
  getFeedDocument(seller: StubSeller, feedDocumentId: string): Json;
  /** The stand-in's "S3" for feed documents: PUT (upload) and GET (download); undefined when the path is not one. */
  document(method: string, path: string, query: URLSearchParams, content: () => Promise<Buffer>, contentType: string | undefined): Promise<{ status: number; contentType: string; body: Buffer | string } | undefined>;
  /** The processing report of a finished feed, parsed (for tests). */
  report(feedId: string): Json | undefined;
}

export function createFeeds(options: {
  now: () => number;
  baseUrl: () => string;
  links: PresignedLinks;
  patching: StubPatching;
  sellerOf: (sellerId: string) => StubSeller | undefined;
  itemOf: (listing: StubListing, included: Set<string>) => Json;
}): StubFeeds {
  const documents = new Map<string, FeedDocument>();
  const feeds = new Map<string, Feed>();
  let counter = 0;
  const iso = (ms: number) => new Date(ms).toISOString();
  const documentPath = (id: string) => `${FEED_DOCUMENT_PATH_PREFIX}${encodeURIComponent(id)}`;

  function newDocument(sellerId: string, contentType: string, content?: Buffer): FeedDocument {
    const seller = options.sellerOf(sellerId);
    const feedDocumentId = `amzn1.tortuga.4.${seller?.region ?? "na"}.${randomUUID()}.T${code(randomUUID(), 13)}`;
    const document: FeedDocument = { feedDocumentId, sellerId, contentType, ...(content ? { content } : {}) };
    documents.set(feedDocumentId, document);
    return document;
  }

  /** The processing report (Amazon's listings-feed-processing-report-schema-v2) of a feed's body. */
  function process(feed: Feed): { status: "DONE" | "FATAL"; report: Json } {
    const seller = options.sellerOf(feed.sellerId)!;
    const header = { sellerId: feed.sellerId, version: "2.0", feedId: feed.feedId };
    const fatal = (message: string) => ({ status: "FATAL" as const, report: { header, issues: [{ code: "100001", severity: "ERROR", message }], summary: { errors: 1, warnings: 0, messagesProcessed: 0, messagesAccepted: 0, messagesInvalid: 0 } } });
    const input = documents.get(feed.inputFeedDocumentId)?.content;
    if (!input) return fatal("The feed document was not uploaded.");
    let body: unknown;
    try {
      body = JSON.parse(input.toString("utf8")) as unknown;
    } catch {
      return fatal("The feed is not valid JSON.");
    }
    const checked = validateFeed(body);
    if (!checked.valid) return fatal(`The feed does not match the JSON_LISTINGS_FEED schema: ${checked.errors.join("; ")}.`);
    const feedBody = body as { header: { sellerId: string; report?: { includedData: string[] } }; messages: { messageId: number; sku: string; operationType: string; productType?: string; patches?: PatchOperation[]; attributes?: Record<string, Json[]> }[] };
    if (feedBody.header.sellerId !== feed.sellerId) return fatal(`The sellerId '${feedBody.header.sellerId}' in the feed header does not match the selling partner submitting the feed.`);
    const marketplaceId = feed.marketplaceIds[0]!;
    const issues: Json[] = [];
    const items: Json[] = [];
    let accepted = 0;
    let invalid = 0;
    for (const message of feedBody.messages) {
      const refuse = (issue: Json) => {
        issues.push({ messageId: message.messageId, sku: message.sku, ...issue });
        invalid++;
      };
      const listing = seller.listings.find((candidate) => candidate.sku === message.sku && candidate.marketplaceId === marketplaceId);
      if (!listing) {
        refuse({ code: "100002", severity: "ERROR", message: `SKU '${message.sku}' not found in marketplace ${marketplaceId}.` });
        continue;
      }
      if (message.operationType !== "PATCH" && message.operationType !== "PARTIAL_UPDATE") {
        refuse({ code: "100003", severity: "ERROR", message: `The stand-in does not process '${message.operationType}' messages.` });
        continue;
      }
      const patches: PatchOperation[] = message.operationType === "PATCH" ? message.patches! : Object.entries(message.attributes!).map(([name, value]) => ({ op: "replace" as const, path: `/attributes/${name}`, value }));
      let submission;
      try {
        const parsed = options.patching.parse({ productType: message.productType, patches });
        submission = options.patching.submit(feed.sellerId, listing, parsed, false);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        refuse({ code: "100004", severity: "ERROR", message: error.message });
        continue;
      }
      for (const issue of submission.issues) {
        issues.push({ messageId: message.messageId, sku: message.sku, code: issue.code, severity: issue.severity, message: issue.message, ...(issue.attributeNames?.[0] ? { attributeName: issue.attributeNames[0] } : {}) });
      }
      if (submission.status === "ACCEPTED") accepted++;
      else invalid++;
      if (feedBody.header.report) items.push(options.itemOf(listing, new Set(feedBody.header.report.includedData)));
    }
    const count = (severity: string) => issues.filter((issue) => issue.severity === severity).length;
    const report: Json = {
      header: { ...header, ...(feedBody.header.report ? { report: feedBody.header.report } : {}) },
      issues,
      summary: { errors: count("ERROR"), warnings: count("WARNING"), messagesProcessed: feedBody.messages.length, messagesAccepted: accepted, messagesInvalid: invalid, ...(feedBody.header.report ? { itemSummary: { items: items.length, errors: 0, warnings: 0 } } : {}) },
      ...(feedBody.header.report ? { items } : {}),
    };
    return { status: "DONE", report };
  }

  function feedJson(feed: Feed): Json {
    const stage = Math.max(feed.polls, options.now() - feed.createdAt >= FEED_PROCESSING_MS ? 2 : 0);
    const body: Json = { feedId: feed.feedId, feedType: JSON_LISTINGS_FEED, marketplaceIds: feed.marketplaceIds, createdTime: iso(feed.createdAt) };
    if (stage === 0) return { ...body, processingStatus: "IN_QUEUE" };
    feed.startedAt ??= options.now();
    if (stage === 1) return { ...body, processingStatus: "IN_PROGRESS", processingStartTime: iso(feed.startedAt) };
    if (!feed.status) {
      const { status, report } = process(feed);
      feed.status = status;
      feed.finishedAt = options.now();
      feed.resultFeedDocumentId = newDocument(feed.sellerId, "application/json", Buffer.from(JSON.stringify(report))).feedDocumentId;
    }
    return { ...body, processingStatus: feed.status, processingStartTime: iso(feed.startedAt), processingEndTime: iso(feed.finishedAt!), resultFeedDocumentId: feed.resultFeedDocumentId };
  }

  return {
    createFeedDocument(seller, body) {
      const contentType = (body as { contentType?: unknown } | null)?.contentType;
      if (typeof contentType !== "string" || !contentType) throw invalidInput("Missing required 'contentType'.");
      const document = newDocument(seller.sellerId, contentType);
      return { feedDocumentId: document.feedDocumentId, url: options.links.sign(options.baseUrl(), documentPath(document.feedDocumentId), FEED_DOCUMENT_LINK_LIFETIME_S, "PUT") };
    },

    createFeed(seller, body) {
      const spec = (body ?? {}) as { feedType?: unknown; marketplaceIds?: unknown; inputFeedDocumentId?: unknown };
      if (typeof spec.feedType !== "string") throw invalidInput("Missing required 'feedType'.");
      if (spec.feedType !== JSON_LISTINGS_FEED) throw invalidInput(`Invalid 'feedType' provided: ${spec.feedType}.`, `This stand-in processes ${JSON_LISTINGS_FEED} only.`);
      const ids = spec.marketplaceIds;
      if (!Array.isArray(ids) || ids.length < 1 || ids.length > 25 || !ids.every((id): id is string => typeof id === "string")) throw invalidInput("'marketplaceIds' must list 1 to 25 marketplace identifiers.");
      const foreign = ids.find((id) => !seller.marketplaceIds.includes(id));
      if (foreign) throw invalidInput(`Invalid 'marketplaceIds' provided: ${foreign}.`);
      const input = typeof spec.inputFeedDocumentId === "string" ? documents.get(spec.inputFeedDocumentId) : undefined;
      if (!input || input.sellerId !== seller.sellerId) throw invalidInput("Invalid 'inputFeedDocumentId' provided.");
      const feedId = String(50_000_000_000 + ++counter * 1_009);
      feeds.set(feedId, { feedId, sellerId: seller.sellerId, marketplaceIds: ids, inputFeedDocumentId: input.feedDocumentId, createdAt: options.now(), polls: 0 });
      return { feedId };
    },

    getFeed(seller, feedId) {
      const feed = feeds.get(feedId);
      if (!feed || feed.sellerId !== seller.sellerId) throw new ApiError(404, "NotFound", "The specified feed does not exist.");
      const body = feedJson(feed);
      feed.polls++;
      return body;
    },

    getFeedDocument(seller, feedDocumentId) {
      const document = documents.get(feedDocumentId);
      if (!document || document.sellerId !== seller.sellerId) throw new ApiError(404, "NotFound", "The specified feed document does not exist.");
      return { feedDocumentId, url: options.links.sign(options.baseUrl(), documentPath(feedDocumentId), FEED_DOCUMENT_LINK_LIFETIME_S) };
    },

    async document(method, path, query, content, contentType) {
      if (!path.startsWith(FEED_DOCUMENT_PATH_PREFIX) || (method !== "PUT" && method !== "GET")) return undefined;
      const refused = options.links.check(path, query);
      if (refused) return { ...refused, contentType: "application/xml" };
      const document = documents.get(decodeURIComponent(path.slice(FEED_DOCUMENT_PATH_PREFIX.length)));
      if (!document) return { status: 404, contentType: "application/xml", body: "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>" };
      if (method === "PUT") {
        // S3 checks the signed Content-Type: the upload must carry the one given to createFeedDocument.
        if ((contentType ?? "").split(";")[0]!.trim() !== document.contentType.split(";")[0]!.trim()) return { status: 403, contentType: "application/xml", body: "<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>" };
        document.content = await content();
        return { status: 200, contentType: "text/plain", body: "" };
      }
      if (!document.content) return { status: 404, contentType: "application/xml", body: "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>" };
      return { status: 200, contentType: document.contentType, body: document.content };
    },

    report(feedId) {
      const id = feeds.get(feedId)?.resultFeedDocumentId;
      const content = id ? documents.get(id)?.content : undefined;
      return content ? (JSON.parse(content.toString("utf8")) as Json) : undefined;
    },
  };
}
