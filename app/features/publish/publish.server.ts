// Publishing a listing's copy to Amazon (issue 34 item 2, docs/decisions/041): preview (our lint, the product
// type's schema, the live-vs-ours diff, Amazon's VALIDATION_PREVIEW) → publish (a row written as 'sending'
// before the one patch call, so a crash or a second click never sends twice) → a verification job on the work
// queue that reads the listing back until the live copy equals what we sent ('live'), an ERROR issue appears
// ('rejected') or the time limit passes ('pending', re-checked by the sweep). A rollback is a publish of the
// live copy kept before, through the same flow; when the live copy changed since our publish it needs a confirm.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { createWorkQueue, type WorkQueue } from "#server/queue/work-queue.server.ts";
import { AmazonReauthorizationNeeded, createAccessTokens, createSpApiClient, SpApiError, type AccessTokens, type SpApiClient } from "#app/features/amazon/client.server.ts";
import { getConnectionById, getConnectionByRegion, listConnectionsByWorkspace, type AmazonConnection } from "#app/features/amazon/connections.server.ts";
import { sameCopy } from "#app/features/amazon/import/map-item.ts";
import type { AmazonIssue } from "#app/features/amazon/import/types.ts";
import { createSpApiRateLimiter, type SpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import { regionIds, regions, type RegionId } from "#app/features/amazon/regions.ts";
import { flattenViolations } from "#app/features/listings/listings-api.server.ts";
import { lintCopy } from "#app/features/listings/listing-lint.ts";
import { getListing, ListingChangedError, saveListingVersion, type ListingView } from "#app/features/listings/listings.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { reportWithMessages } from "#app/features/marketplaces/lint-request.server.ts";
import { getMarketplace, type Marketplace } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import type { Locale, MessageKey, MessageParams } from "#app/i18n/i18n.ts";
import type { ApiErrorCode } from "#app/lib/errors.ts";
import { copyToAttributes, diffAttributes, mergeAttributes, patchesFor, type CopyTarget, type HighlightsAttribute } from "./copy-attributes.ts";
import { loadProductType, type ProductTypeDeps } from "./definitions/product-types.server.ts";
import { schemaCheckOperation, type SchemaChecker } from "./definitions/schema-checker.server.ts";
import { createBulkPublisher, type BulkPublisher } from "./bulk-publish.server.ts";
import { explainIssues } from "./issue-explanations.ts";
import { issueLocales, liveCopyOf, liveHashOf, parseIssues, toLiveItem, type LiveItem } from "./live-item.server.ts";
import { mayPublish } from "./permissions.server.ts";
import { getPublication, getPublicationRow, insertPublication, lastSentPublication, lockPublishing, readCopy, readPreview, unsettledPublication, type PublicationRow } from "./publications.server.ts";
import { type AmazonLink, type Publication, type PublishBlocker, type PublishPreview, type PublicationStatus } from "./types.ts";

export const publishQueueName = "amazon-publish-verify";

/** A refusal the API answers from the error catalogue: the code, and the message (key and parameters) or per-field messages. */
export class PublishRefusal extends Error {
  override name = "PublishRefusal";
  readonly code: ApiErrorCode;
  readonly messageKey: MessageKey | undefined;
  readonly params: MessageParams | undefined;
  /** Messages per field: already in words (a preview's findings), or message keys (fieldKeys) the API translates. */
  readonly fieldErrors: Record<string, string> | undefined;
  readonly fieldKeys: Record<string, MessageKey> | undefined;
  constructor(code: ApiErrorCode, messageKey?: MessageKey, params?: MessageParams, fields?: { errors?: Record<string, string>; keys?: Record<string, MessageKey> }) {
    super(`${code}${messageKey ? ` ${messageKey}` : ""}`);
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.fieldErrors = fields?.errors;
    this.fieldKeys = fields?.keys;
  }
}

/** Amazon's HTTP refusal as the seller reads it: its code and message, and what to do by its status. Nothing was marked live. */
export function amazonRefusal(error: SpApiError): PublishRefusal {
  const params = { code: error.code, message: error.message.replace(/^SP-API \S+ \d+ \S+: /, "").slice(0, 300) };
  // Our own schema thread timed out, was busy or stopped: not Amazon's doing.
  if (error.operation === schemaCheckOperation) return new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.schemaCheck", params);
  if (error.status === 403 || error.status === 401) return new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.amazon403", params);
  if (error.status === 404) return new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.amazon404", params);
  if (error.status === 429) return new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.amazon429", params);
  if (error.status >= 400 && error.status < 500) return new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.amazon400", params);
  return new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.amazon5xx", params);
}

const submissionSchema = z.object({
  sku: z.string().optional(),
  status: z.enum(["ACCEPTED", "INVALID", "VALID"]),
  submissionId: z.string().optional(),
  issues: z.array(z.unknown()).optional(),
});

const issueKey = (issue: AmazonIssue) => `${issue.code}|${[...(issue.attributeNames ?? [])].sort().join(",")}`;

const regionOf = (store: Marketplace): RegionId | undefined => regionIds.find((id) => regions[id].countries.includes(store.country));

/** Our lint's errors on the copy in the store (the builder's lintCopy): what blocks a publish, single or bulk. */
export function lintErrorsOf({ listing, store, copy, otherBrands, locale }: { listing: ListingView; store: Marketplace; copy: ListingCopy; otherBrands: readonly string[]; locale: Locale }): { code: string; section: string; message: string }[] {
  const ruleSet = getRuleSet(listing.ruleSetId);
  const report = ruleSet ? lintCopy({ ruleSet, language: listing.language.language, brand: listing.facts.brand, otherBrands, store, copy }) : undefined;
  return report ? flattenViolations(reportWithMessages(report, locale)).filter((violation) => violation.severity === "error").map((violation) => ({ code: violation.code, section: violation.section, message: violation.message })) : [];
}

export interface PublisherOptions {
  db: Db;
  config: AppConfig;
  /** Multiplies Amazon's rates in our bucket (a faster stand-in in tests and the bench). */
  rateScale?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The client's first back-off after a 5xx (doubling; decision 036). */
  retryDelayMs?: number;
  /** The clock of the rows' dates and the verification's time limits. */
  now?: () => number;
  /** Schema downloads (helper A's loadProductType). */
  fetchImpl?: typeof fetch;
  /** Where product type schemas compile and check (the process's worker thread by default). */
  schemaChecker?: SchemaChecker;
  /** First read-back after Amazon accepted; each next one waits twice as long, up to maxCheckMs. */
  firstCheckMs?: number;
  maxCheckMs?: number;
  /** Not live within this: 'pending', re-checked every recheckMs until giveUpMs after sending. */
  timeLimitMs?: number;
  recheckMs?: number;
  giveUpMs?: number;
  /** A row left 'sending' this long (its server died mid-call) is resolved by reading the listing. */
  sendingStaleMs?: number;
  sweepEveryMs?: number;
  /** Take verification items from the queue (false: tests drive check() themselves). */
  work?: boolean;
  /** Bulk publish (decision 042): the feed processing time the path choice assumes, the feed's polls, a batch's lease and claims. */
  feedProcessingMs?: number;
  feedPollMs?: { first: number; max: number };
  batchLeaseMs?: number;
  batchMaxAttempts?: number;
}

export interface Publisher {
  preview(input: { workspaceId: string; userId: string; listingId: string; kind: "publish" | "rollback"; locale: Locale }): Promise<PublishPreview>;
  publish(input: { workspaceId: string; userId: string; listingId: string; previewId: string; confirmLiveChange: boolean; locale: Locale }): Promise<Publication>;
  link(input: { workspaceId: string; userId: string; listingId: string; store: string; sku: string }): Promise<AmazonLink>;
  /** One read-back of a submitted or pending publication; its status after. */
  check(publicationId: string): Promise<PublicationStatus | undefined>;
  /** Pending rows due a re-check, lost queue items, rows a dead server left 'sending', and bulk batches to take over. */
  sweep(): Promise<void>;
  /** Many listings at once (issue 34 item 3): plan, start, follow. */
  bulk: BulkPublisher;
  stop(): Promise<void>;
}

interface ListingLink {
  listing: ListingView;
  store: Marketplace;
  sellerId: string | null;
  sku: string | null;
  productType: string | null;
  asin: string | null;
  importedVersion: number | null;
}

/** How late a publish request may reach Amazon after its turn (ms): kept back from each bucket's burst. */
export const publishArrivalJitterMs = 50;

export async function startPublisher(options: PublisherOptions): Promise<Publisher> {
  const { db, config, rateScale = 1, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), retryDelayMs, now = Date.now, fetchImpl } = options;
  const { firstCheckMs = 5_000, maxCheckMs = 60_000, timeLimitMs = 15 * 60_000, recheckMs = 30 * 60_000, giveUpMs = 7 * 24 * 60 * 60_000, sendingStaleMs = 10 * 60_000, sweepEveryMs = 60_000, work = true } = options;
  const amazon: AmazonConfig | undefined = config.amazon;
  // The buckets and tokens keep real time: `now` is the verification's clock (tests move it on).
  // Every server keeps 50 ms of each burst back: Amazon counts arrivals, and two servers' requests arrive bunched
  // by the network (decision 042; scaled with the rates in tests and benchmarks).
  const limiter: SpApiRateLimiter = createSpApiRateLimiter(db, { sleep, rateScale, arrivalJitterMs: publishArrivalJitterMs / rateScale });
  const tokens: AccessTokens | undefined = amazon && createAccessTokens({ db, config, amazon });
  const queue: WorkQueue<{ publicationId: string }> = await createWorkQueue<{ publicationId: string }>({
    db,
    config,
    options: { name: publishQueueName, localConcurrency: 4, groupConcurrency: { default: 2, tiers: {} }, retryLimit: 5, retryDelaySeconds: 5, heartbeatSeconds: config.jobs.heartbeatSeconds },
  });
  const productTypeDeps: ProductTypeDeps = { db, now, ...(fetchImpl ? { fetchImpl } : {}), ...(options.schemaChecker ? { schemaChecker: options.schemaChecker } : {}) };
  const at = () => new Date(now());

  function clientFor(connection: AmazonConnection): SpApiClient {
    if (!amazon || !tokens) throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.publish.error.notConnected");
    return createSpApiClient({ amazon, connection, tokens, limiter, sleep, ...(retryDelayMs === undefined ? {} : { retryDelayMs }) });
  }

  async function readLink(workspaceId: string, listingId: string): Promise<ListingLink> {
    const listing = await getListing({ db, workspaceId, id: listingId });
    const row = await db.selectFrom("listing").select(["amazonSellerId", "amazonSku", "amazonProductType", "amazonAsin", "importedVersion"]).where("id", "=", listingId).where("workspaceId", "=", workspaceId).executeTakeFirst();
    if (!listing || !row) throw new PublishRefusal("NOT_FOUND", "api.error.listingNotFound");
    const store = getMarketplace(listing.marketplace);
    if (!store) throw new PublishRefusal("UNKNOWN_MARKETPLACE");
    return { listing, store, sellerId: row.amazonSellerId, sku: row.amazonSku, productType: row.amazonProductType, asin: row.amazonAsin, importedVersion: row.importedVersion === null ? null : Number(row.importedVersion) };
  }

  /** The workspace's connection that holds this seller in the store's region. */
  async function connectionFor(workspaceId: string, sellerId: string, store: Marketplace): Promise<AmazonConnection> {
    const connection = (await listConnectionsByWorkspace({ db, workspaceId })).find((candidate) => candidate.sellingPartnerId === sellerId && regions[candidate.region].countries.includes(store.country));
    if (!connection || !amazon) throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.publish.error.notConnected");
    if (connection.status === "needs_reauthorization") throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.import.error.needsReauthorization");
    return connection;
  }

  /** Amazon's failures as refusals (an unexpected error stays what it is: a 500 with the request id). */
  async function amazonCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AmazonReauthorizationNeeded) throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.import.error.needsReauthorization");
      if (error instanceof SpApiError) throw amazonRefusal(error);
      throw error;
    }
  }

  async function readLive(client: SpApiClient, sellerId: string, sku: string, store: Marketplace, locale?: Locale): Promise<LiveItem> {
    const { data } = await client.listings.getListingsItem({ sellerId, sku, marketplaceIds: [store.marketplaceId], includedData: ["summaries", "attributes", "issues"], ...(locale ? { issueLocale: issueLocales[locale] } : {}) });
    return toLiveItem(data, store);
  }

  async function preview({ workspaceId, userId, listingId, kind, locale }: Parameters<Publisher["preview"]>[0]): Promise<PublishPreview> {
    const link = await readLink(workspaceId, listingId);
    if (!(await mayPublish({ db, workspaceId, userId }))) throw new PublishRefusal("PUBLISH_FORBIDDEN");
    if (!link.sku || !link.sellerId) throw new PublishRefusal("AMAZON_NOT_LINKED");
    const { listing, store, sellerId, sku } = link;
    const undo = kind === "rollback" ? await lastSentPublication(db, workspaceId, listingId) : undefined;
    if (kind === "rollback" && !undo) throw new PublishRefusal("NOTHING_TO_ROLL_BACK");
    const connection = await connectionFor(workspaceId, sellerId, store);
    const client = clientFor(connection);
    const live = await amazonCall(() => readLive(client, sellerId, sku, store, locale));
    const productType = live.productType ?? link.productType;
    if (!productType) throw new PublishRefusal("AMAZON_REFUSED", "amazon.publish.error.noProductType");
    const definition = await amazonCall(() => loadProductType(productTypeDeps, { client, marketplaceId: store.marketplaceId, productType }));
    const target: CopyTarget = { marketplaceId: store.marketplaceId, languageTag: listing.language.tag };
    const copy: ListingCopy = undo ? readCopy(undo.before) : listing.copy;
    const highlightsAttribute: HighlightsAttribute | null = definition.highlightsAttribute;
    const ours = copyToAttributes(copy, target, highlightsAttribute);
    const diff = diffAttributes(ours, live.attributes, target);
    const patches = patchesFor(ours, live.attributes, target);

    // Our rules: errors block a publish; a rollback puts back what was live, so they are shown but do not block it.
    const { otherBrands } = await getListingSettings({ db, workspaceId });
    const lintErrors = lintErrorsOf({ listing, store, copy, otherBrands, locale });
    const sentNames = patches.map((patch) => patch.path.slice("/attributes/".length));
    const problems = await amazonCall(() => definition.validate(mergeAttributes(live.attributes, ours, target), sentNames));

    const blockers: PublishBlocker[] = [];
    if (lintErrors.length > 0 && kind === "publish") blockers.push("lint");
    if (problems.length > 0) blockers.push("schema");
    if (patches.length === 0) blockers.push("unchanged");
    let amazonStatus: PublishPreview["amazon"]["status"] = "NOT_SENT";
    let amazonIssues: AmazonIssue[] = [];
    if (blockers.length === 0) {
      const { data } = await amazonCall(() => client.listings.patchListingsItem({ sellerId, sku, marketplaceIds: [store.marketplaceId], body: { productType, patches }, mode: "VALIDATION_PREVIEW", issueLocale: issueLocales[locale] }));
      const answer = submissionSchema.parse(data);
      amazonIssues = parseIssues(answer.issues);
      amazonStatus = answer.status === "INVALID" ? "INVALID" : "VALID";
      if (amazonStatus === "INVALID" || amazonIssues.some((issue) => issue.severity === "ERROR")) blockers.push("amazon");
    }
    const liveCopy = liveCopyOf(live, store);
    let threeWay: PublishPreview["threeWay"];
    if (undo) {
      const published = readCopy(undo.after);
      const changed = diffAttributes(copyToAttributes(published, target, highlightsAttribute), live.attributes, target).some((entry) => entry.changed);
      if (changed) {
        threeWay = { before: readCopy(undo.before), published, live: liveCopy };
        blockers.push("liveChanged");
      }
    }
    const id = randomUUID();
    const result: PublishPreview = {
      id,
      listingId,
      kind,
      version: listing.version,
      store: store.id,
      sku,
      productType,
      highlightsAttribute,
      highlightsNotSent: ours.highlightsNotSent,
      diff,
      lint: { errors: lintErrors },
      schema: { checksum: definition.checksum, problems },
      amazon: { status: amazonStatus, issues: explainIssues(amazonIssues) },
      canPublish: blockers.every((blocker) => blocker === "liveChanged"),
      blockers,
      ...(threeWay ? { threeWay } : {}),
      createdAt: at().toISOString(),
    };
    await insertPublication(
      db,
      {
        workspaceId,
        listingId,
        kind: "preview",
        status: "preview",
        createdBy: userId,
        connectionId: connection.id,
        sellerId,
        marketplaceId: store.marketplaceId,
        sku,
        productType,
        listingVersion: listing.version,
        previewId: null,
        rollbackOf: undo?.id ?? null,
        batchId: null,
        before: JSON.stringify(liveCopy),
        after: JSON.stringify(copy),
        liveHash: liveHashOf(live.attributes, target),
        patches: JSON.stringify(patches),
        preview: JSON.stringify(result),
        issues: JSON.stringify(result.amazon.issues),
        issuesBefore: JSON.stringify(live.issues.filter((issue) => issue.severity === "ERROR")),
        submissionId: null,
        error: null,
        beforeVersion: null,
        afterVersion: null,
        nextCheckAt: null,
        sentAt: null,
        settledAt: null,
      },
      at(),
      id,
    );
    return result;
  }

  async function enqueueCheck(row: Pick<PublicationRow, "id" | "workspaceId">, delayMs: number): Promise<void> {
    await queue.send([{ data: { publicationId: row.id }, group: { id: row.workspaceId, tier: "none" }, delaySeconds: delayMs / 1000, key: row.id }]);
  }

  /** Keeps the live copy before as an 'imported' version (unless the last imported one says the same) and what we sent as 'published'. */
  async function keepVersions(row: PublicationRow, link: Pick<ListingLink, "importedVersion">, userId: string): Promise<void> {
    const before = readCopy(row.before);
    const after = readCopy(row.after);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          const imported = link.importedVersion === null ? undefined : await trx.selectFrom("listing_version").select("copy").where("listingId", "=", row.listingId).where("version", "=", link.importedVersion).executeTakeFirst();
          let beforeVersion = link.importedVersion;
          if (!imported || !sameCopy(readCopy(imported.copy), before)) {
            const saved = await saveListingVersion({ db: trx, workspaceId: row.workspaceId, listingId: row.listingId, userId, copy: before, source: "imported", now: at() });
            beforeVersion = saved?.version.version ?? null;
          }
          const published = await saveListingVersion({ db: trx, workspaceId: row.workspaceId, listingId: row.listingId, userId, copy: after, source: "published", now: at() });
          const afterVersion = published?.version.version ?? null;
          // What is live now is this version: "changed since import" counts from it.
          await trx.updateTable("listing").set({ importedVersion: afterVersion, importedAt: at().toISOString() }).where("id", "=", row.listingId).where("workspaceId", "=", row.workspaceId).execute();
          await trx.updateTable("listing_publication").set({ beforeVersion, afterVersion }).where("id", "=", row.id).execute();
        });
        return;
      } catch (error) {
        if (!(error instanceof ListingChangedError)) throw error;
      }
    }
    // Saved over three times while we wrote: the publication stands, the listing's history lacks its two versions.
    logger.warn({ publicationId: row.id, listingId: row.listingId }, "the published versions were not kept: the listing kept changing");
  }

  async function publish({ workspaceId, userId, listingId, previewId, confirmLiveChange, locale }: Parameters<Publisher["publish"]>[0]): Promise<Publication> {
    const link = await readLink(workspaceId, listingId);
    if (!(await mayPublish({ db, workspaceId, userId }))) throw new PublishRefusal("PUBLISH_FORBIDDEN");
    const row = await db.selectFrom("listing_publication").selectAll().where("id", "=", previewId).where("workspaceId", "=", workspaceId).where("listingId", "=", listingId).where("kind", "=", "preview").executeTakeFirst();
    const stored = row && readPreview(row.preview);
    if (!row || !stored) throw new PublishRefusal("NOT_FOUND", "amazon.publish.error.previewNotFound");
    const sent = await db.selectFrom("listing_publication").select("id").where("previewId", "=", previewId).executeTakeFirst();
    if (sent) throw new PublishRefusal("NOT_FOUND", "amazon.publish.error.previewNotFound");
    if (await unsettledPublication(db, workspaceId, listingId)) throw new PublishRefusal("PUBLISH_IN_PROGRESS");
    if (!stored.canPublish) {
      const fieldErrors: Record<string, string> = {};
      for (const problem of stored.schema.problems) fieldErrors[problem.attribute] ??= problem.message;
      for (const error of stored.lint.errors) fieldErrors[error.section] ??= error.message;
      for (const issue of stored.amazon.issues) for (const name of issue.attributeNames.length ? issue.attributeNames : [`amazon:${issue.code}`]) fieldErrors[name] ??= issue.message;
      throw new PublishRefusal("PUBLISH_BLOCKED", "amazon.publish.error.blocked", undefined, { errors: fieldErrors });
    }
    if (stored.blockers.includes("liveChanged") && !confirmLiveChange) throw new PublishRefusal("LIVE_CHANGED");
    if (link.listing.version !== row.listingVersion || link.sku !== row.sku || !link.sellerId) throw new PublishRefusal("PREVIEW_STALE");
    const connection = await connectionFor(workspaceId, link.sellerId, link.store);
    const client = clientFor(connection);
    const target: CopyTarget = { marketplaceId: link.store.marketplaceId, languageTag: link.listing.language.tag };
    const live = await amazonCall(() => readLive(client, row.sellerId, row.sku, link.store, locale));
    if (liveHashOf(live.attributes, target) !== row.liveHash) throw new PublishRefusal("PREVIEW_STALE");

    // Written before the call: whatever happens next, this preview is never sent again.
    let sending: PublicationRow;
    try {
      // Under the workspace's publish lock, checked again: a bulk publish or another tab may have started meanwhile.
      sending = await db.transaction().execute(async (trx) => {
        await lockPublishing(trx, workspaceId);
        if (await unsettledPublication(trx, workspaceId, listingId)) throw new PublishRefusal("PUBLISH_IN_PROGRESS");
        return insertPublication(
          trx,
          { ...row, kind: row.rollbackOf ? "rollback" : "publish", status: "sending", createdBy: userId, previewId, issues: "[]", issuesBefore: JSON.stringify(live.issues.filter((issue) => issue.severity === "ERROR")), submissionId: null, error: null, beforeVersion: null, afterVersion: null, nextCheckAt: null, sentAt: at().toISOString(), settledAt: null },
          at(),
        );
      });
    } catch (error) {
      // The unique previewId: another request sent this preview first.
      if (await db.selectFrom("listing_publication").select("id").where("previewId", "=", previewId).executeTakeFirst()) throw new PublishRefusal("PUBLISH_IN_PROGRESS");
      throw error;
    }
    const patches = JSON.parse(sending.patches) as unknown[];
    let answer: z.infer<typeof submissionSchema>;
    try {
      const { data } = await client.listings.patchListingsItem({ sellerId: row.sellerId, sku: row.sku, marketplaceIds: [link.store.marketplaceId], body: { productType: row.productType, patches: patches as never }, issueLocale: issueLocales[locale] });
      answer = submissionSchema.parse(data);
    } catch (error) {
      const known = error instanceof SpApiError || error instanceof AmazonReauthorizationNeeded;
      // No answer at all: Amazon may have applied it; the row stays 'sending' and the sweep reads the listing to tell.
      const unanswered = !known || (error instanceof SpApiError && error.status === 0);
      const message = error instanceof Error ? error.message.slice(0, 500) : "failed";
      await db
        .updateTable("listing_publication")
        .set({ ...(unanswered ? {} : { status: "failed", settledAt: at().toISOString() }), error: message, updatedAt: at().toISOString() })
        .where("id", "=", sending.id)
        .execute();
      if (error instanceof AmazonReauthorizationNeeded) throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.import.error.needsReauthorization");
      if (error instanceof SpApiError) throw amazonRefusal(error);
      throw error;
    }
    const issues = explainIssues(parseIssues(answer.issues));
    if (answer.status !== "ACCEPTED") {
      await db.updateTable("listing_publication").set({ status: "failed", issues: JSON.stringify(issues), error: `Amazon answered ${answer.status}`, settledAt: at().toISOString(), updatedAt: at().toISOString() }).where("id", "=", sending.id).execute();
      return (await getPublication({ db, workspaceId, id: sending.id }))!;
    }
    await db
      .updateTable("listing_publication")
      .set({ status: "submitted", submissionId: answer.submissionId ?? null, issues: JSON.stringify(issues), nextCheckAt: new Date(now() + firstCheckMs).toISOString(), updatedAt: at().toISOString() })
      .where("id", "=", sending.id)
      .where("status", "=", "sending")
      .execute();
    try {
      await keepVersions(sending, link, userId);
    } catch (error) {
      logger.error({ err: error, publicationId: sending.id }, "the published versions could not be kept");
    }
    await enqueueCheck(sending, firstCheckMs);
    return (await getPublication({ db, workspaceId, id: sending.id }))!;
  }

  async function link({ workspaceId, userId, listingId, store: storeName, sku }: Parameters<Publisher["link"]>[0]): Promise<AmazonLink> {
    const current = await readLink(workspaceId, listingId);
    if (!(await mayPublish({ db, workspaceId, userId }))) throw new PublishRefusal("PUBLISH_FORBIDDEN");
    const { store, listing } = current;
    if (storeName !== store.id && storeName !== store.marketplaceId) throw new PublishRefusal("INVALID_INPUTS", undefined, undefined, { keys: { store: "amazon.import.error.unknownStore" } });
    const region = regionOf(store);
    const connection = region && (await getConnectionByRegion({ db, workspaceId, region }));
    if (!connection || !amazon) throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.publish.error.notConnected");
    if (connection.status === "needs_reauthorization") throw new PublishRefusal("AMAZON_NOT_CONNECTED", "amazon.import.error.needsReauthorization");
    const client = clientFor(connection);
    let live: LiveItem;
    try {
      live = await amazonCall(() => readLive(client, connection.sellingPartnerId, sku, store));
    } catch (error) {
      if (error instanceof PublishRefusal && error.messageKey === "amazon.publish.error.amazon404") throw new PublishRefusal("AMAZON_SKU_UNKNOWN", undefined, undefined, { keys: { sku: "amazon.publish.error.skuUnknown" } });
      throw error;
    }
    const taken = await db.selectFrom("listing").select("id").where("workspaceId", "=", workspaceId).where("amazonSellerId", "=", connection.sellingPartnerId).where("marketplace", "=", store.id).where("amazonSku", "=", sku).where("id", "!=", listing.id).executeTakeFirst();
    if (taken) throw new PublishRefusal("CONFLICT");
    await db.updateTable("listing").set({ amazonSellerId: connection.sellingPartnerId, amazonSku: sku, amazonAsin: live.asin, amazonProductType: live.productType, amazonIssues: JSON.stringify(live.issues) }).where("id", "=", listing.id).where("workspaceId", "=", workspaceId).execute();
    return { store: store.id, sku, sellerId: connection.sellingPartnerId, productType: live.productType, asin: live.asin };
  }

  async function check(publicationId: string): Promise<PublicationStatus | undefined> {
    const row = await getPublicationRow(db, publicationId);
    if (!row || (row.status !== "submitted" && row.status !== "pending")) return row?.status;
    const stored = readPreview(row.preview);
    const listing = await getListing({ db, workspaceId: row.workspaceId, id: row.listingId });
    const store = listing && getMarketplace(listing.marketplace);
    const connection = row.connectionId ? await getConnectionById({ db, workspaceId: row.workspaceId, connectionId: row.connectionId }) : undefined;
    if (!listing || !store || !stored || !connection || !amazon) {
      await settle(row, "failed", { error: "The listing, its store or the Seller Central connection is gone." });
      return "failed";
    }
    // Re-authorization pending: the sweep tries again later.
    if (connection.status === "needs_reauthorization") return row.status;
    const target: CopyTarget = { marketplaceId: row.marketplaceId, languageTag: listing.language.tag };
    const live = await readLive(clientFor(connection), row.sellerId, row.sku, store);
    const before = new Set((JSON.parse(row.issuesBefore) as AmazonIssue[]).map(issueKey));
    const newErrors = live.issues.filter((issue) => issue.severity === "ERROR" && !before.has(issueKey(issue)));
    const matches = diffAttributes(copyToAttributes(readCopy(row.after), target, stored.highlightsAttribute), live.attributes, target).every((entry) => !entry.changed);
    const checks = Number(row.checks) + 1;
    if (newErrors.length > 0) return settle(row, "rejected", { issues: live.issues, checks });
    if (matches) return settle(row, "live", { issues: live.issues, checks });
    const sentAt = Date.parse(row.sentAt ?? row.createdAt);
    if (now() - sentAt >= timeLimitMs) {
      const next = now() - sentAt >= giveUpMs ? null : new Date(now() + recheckMs).toISOString();
      await db.updateTable("listing_publication").set({ status: "pending", checks, nextCheckAt: next, issues: JSON.stringify(explainIssues(live.issues)), updatedAt: at().toISOString() }).where("id", "=", row.id).execute();
      return "pending";
    }
    const delay = Math.min(maxCheckMs, firstCheckMs * 2 ** checks);
    await db.updateTable("listing_publication").set({ checks, nextCheckAt: new Date(now() + delay).toISOString(), updatedAt: at().toISOString() }).where("id", "=", row.id).execute();
    await enqueueCheck(row, delay);
    return row.status;
  }

  async function settle(row: PublicationRow, status: "live" | "rejected" | "failed", change: { issues?: AmazonIssue[]; error?: string; checks?: number }): Promise<PublicationStatus> {
    await db
      .updateTable("listing_publication")
      .set({ status, settledAt: at().toISOString(), updatedAt: at().toISOString(), nextCheckAt: null, ...(change.issues ? { issues: JSON.stringify(explainIssues(change.issues)) } : {}), ...(change.error ? { error: change.error } : {}), ...(change.checks ? { checks: change.checks } : {}) })
      .where("id", "=", row.id)
      .execute();
    if (status !== "failed" && change.issues) await db.updateTable("listing").set({ amazonIssues: JSON.stringify(change.issues) }).where("id", "=", row.listingId).where("workspaceId", "=", row.workspaceId).execute();
    return status;
  }

  /** Live equals what we sent: Amazon got it ('submitted', then verified as usual); otherwise it failed, and a new preview sends it. */
  async function resolveInterrupted(row: PublicationRow): Promise<void> {
    const listing = await getListing({ db, workspaceId: row.workspaceId, id: row.listingId });
    const store = listing && getMarketplace(listing.marketplace);
    const connection = row.connectionId ? await getConnectionById({ db, workspaceId: row.workspaceId, connectionId: row.connectionId }) : undefined;
    const stored = readPreview(row.preview);
    if (!listing || !store || !connection || !stored || connection.status !== "active") {
      if (!listing || !store || !connection || !stored) await settle(row, "failed", { error: "Interrupted before Amazon answered; the listing or its connection is gone." });
      return;
    }
    const target: CopyTarget = { marketplaceId: row.marketplaceId, languageTag: listing.language.tag };
    const live = await readLive(clientFor(connection), row.sellerId, row.sku, store);
    const landed = diffAttributes(copyToAttributes(readCopy(row.after), target, stored.highlightsAttribute), live.attributes, target).every((entry) => !entry.changed);
    const at0 = at().toISOString();
    if (!landed) {
      await db.updateTable("listing_publication").set({ status: "failed", error: "Interrupted before Amazon answered, and the live copy does not show it: preview and publish again.", settledAt: at0, updatedAt: at0 }).where("id", "=", row.id).where("status", "=", "sending").execute();
      return;
    }
    const { numUpdatedRows } = await db.updateTable("listing_publication").set({ status: "submitted", error: "Interrupted before Amazon answered; the live copy shows it.", nextCheckAt: at0, updatedAt: at0 }).where("id", "=", row.id).where("status", "=", "sending").executeTakeFirst();
    if (numUpdatedRows > 0n) await enqueueCheck(row, 0);
  }

  async function sweep(): Promise<void> {
    const nowIso = at().toISOString();
    // Pending rows due a re-check, and submitted ones whose queue item was lost: claimed by moving nextCheckAt, so one server sends each.
    const due = await db.selectFrom("listing_publication").select(["id", "workspaceId", "status", "nextCheckAt"]).where("status", "in", ["submitted", "pending"]).where("nextCheckAt", "<=", nowIso).limit(500).execute();
    for (const row of due) {
      if (row.status === "submitted" && Date.parse(row.nextCheckAt!) > now() - 2 * maxCheckMs) continue;
      const { numUpdatedRows } = await db.updateTable("listing_publication").set({ nextCheckAt: new Date(now() + recheckMs).toISOString() }).where("id", "=", row.id).where("nextCheckAt", "=", row.nextCheckAt).executeTakeFirst();
      if (numUpdatedRows > 0n) await enqueueCheck(row, 0);
    }
    // Bulk batches of dead servers resume; finished ones whose rows were not moved on get their outcomes first.
    try {
      await bulk.takeOver();
    } catch (error) {
      logger.error({ err: error }, "publish batches could not be taken over yet");
    }
    // A server died between writing 'sending' and Amazon's answer: the listing tells whether the patch landed. Never sent again.
    // A row of a batch still queued or running is not stale: a feed may process longer than the staleness limit.
    const stale = await db
      .selectFrom("listing_publication")
      .selectAll()
      .where("status", "=", "sending")
      .where("updatedAt", "<", new Date(now() - sendingStaleMs).toISOString())
      .where((eb) => eb.or([eb("batchId", "is", null), eb("batchId", "not in", eb.selectFrom("publish_batch").select("id").where("status", "in", ["queued", "running"]))]))
      .limit(100)
      .execute();
    for (const row of stale) {
      try {
        await resolveInterrupted(row);
      } catch (error) {
        logger.warn({ err: error, publicationId: row.id }, "an interrupted publish could not be checked yet");
      }
    }
  }

  const bulk = await createBulkPublisher({
    db,
    config,
    now,
    sleep,
    rateScale,
    clientFor,
    amazonCall,
    productTypeDeps,
    lintErrorsOf,
    keepVersions,
    enqueueCheck,
    refuse: (code) => new PublishRefusal(code),
    firstCheckMs,
    work,
    ...(options.feedProcessingMs === undefined ? {} : { feedProcessingMs: options.feedProcessingMs }),
    ...(options.feedPollMs ? { feedPollMs: options.feedPollMs } : {}),
    ...(options.batchLeaseMs === undefined ? {} : { leaseMs: options.batchLeaseMs }),
    ...(options.batchMaxAttempts === undefined ? {} : { maxAttempts: options.batchMaxAttempts }),
  });
  if (work) await queue.work(({ publicationId }) => check(publicationId).then(() => undefined));
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    sweeping ??= sweep()
      .catch((error: unknown) => logger.error({ err: error }, "publish sweep failed"))
      .finally(() => (sweeping = undefined));
  }, sweepEveryMs);
  timer.unref();

  return {
    preview,
    publish,
    link,
    check,
    sweep,
    bulk,
    async stop() {
      clearInterval(timer);
      await sweeping;
      await bulk.stop();
      await queue.stop();
    },
  };
}

let current: Publisher | undefined;

/** The server's publisher (server/app.ts starts it); the API hands previews and publishes to it. */
export function getPublisher(): Publisher {
  if (!current) throw new Error("the publisher has not started");
  return current;
}

export async function startServerPublisher({ db, config }: { db: Db; config: AppConfig }): Promise<Publisher> {
  current ??= await startPublisher({ db, config });
  return current;
}

export async function stopServerPublisher(): Promise<void> {
  const publisher = current;
  current = undefined;
  await publisher?.stop();
}
