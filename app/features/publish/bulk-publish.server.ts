// Bulk publish (issue 34 item 3, docs/decisions/042): many listings of a workspace at once. The plan runs the checks a
// single preview runs before asking Amazon (link, connection, a publish already under way, our lint, the live copy
// read 20 SKUs a call, the product type's schema, the diff) but not Amazon's VALIDATION_PREVIEW per listing: a
// feed's report or each patch's answer says the same per message. The ready listings are grouped by connection and
// store; per group the publication rows ('sending', batchId) and one publish_batch are written in one transaction,
// then the batch runs on the work queue; its outcomes move the rows on like a single publish's answer would.
import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { createWorkQueue, type WorkQueue } from "#server/queue/work-queue.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { SpApiClient } from "#app/features/amazon/client.server.ts";
import { getConnectionById, listConnectionsByWorkspace, type AmazonConnection } from "#app/features/amazon/connections.server.ts";
import { marketplaceBySpApiId, regions } from "#app/features/amazon/regions.ts";
import { getListing, type ListingView } from "#app/features/listings/listings.server.ts";
import { getMarketplace, type Marketplace } from "#app/features/marketplaces/registry.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import type { Locale } from "#app/i18n/i18n.ts";
import { copyToAttributes, diffAttributes, mergeAttributes, patchesFor, type CopyTarget, type ListingPatch } from "./copy-attributes.ts";
import { loadProductType, type ProductTypeDeps } from "./definitions/product-types.server.ts";
import { choosePublishPath } from "./feeds/listings-feed.ts";
import { createPublishBatch, getPublishBatch, runnablePublishBatches, runPublishBatch } from "./feeds/publish-batch.server.ts";
import { explainIssues } from "./issue-explanations.ts";
import { issueLocales, liveCopyOf, liveHashOf, toLiveItem, type LiveItem } from "./live-item.server.ts";
import { mayPublish } from "./permissions.server.ts";
import { lockPublishing, type PublicationRow } from "./publications.server.ts";
import { batchMessageStatuses, type BulkBatchAnswer, type BulkPlanAnswer, type BulkSkipReason, type BulkStartAnswer, type PublishPreview } from "./types.ts";

export const publishBatchQueueName = "amazon-publish-batch";

type LintErrors = { code: string; section: string; message: string }[];

export interface BulkPublisherDeps {
  db: Db;
  config: AppConfig;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  rateScale: number;
  clientFor(connection: AmazonConnection): SpApiClient;
  /** Amazon's failures as the API's refusals (publish.server.ts). */
  amazonCall<T>(call: () => Promise<T>): Promise<T>;
  productTypeDeps: ProductTypeDeps;
  lintErrorsOf(input: { listing: ListingView; store: Marketplace; copy: ListingView["copy"]; otherBrands: readonly string[]; locale: Locale }): LintErrors;
  keepVersions(row: PublicationRow, link: { importedVersion: number | null }, userId: string): Promise<void>;
  enqueueCheck(row: Pick<PublicationRow, "id" | "workspaceId">, delayMs: number): Promise<void>;
  refuse(code: "PUBLISH_FORBIDDEN"): Error;
  firstCheckMs: number;
  /** Feed processing time assumed when choosing the path (the stand-in's in tests). */
  feedProcessingMs?: number;
  feedPollMs?: { first: number; max: number };
  leaseMs?: number;
  /** Claims of a batch before it stops 'failed' (the first run and three takeovers). */
  maxAttempts?: number;
  work: boolean;
}

export interface BulkPublisher {
  plan(input: { workspaceId: string; userId: string; listingIds: readonly string[]; locale: Locale }): Promise<BulkPlanAnswer>;
  start(input: { workspaceId: string; userId: string; listingIds: readonly string[]; locale: Locale }): Promise<BulkStartAnswer>;
  get(input: { workspaceId: string; batchId: string }): Promise<BulkBatchAnswer["batch"] | undefined>;
  /** Runs (or resumes) one batch here and moves its publication rows on; false when another server holds it. */
  run(batchId: string): Promise<boolean>;
  /** The publish rows of a finished batch still 'sending' get its outcomes (a server may have died before). */
  applyOutcomes(batchId: string): Promise<void>;
  /** Sends batches of dead servers (lease lapsed) and queued ones whose queue item was lost back to the queue. */
  takeOver(): Promise<void>;
  stop(): Promise<void>;
}

interface ReadyListing {
  listing: ListingView;
  store: Marketplace;
  connection: AmazonConnection;
  sku: string;
  productType: string;
  importedVersion: number | null;
  patches: ListingPatch[];
  live: LiveItem;
  preview: PublishPreview;
}

