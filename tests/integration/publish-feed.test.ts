// Bulk publish against the SP-API stand-in on both databases (issue 34 item 3): one JSON_LISTINGS_FEED (document,
// upload, createFeed, getFeed polled with back-off, the processing report mapped back to each SKU) and paced
// patches, each run kept in publish_batch so a server that dies mid-run is taken over without sending anything
// twice: after "feed created" the next server polls the same feed; a createFeed whose answer was lost is never
// repeated; a patch marked 'sending' is never sent again. Amazon's rates, on a clock the sleeps move on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpApiClient } from "#app/features/amazon/client.server.ts";
import type { AmazonConnection } from "#app/features/amazon/connections.server.ts";
import type { ListingPatch } from "#app/features/publish/copy-attributes.ts";
import { createPublishBatch, getPublishBatch, runPublishBatch, type BatchListing } from "#app/features/publish/feeds/publish-batch.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { connectStubSeller, stubApp, stubRedirectUri, stubServerClient } from "#tests/support/publish-connection.ts";
import { startSpApiStub, type SpApiStub, type StubListing } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const sellerId = "A2NASTUBSELLER";
const us = "ATVPDKIKX0DER";
const leaseMs = 60_000;

const renamed = (listing: StubListing, name: string): BatchListing => ({
  sku: listing.sku,
  productType: listing.productType,
  patches: [{ op: "replace", path: "/attributes/item_name", value: [{ value: name, language_tag: listing.languageTag, marketplace_id: us }] }] satisfies ListingPatch[],
});

