// Publishing 500 listings to Amazon (issue 34 item 7, first line) against the SP-API stand-in, on SQLite, through
// the bulk publish runs (app/features/publish/feeds). choosePublishPath picks the path: at Amazon's rates and the
// assumed 5 minutes of feed processing, 500 listings go as paced patches (a feed only above 1,505). Their floor is
// what the patch bucket allows: (500 − burst 5) ÷ 5 a second = 99 s; the bench runs the stand-in and our limiter at
// BENCH_PUBLISH_RATE_SCALE × Amazon's rates (default 10: floor 9.9 s) and compares with the floor at that scale.
// Target: wall time ≤ 1.1 × the floor. Second line: the feed path for the same 500 at Amazon's rates, against the
// stand-in's processing time (FEED_PROCESSING_MS; the stand-in may finish sooner, on the third getFeed).
// Run on its own: node bench/publish-bulk.ts.
import { performance } from "node:perf_hooks";
import { createAuth } from "#app/features/auth/auth.server.ts";
import { spApiOperations } from "#app/features/amazon/operations.ts";
import type { ListingPatch } from "#app/features/publish/copy-attributes.ts";
import { choosePublishPath, feedFloorMs, patchesFloorMs } from "#app/features/publish/feeds/listings-feed.ts";
import { batchMessageCounts, createPublishBatch, runPublishBatch, type BatchListing } from "#app/features/publish/feeds/publish-batch.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { connectStubSeller, stubApp, stubRedirectUri, stubServerClient } from "#tests/support/publish-connection.ts";
import { signUpUser } from "#tests/support/sign-up.ts";
import { startSpApiStub, type StubListing } from "#tests/support/sp-api-stub.ts";
import { FEED_PROCESSING_MS } from "#tests/support/sp-api-stub-feeds.ts";
import { createTestDb } from "#tests/support/test-db.ts";

const listingsCount = 500;
const rateScale = Number(process.env.BENCH_PUBLISH_RATE_SCALE ?? 10);
const target = 1.1;
const sellerId = "A2BENCHPUBLISH";
const us = "ATVPDKIKX0DER";
/** As a server would run: our limiter keeps 50 ms of the burst back for requests reaching Amazon late. */
const arrivalJitterMs = 50;

export interface PublishBulkRun {
  path: "patches" | "feed";
  rateScale: number;
  wallSeconds: number;
  floorSeconds: number;
  accepted: number;
  throttled: number;
  calls: number;
}
export interface PublishBulkFigures {
  chosen: "patches" | "feed";
  threshold: { patchesSeconds: number; feedSeconds: number };
  runs: PublishBulkRun[];
}

const listingOf = (i: number): StubListing => ({
  sku: `PUB-${String(i).padStart(5, "0")}`,
  asin: `B0PUBL${String(i).padStart(4, "0")}`,
  productType: "LUGGAGE",
  marketplaceId: us,
  languageTag: "en_US",
  title: `Acme carry-on suitcase ${i}`,
  bullets: ["Spinner wheels"],
  brand: "Acme",
});
const batchListing = (listing: StubListing): BatchListing => ({
  sku: listing.sku,
  productType: listing.productType,
  patches: [
    { op: "replace", path: "/attributes/item_name", value: [{ value: `${listing.title}, hard shell with spinner wheels`, language_tag: "en_US", marketplace_id: us }] },
    { op: "replace", path: "/attributes/bullet_point", value: [{ value: "Spinner wheels that turn all the way round", language_tag: "en_US", marketplace_id: us }, { value: "Fits the overhead bins of most airlines", language_tag: "en_US", marketplace_id: us }] },
  ] satisfies ListingPatch[],
});