interface Plan {
  entries: { listingId: string; sku: string | null; store: string | null; reason: BulkSkipReason | null }[];
  ready: ReadyListing[];
}

const groupKey = (ready: ReadyListing) => `${ready.connection.id}|${ready.store.marketplaceId}`;

export async function createBulkPublisher(deps: BulkPublisherDeps): Promise<BulkPublisher> {
  const { db, config, now, clientFor, amazonCall, maxAttempts = 4, leaseMs = 10 * 60_000 } = deps;
  const at = () => new Date(now()).toISOString();
  const queue: WorkQueue<{ batchId: string }> = await createWorkQueue<{ batchId: string }>({
    db,
    config,
    // A run holds its slot for minutes (a feed's processing, or thousands of paced patches): two per server.
    options: { name: publishBatchQueueName, localConcurrency: 2, groupConcurrency: { default: 2, tiers: {} }, retryLimit: 0, retryDelaySeconds: 5, heartbeatSeconds: config.jobs.heartbeatSeconds },
  });

  async function enqueue(batch: { id: string; workspaceId: string }): Promise<void> {
    await queue.send([{ data: { batchId: batch.id }, group: { id: batch.workspaceId, tier: "none" }, key: batch.id }]);
  }

  async function plan({ workspaceId, userId, listingIds, locale }: Parameters<BulkPublisher["plan"]>[0]): Promise<Plan> {
    if (!(await mayPublish({ db, workspaceId, userId }))) throw deps.refuse("PUBLISH_FORBIDDEN");
    const ids = [...new Set(listingIds)];
    const links = new Map<string, { amazonSellerId: string | null; amazonSku: string | null; amazonProductType: string | null; importedVersion: number | null }>();
    const busy = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = await db.selectFrom("listing").select(["id", "amazonSellerId", "amazonSku", "amazonProductType", "importedVersion"]).where("workspaceId", "=", workspaceId).where("id", "in", chunk).execute();
      for (const row of rows) links.set(row.id, { ...row, importedVersion: row.importedVersion === null ? null : Number(row.importedVersion) });
      const unsettled = await db.selectFrom("listing_publication").select("listingId").where("workspaceId", "=", workspaceId).where("listingId", "in", chunk).where("status", "in", ["sending", "submitted"]).execute();
      for (const row of unsettled) busy.add(row.listingId);
    }
    const connections = await listConnectionsByWorkspace({ db, workspaceId });
    const { otherBrands } = await getListingSettings({ db, workspaceId });
    const entries: Plan["entries"] = [];
    const skip = (listingId: string, reason: BulkSkipReason, sku: string | null = null, store: string | null = null) => entries.push({ listingId, sku, store, reason });
    // Local checks first: only listings that pass them cost a read at Amazon.
    const toRead = new Map<string, { listing: ListingView; store: Marketplace; connection: AmazonConnection; sku: string; productType: string | null; importedVersion: number | null }[]>();
    for (const listingId of ids) {
      const link = links.get(listingId);
      const listing = link && (await getListing({ db, workspaceId, id: listingId }));
      const store = listing && getMarketplace(listing.marketplace);
      if (!link || !listing || !store) {
        skip(listingId, "notFound");
        continue;
      }
      if (!link.amazonSku || !link.amazonSellerId) {
        skip(listingId, "notLinked", null, store.id);
        continue;
      }
      const sku = link.amazonSku;
      const sellerId = link.amazonSellerId;
      const connection = connections.find((candidate) => candidate.sellingPartnerId === sellerId && regions[candidate.region].countries.includes(store.country));
      if (!connection || !config.amazon) skip(listingId, "notConnected", sku, store.id);
      else if (connection.status === "needs_reauthorization") skip(listingId, "needsReauthorization", sku, store.id);
      else if (busy.has(listingId)) skip(listingId, "inProgress", sku, store.id);
      else if (deps.lintErrorsOf({ listing, store, copy: listing.copy, otherBrands, locale }).length > 0) skip(listingId, "lint", sku, store.id);
      else {
        const key = `${connection.id}|${store.marketplaceId}`;
        toRead.set(key, [...(toRead.get(key) ?? []), { listing, store, connection, sku, productType: link.amazonProductType, importedVersion: link.importedVersion }]);
        entries.push({ listingId, sku, store: store.id, reason: null });
      }
    }

    const ready: ReadyListing[] = [];
    const reasons = new Map<string, BulkSkipReason>();
    for (const group of toRead.values()) {
      const { connection, store } = group[0]!;
      const client = clientFor(connection);
      const definitions = new Map<string, Awaited<ReturnType<typeof loadProductType>>>();
      // The live copy, 20 SKUs a call (searchListingsItems): what a single preview reads one by one.
      for (let i = 0; i < group.length; i += 20) {
        const chunk = group.slice(i, i + 20);
        const { data } = await amazonCall(() => client.listings.searchListingsItems({ sellerId: connection.sellingPartnerId, marketplaceIds: [store.marketplaceId], identifiers: chunk.map((entry) => entry.sku), identifiersType: "SKU", includedData: ["summaries", "attributes", "issues"], pageSize: 20, issueLocale: issueLocales[locale] }));
        const found = new Map((data.items ?? []).map((item) => [item.sku, toLiveItem(item, store)]));
        for (const entry of chunk) {
          const live = found.get(entry.sku);
          const productType = live?.productType ?? entry.productType;
          if (!live || !productType) {
            reasons.set(entry.listing.id, "notAtAmazon");
            continue;
          }
          let definition = definitions.get(productType);
          if (!definition) {
            definition = await amazonCall(() => loadProductType(deps.productTypeDeps, { client, marketplaceId: store.marketplaceId, productType }));
            definitions.set(productType, definition);
          }
          const target: CopyTarget = { marketplaceId: store.marketplaceId, languageTag: entry.listing.language.tag };
          const ours = copyToAttributes(entry.listing.copy, target, definition.highlightsAttribute);
          const patches = patchesFor(ours, live.attributes, target);
          if (patches.length === 0) {
            reasons.set(entry.listing.id, "unchanged");
            continue;
          }
          const problems = await amazonCall(() => definition.validate(mergeAttributes(live.attributes, ours, target), patches.map((patch) => patch.path.slice("/attributes/".length))));
          if (problems.length > 0) {
            reasons.set(entry.listing.id, "schema");
            continue;
          }
          const preview: PublishPreview = {
            id: "",
            listingId: entry.listing.id,
            kind: "publish",
            version: entry.listing.version,
            store: store.id,
            sku: entry.sku,
            productType,
            highlightsAttribute: definition.highlightsAttribute,
            highlightsNotSent: ours.highlightsNotSent,
            diff: diffAttributes(ours, live.attributes, target),
            lint: { errors: [] },
            schema: { checksum: definition.checksum, problems: [] },
            amazon: { status: "NOT_SENT", issues: [] },
            canPublish: true,
            blockers: [],
            createdAt: at(),
          };
          ready.push({ ...entry, productType, patches, live, preview });
        }
      }
    }
    for (const entry of entries) {
      const reason = reasons.get(entry.listingId);
      if (reason) entry.reason = reason;
    }
    return { entries, ready };
  }

  const pathFor = (count: number) => choosePublishPath(count, { rateScale: deps.rateScale, ...(deps.feedProcessingMs === undefined ? {} : { feedProcessingMs: deps.feedProcessingMs }) }).path;

  function groupsOf(ready: readonly ReadyListing[]): ReadyListing[][] {
    const groups = new Map<string, ReadyListing[]>();
    for (const entry of ready) groups.set(groupKey(entry), [...(groups.get(groupKey(entry)) ?? []), entry]);
    return [...groups.values()];
  }

  async function planAnswer(input: Parameters<BulkPublisher["plan"]>[0]): Promise<BulkPlanAnswer> {
    const { entries, ready } = await plan(input);
    return {
      listings: entries.map((entry) => ({ ...entry, ready: entry.reason === null })),
      groups: groupsOf(ready).map((group) => ({ store: group[0]!.store.id, count: group.length, path: pathFor(group.length) })),
    };
  }

  async function start(input: Parameters<BulkPublisher["start"]>[0]): Promise<BulkStartAnswer> {
    const { workspaceId, userId, locale } = input;
    const { entries, ready } = await plan(input);
    const skipped = entries.flatMap((entry) => (entry.reason ? [{ listingId: entry.listingId, sku: entry.sku, reason: entry.reason }] : []));
    const batches: BulkStartAnswer["batches"] = [];
    for (const group of groupsOf(ready)) {
      const { connection, store } = group[0]!;
      const batch = await db.transaction().execute(async (trx) => {
        // Checked again inside the transaction, under the workspace's publish lock: a publish started meanwhile
        // (another tab, another server, a single publish) wins, and two starts at once cannot both pass.
        await lockPublishing(trx, workspaceId);
        const unsettled = new Set((await trx.selectFrom("listing_publication").select("listingId").where("workspaceId", "=", workspaceId).where("listingId", "in", group.map((entry) => entry.listing.id)).where("status", "in", ["sending", "submitted"]).execute()).map((row) => row.listingId));
        const sending = group.filter((entry) => !unsettled.has(entry.listing.id));
        for (const entry of group) if (unsettled.has(entry.listing.id)) skipped.push({ listingId: entry.listing.id, sku: entry.sku, reason: "inProgress" });
        if (sending.length === 0) return undefined;
        const path = pathFor(sending.length);
        const sentAt = at();
        const rows = sending.map((entry) => {
          const target: CopyTarget = { marketplaceId: store.marketplaceId, languageTag: entry.listing.language.tag };
          const id = randomUUID();
          return {
            id,
            workspaceId,
            listingId: entry.listing.id,
            kind: "publish" as const,
            status: "sending" as const,
            createdBy: userId,
            connectionId: connection.id,
            sellerId: connection.sellingPartnerId,
            marketplaceId: store.marketplaceId,
            sku: entry.sku,
            productType: entry.productType,
            listingVersion: entry.listing.version,
            previewId: null,
            rollbackOf: null,
            before: JSON.stringify(liveCopyOf(entry.live, store)),
            after: JSON.stringify(entry.listing.copy),
            liveHash: liveHashOf(entry.live.attributes, target),
            patches: JSON.stringify(entry.patches),
            preview: JSON.stringify({ ...entry.preview, id }),
            issues: "[]",
            issuesBefore: JSON.stringify(entry.live.issues.filter((issue) => issue.severity === "ERROR")),
            submissionId: null,
            error: null,
            beforeVersion: null,
            afterVersion: null,
            checks: 0,
            nextCheckAt: null,
            sentAt,
            settledAt: null,
            createdAt: sentAt,
            updatedAt: sentAt,
          };
        });
        const batchId = randomUUID();
        // The rows first: each message names its row (a foreign key).
        for (let i = 0; i < rows.length; i += 100) await trx.insertInto("listing_publication").values(rows.slice(i, i + 100).map((row) => ({ ...row, batchId }))).execute();
        await createPublishBatch(trx, {
          id: batchId,
          workspaceId,
          connectionId: connection.id,
          sellerId: connection.sellingPartnerId,
          marketplaceId: store.marketplaceId,
          issueLocale: issueLocales[locale],
          path,
          listings: sending.map((entry, index) => ({ sku: entry.sku, productType: entry.productType, patches: entry.patches, publicationId: rows[index]!.id })),
          now: new Date(now()),
        });
        return { id: batchId, store: store.id, count: sending.length, path };
      });
      if (!batch) continue;
      batches.push(batch);
      await enqueue({ id: batch.id, workspaceId });
    }
    return { batches, skipped };
  }

  async function applyOutcomes(batchId: string): Promise<void> {
    const batch = await db.selectFrom("publish_batch").select(["status"]).where("id", "=", batchId).executeTakeFirst();
    if (!batch || batch.status === "queued" || batch.status === "running") return;
    const messages = await db.selectFrom("publish_batch_message").select(["publicationId", "status", "submissionId", "issues"]).where("batchId", "=", batchId).where("status", "in", ["accepted", "invalid", "failed"]).execute();
    const rows = new Map((await db.selectFrom("listing_publication").selectAll().where("batchId", "=", batchId).where("status", "=", "sending").execute()).map((row) => [row.id, row]));
    for (const message of messages) {
      const row = message.publicationId ? rows.get(message.publicationId) : undefined;
      if (!row) continue;
      const found = JSON.parse(message.issues) as Parameters<typeof explainIssues>[0];
      const issues = JSON.stringify(explainIssues(found));
      if (message.status === "accepted") {
        const { numUpdatedRows } = await db
          .updateTable("listing_publication")
          .set({ status: "submitted", submissionId: message.submissionId, issues, nextCheckAt: new Date(now() + deps.firstCheckMs).toISOString(), updatedAt: at() })
          .where("id", "=", row.id)
          .where("status", "=", "sending")
          .executeTakeFirst();
        if (numUpdatedRows === 0n) continue;
        if (row.createdBy) {
          try {
            const link = await db.selectFrom("listing").select("importedVersion").where("id", "=", row.listingId).where("workspaceId", "=", row.workspaceId).executeTakeFirst();
            await deps.keepVersions(row, { importedVersion: link?.importedVersion == null ? null : Number(link.importedVersion) }, row.createdBy);
          } catch (error) {
            logger.error({ err: error, publicationId: row.id }, "the published versions could not be kept");
          }
        }
        await deps.enqueueCheck(row, deps.firstCheckMs);
      } else {
        // A refused call or a stopped batch says why in its one issue.
        const error = message.status === "invalid" ? "Amazon answered INVALID" : (found[0]?.message.slice(0, 500) ?? "Amazon refused the call");
        await db.updateTable("listing_publication").set({ status: "failed", issues, error, settledAt: at(), updatedAt: at() }).where("id", "=", row.id).where("status", "=", "sending").execute();
      }
    }
  }

  async function run(batchId: string): Promise<boolean> {
    const batch = await db.selectFrom("publish_batch").select(["id", "workspaceId", "connectionId"]).where("id", "=", batchId).executeTakeFirst();
    if (!batch) return false;
    const connection = batch.connectionId ? await getConnectionById({ db, workspaceId: batch.workspaceId, connectionId: batch.connectionId }) : undefined;
    if (!connection || !config.amazon) {
      await db.updateTable("publish_batch").set({ status: "failed", error: "The Seller Central connection is gone.", leaseUntil: null, updatedAt: at() }).where("id", "=", batchId).where("status", "=", "queued").execute();
      await db.updateTable("publish_batch_message").set({ status: "failed", issues: JSON.stringify([{ code: "NOT_CONNECTED", message: "The Seller Central connection is gone.", severity: "ERROR", attributeNames: [] }]), updatedAt: at() }).where("batchId", "=", batchId).where("status", "=", "queued").execute();
      await applyOutcomes(batchId);
      return false;
    }
    let view;
    try {
      view = await runPublishBatch(
        {
          db,
          client: clientFor(connection),
          now,
          sleep: deps.sleep,
          rateScale: deps.rateScale,
          leaseMs,
          maxAttempts,
          ...(deps.feedPollMs ? { firstPollMs: deps.feedPollMs.first, maxPollMs: deps.feedPollMs.max } : {}),
        },
        batchId,
      );
    } catch (error) {
      // Amazon down, the network: the lease lapses and the takeover resumes from the stored step (at most maxAttempts runs).
      logger.warn({ err: error, batchId }, "a publish batch stopped; it is taken over when its lease lapses");
      return false;
    }
    if (!view) return false;
    await applyOutcomes(batchId);
    return true;
  }

  async function takeOver(): Promise<void> {
    const nowIso = at();
    for (const batchId of await runnablePublishBatches(db, new Date(now()))) {
      const batch = await db.selectFrom("publish_batch").select(["id", "workspaceId", "status", "updatedAt"]).where("id", "=", batchId).executeTakeFirst();
      // A queued batch just created is already on the queue; one left queued a while lost its item.
      if (!batch || (batch.status === "queued" && Date.parse(batch.updatedAt) > Date.parse(nowIso) - 2 * 60_000)) continue;
      await enqueue(batch);
    }
    // Finished batches whose server died before moving the rows on.
    const unmapped = await db.selectFrom("listing_publication as p").innerJoin("publish_batch as b", "b.id", "p.batchId").select("b.id").distinct().where("p.status", "=", "sending").where("b.status", "in", ["done", "interrupted", "failed"]).limit(50).execute();
    for (const { id } of unmapped) await applyOutcomes(id);
  }

  async function get({ workspaceId, batchId }: Parameters<BulkPublisher["get"]>[0]): Promise<BulkBatchAnswer["batch"] | undefined> {
    const owned = await db.selectFrom("publish_batch").select(["id", "marketplaceId"]).where("id", "=", batchId).where("workspaceId", "=", workspaceId).executeTakeFirst();
    const view = owned && (await getPublishBatch(db, batchId));
    if (!owned || !view) return undefined;
    const counts = Object.fromEntries(batchMessageStatuses.map((status) => [status, 0])) as Record<(typeof batchMessageStatuses)[number], number>;
    for (const message of view.messages) counts[message.status] += 1;
    const rows = await db.selectFrom("listing_publication").select(["id", "listingId", "sku", "status"]).where("batchId", "=", batchId).where("workspaceId", "=", workspaceId).execute();
    const order = new Map(view.messages.map((message, index) => [message.publicationId, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return {
      id: view.id,
      store: marketplaceBySpApiId(owned.marketplaceId)?.id ?? owned.marketplaceId,
      path: view.path,
      status: view.status,
      step: view.step,
      finished: view.status !== "queued" && view.status !== "running",
      error: view.error,
      counts,
      listings: rows.map((row) => ({ listingId: row.listingId, sku: row.sku, status: row.status, publicationId: row.id })),
    };
  }

  if (deps.work) await queue.work(({ batchId }) => run(batchId).then(() => undefined));

  return { plan: planAnswer, start, get, run, applyOutcomes, takeOver, stop: () => queue.stop() };
}