describe.each(testDatabaseKinds)("bulk publish on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;
  let clock = Date.parse("2026-11-28T10:00:00Z");
  const now = () => clock;
  const sleep = async (ms: number) => void (clock += ms);
  let stub: SpApiStub;
  let connection: AmazonConnection;
  let workspaceId: string;
  /** A new app server: its own tokens and limiter over the shared database. */
  const server = (): SpApiClient => stubServerClient({ db: db(), config: backend.config, stub, connection, now, sleep });
  const calls = (operation: string) => stub.requests.filter((request) => request.operation === operation).length;
  const usListings = () => stub.sellers.find((seller) => seller.sellerId === sellerId)!.listings.filter((listing) => listing.marketplaceId === us);
  const runOptions = (client: SpApiClient) => ({ db: db(), client, now, sleep, firstPollMs: 1_000, maxPollMs: 8_000, leaseMs });

  beforeAll(async () => {
    stub = await startSpApiStub({ ...stubApp, redirectUris: [stubRedirectUri], now });
    const owner = await backend.signUp();
    workspaceId = owner.workspaceId;
    connection = await connectStubSeller({ db: db(), config: backend.config, stub, workspaceId, userId: owner.user.id, sellerId, marketplaceIds: [us] });
  });
  afterAll(async () => {
    await stub?.close();
  });

  it("publishes through one feed: the body uploaded, the feed polled until DONE, each message's issues back at its SKU", async () => {
    const listings = usListings().slice(0, 12);
    stub.setBehaviour(sellerId, listings[4]!.sku, "invalid");
    const batchId = await createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, issueLocale: "en_US", path: "feed", listings: [...listings.map((listing, i) => renamed(listing, `Bulk title ${i}`)), { ...renamed(listings[0]!, "Nobody"), sku: "NO-SUCH-SKU" }], now: new Date(clock) });
    const before = { createFeed: calls("createFeed"), getFeed: calls("getFeed") };
    const startedAt = clock;

    const done = await runPublishBatch(runOptions(server()), batchId);
    expect(done).toMatchObject({ path: "feed", status: "done", step: "done", processingStatus: "DONE", error: null });
    expect(done!.feedId).toMatch(/^\d+$/);
    const byStatus = Object.groupBy(done!.messages, (message) => message.status);
    expect(byStatus.accepted?.map((message) => message.sku)).toEqual(listings.filter((_, i) => i !== 4).map((listing) => listing.sku));
    expect(byStatus.invalid?.map((message) => [message.sku, message.issues.map((issue) => [issue.code, issue.severity, issue.attributeNames])])).toEqual([
      [listings[4]!.sku, [["4000001", "ERROR", ["item_name"]]]],
      ["NO-SUCH-SKU", [["100002", "ERROR", []]]],
    ]);
    expect(done!.messages[0]!.submissionId).toBe(`${done!.feedId}:1`);
    // One of each, getFeed polled with back-off (1 s, 2 s: DONE after the stand-in's 2 s), no 429.
    expect(calls("createFeed") - before.createFeed).toBe(1);
    expect(calls("getFeed") - before.getFeed).toBe(2);
    expect(clock - startedAt).toBeGreaterThanOrEqual(3_000);
    expect(stub.requests.filter((request) => request.status === 429)).toEqual([]);
    expect(stub.requests.filter((request) => request.operation === "uploadFeedDocument").at(-1)?.status).toBe(200);
    // Amazon processed the eleven like patches: accepted, applied later.
    expect(stub.pendingSubmissions(sellerId).filter((entry) => listings.some((listing) => listing.sku === entry.sku))).toHaveLength(11);
    expect(stub.feedReport(done!.feedId!)).toMatchObject({ summary: { messagesProcessed: 13, messagesAccepted: 11, messagesInvalid: 2 } });
    stub.setBehaviour(sellerId, listings[4]!.sku, "normal");
  });

  it("refuses a batch with a listing that has nothing to send, before anything is stored", async () => {
    const [listing] = usListings();
    await expect(createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, path: "feed", listings: [{ ...renamed(listing!, "x"), patches: [] }] })).rejects.toThrow(/no patches/);
    await expect(createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, path: "feed", listings: [] })).rejects.toThrow(RangeError);
  });

  it("a server dying after the feed was created: another takes the batch over when the lease lapses and polls the same feed", async () => {
    const listings = usListings().slice(20, 26);
    const batchId = await createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, path: "feed", listings: listings.map((listing, i) => renamed(listing, `Resumed title ${i}`)), now: new Date(clock) });
    const createdBefore = calls("createFeed");
    const dying = { ...runOptions(server()), sleep: () => Promise.reject(new Error("the server stopped")) };
    await expect(runPublishBatch(dying, batchId)).rejects.toThrow("the server stopped");
    const left = await getPublishBatch(db(), batchId);
    expect(left).toMatchObject({ status: "running", step: "processing" });
    expect(left!.feedId).toMatch(/^\d+$/);
    expect(left!.messages.every((message) => message.status === "sending")).toBe(true);
    expect(calls("createFeed") - createdBefore).toBe(1);

    // Within the lease the batch is the first server's.
    const other = server();
    expect(await runPublishBatch(runOptions(other), batchId)).toBeUndefined();
    clock += leaseMs + 1;
    const done = await runPublishBatch(runOptions(other), batchId);
    expect(done).toMatchObject({ status: "done", feedId: left!.feedId, processingStatus: "DONE" });
    expect(done!.messages.map((message) => message.status)).toEqual(listings.map(() => "accepted"));
    expect(calls("createFeed") - createdBefore).toBe(1);
    // Finished: nobody runs it again.
    clock += leaseMs + 1;
    expect(await runPublishBatch(runOptions(other), batchId)).toBeUndefined();
  });

  it("a server dying inside createFeed (called, answer not stored): never created again, every listing left to the read-back", async () => {
    const listings = usListings().slice(30, 33);
    const batchId = await createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, path: "feed", listings: listings.map((listing) => renamed(listing, "Lost answer")), now: new Date(clock) });
    // What the runner stores before calling createFeed; the server died before Amazon's answer came back.
    await db().updateTable("publish_batch").set({ status: "running", step: "creating", feedDocumentId: "amzn1.tortuga.4.na.lost", leaseUntil: new Date(clock - 1).toISOString() }).where("id", "=", batchId).execute();
    await db().updateTable("publish_batch_message").set({ status: "sending" }).where("batchId", "=", batchId).execute();
    const createdBefore = calls("createFeed");
    const documentsBefore = calls("createFeedDocument");
    const after = await runPublishBatch(runOptions(server()), batchId);
    expect(after).toMatchObject({ status: "interrupted", feedId: null });
    expect(after!.messages.map((message) => message.status)).toEqual(["unknown", "unknown", "unknown"]);
    expect(calls("createFeed")).toBe(createdBefore);
    expect(calls("createFeedDocument")).toBe(documentsBefore);
  });

  it("a server dying before the feed existed: the next one starts with a new document and creates the feed once", async () => {
    const listings = usListings().slice(40, 42);
    const batchId = await createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, path: "feed", listings: listings.map((listing) => renamed(listing, "Second try")), now: new Date(clock) });
    await db().updateTable("publish_batch").set({ status: "running", step: "uploaded", feedDocumentId: "amzn1.tortuga.4.na.expired", leaseUntil: new Date(clock - 1).toISOString() }).where("id", "=", batchId).execute();
    const createdBefore = calls("createFeed");
    const after = await runPublishBatch(runOptions(server()), batchId);
    expect(after).toMatchObject({ status: "done", processingStatus: "DONE" });
    expect(after!.messages.map((message) => message.status)).toEqual(["accepted", "accepted"]);
    expect(calls("createFeed") - createdBefore).toBe(1);
  });

  it("paced patches: one call per listing within the patch bucket, Amazon's answer per SKU, a patch a dead server marked 'sending' not sent again", async () => {
    const listings = usListings().slice(50, 58);
    stub.setBehaviour(sellerId, listings[6]!.sku, "invalid");
    const batchId = await createPublishBatch(db(), { workspaceId, connectionId: connection.id, sellerId, marketplaceId: us, issueLocale: "en_US", path: "patches", listings: listings.map((listing, i) => renamed(listing, `Paced title ${i}`)), now: new Date(clock) });
    // Message 3 was being sent when its server died: Amazon may have it.
    await db().updateTable("publish_batch").set({ status: "running", leaseUntil: new Date(clock - 1).toISOString() }).where("id", "=", batchId).execute();
    await db().updateTable("publish_batch_message").set({ status: "sending" }).where("batchId", "=", batchId).where("messageId", "=", 3).execute();
    const patchesBefore = calls("patchListingsItem");
    const done = await runPublishBatch(runOptions(server()), batchId);
    expect(done).toMatchObject({ path: "patches", status: "done", feedId: null });
    expect(done!.messages.map((message) => message.status)).toEqual(["accepted", "accepted", "unknown", "accepted", "accepted", "accepted", "invalid", "accepted"]);
    expect(done!.messages[0]!.submissionId).toMatch(/^[0-9a-f]{32}$/);
    expect(done!.messages[6]!.issues).toEqual([expect.objectContaining({ code: "4000001", severity: "ERROR", attributeNames: ["item_name"] })]);
    expect(calls("patchListingsItem") - patchesBefore).toBe(7);
    expect(stub.requests.filter((request) => request.status === 429)).toEqual([]);
    stub.setBehaviour(sellerId, listings[6]!.sku, "normal");
  });
});