async function runPath(path: "patches" | "feed", scale: number): Promise<PublishBulkRun> {
  const listings = Array.from({ length: listingsCount }, (_, i) => listingOf(i));
  const stub = await startSpApiStub({ ...stubApp, redirectUris: [stubRedirectUri], rateScale: scale, sellers: [{ sellerId, region: "na", marketplaceIds: [us], listings }] });
  const testDb = await createTestDb("sqlite");
  try {
    const { db, config } = testDb;
    const auth = createAuth({ config, db, mailer: testDb.mailer });
    const { user } = await signUpUser(auth, { email: `bench-publish-${path}-${Date.now()}@example.com` });
    const { workspaceId } = await getActiveMembership({ db, user });
    const connection = await connectStubSeller({ db, config, stub, workspaceId, userId: user.id, sellerId, marketplaceIds: [us] });
    const client = stubServerClient({ db, config, stub, connection, rateScale: scale, arrivalJitterMs });
    // A running server holds an access token already.
    await client.listings.getListingsItem({ sellerId, sku: listings[0]!.sku, marketplaceIds: [us] });
    const batchId = await createPublishBatch(db, { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, issueLocale: "en_US", path, listings: listings.map(batchListing) });
    const first = stub.requests.length;
    const started = performance.now();
    const done = await runPublishBatch({ db, client, rateScale: scale, firstPollMs: 250, maxPollMs: 1_000 }, batchId);
    const wallSeconds = (performance.now() - started) / 1000;
    if (done?.status !== "done") throw new Error(`the publish batch ended ${done?.status}: ${done?.error}`);
    const counts = await batchMessageCounts(db, batchId);
    const requests = stub.requests.slice(first);
    const floorMs = path === "patches" ? patchesFloorMs(listingsCount, scale) : feedFloorMs({ feedProcessingMs: FEED_PROCESSING_MS, rateScale: scale });
    return { path, rateScale: scale, wallSeconds, floorSeconds: floorMs / 1000, accepted: counts.accepted ?? 0, throttled: requests.filter((request) => request.status === 429).length, calls: requests.length };
  } finally {
    await testDb.destroy();
    await stub.close();
  }
}

export async function runPublishBulkBench(): Promise<PublishBulkFigures> {
  const choice = choosePublishPath(listingsCount);
  const runs = [await runPath(choice.path, choice.path === "patches" ? rateScale : 1), await runPath(choice.path === "patches" ? "feed" : "patches", choice.path === "patches" ? 1 : rateScale)];
  return { chosen: choice.path, threshold: { patchesSeconds: choice.patchesMs / 1000, feedSeconds: choice.feedMs / 1000 }, runs };
}

export function printPublishBulk(figures: PublishBulkFigures): void {
  const { rate, burst } = spApiOperations.patchListingsItem;
  console.log(`\nBulk publish on SQLite: ${listingsCount} listings of one store against the SP-API stand-in`);
  console.log(`path chosen for ${listingsCount}: ${figures.chosen} (floors at Amazon's rates: patches ${figures.threshold.patchesSeconds.toFixed(0)} s, one feed ${figures.threshold.feedSeconds.toFixed(0)} s with the assumed 5 min of processing)`);
  for (const run of figures.runs) {
    const ratio = run.wallSeconds / run.floorSeconds;
    const scale = run.rateScale === 1 ? "at Amazon's rates" : `at ${run.rateScale} × Amazon's rates (patch ${rate * run.rateScale}/s, burst ${burst}; floor at the same scale)`;
    const floor = run.path === "patches" ? `(${listingsCount} − ${burst}) ÷ ${rate * run.rateScale}/s` : `the stand-in's ${FEED_PROCESSING_MS / 1000} s of processing, which its third getFeed may cut short; its own work on the messages is on top`;
    const chosen = run.path === figures.chosen;
    console.log(`${chosen ? "publishing" : "(not chosen) publishing"} ${listingsCount} listings by ${run.path === "patches" ? "paced patches" : "one JSON_LISTINGS_FEED"} ${scale}: ${run.wallSeconds.toFixed(2)} s, floor ${run.floorSeconds.toFixed(2)} s (${floor}), ratio ${ratio.toFixed(2)}${chosen && ratio > target ? " !" : ""}${chosen ? ` (target <= ${target})` : ""}; ${run.accepted} accepted, ${run.calls} requests, ${run.throttled} answers 429`);
  }
}

if (import.meta.main) printPublishBulk(await runPublishBulkBench());
