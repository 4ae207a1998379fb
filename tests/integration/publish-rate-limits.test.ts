// Issue 34 item 5: two app servers publishing for one seller never exceed Amazon's patch bucket (5/s, burst 5),
// on both databases. Each server is a client with its own access tokens and its own rate limiter object; what they
// share is the database (the limiter's rows per connection and operation). Real time, the stand-in and our limiter
// both at 4 × Amazon's rates so the test takes seconds: the stand-in answers 429 to any patch over its bucket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmazonConnection } from "#app/features/amazon/connections.server.ts";
import { spApiOperations } from "#app/features/amazon/operations.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import type { FeedMessageInput } from "#app/features/publish/feeds/listings-feed.ts";
import { runPacedPatches } from "#app/features/publish/feeds/paced-patches.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { connectStubSeller, stubApp, stubRedirectUri, stubServerClient } from "#tests/support/publish-connection.ts";
import { startSpApiStub, type SpApiStub } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const sellerId = "A2NASTUBSELLER";
const us = "ATVPDKIKX0DER";
const rateScale = 4;
const perServer = 20;
/** How late a request may reach the stand-in after its turn (our limiter keeps that much of the burst back). */
const arrivalJitterMs = 150;

describe.each(testDatabaseKinds)("two servers publishing for one seller on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;
  let stub: SpApiStub;
  let connection: AmazonConnection;

  beforeAll(async () => {
    stub = await startSpApiStub({ ...stubApp, redirectUris: [stubRedirectUri], rateScale });
    const owner = await backend.signUp();
    connection = await connectStubSeller({ db: db(), config: backend.config, stub, workspaceId: owner.workspaceId, userId: owner.user.id, sellerId, marketplaceIds: [us] });
  });
  afterAll(async () => {
    await stub?.close();
  });

  it("never exceed the stand-in's patch bucket: no 429, the spacing holds at 5/s (× the scale), and the pair takes the floor of one seller", async () => {
    const listings = stub.sellers.find((seller) => seller.sellerId === sellerId)!.listings.filter((listing) => listing.marketplaceId === us).slice(0, 2 * perServer);
    const messages: FeedMessageInput[] = listings.map((listing, i) => ({ messageId: i + 1, sku: listing.sku, productType: listing.productType, patches: [{ op: "replace", path: "/attributes/item_name", value: [{ value: `Two servers ${i}`, language_tag: "en_US", marketplace_id: us }] }] }));
    const servers = [0, 1].map(() => stubServerClient({ db: db(), config: backend.config, stub, connection, rateScale, arrivalJitterMs }));
    // Running servers: each holds an access token already (a read, on its own bucket).
    for (const client of servers) await client.listings.getListingsItem({ sellerId, sku: listings[0]!.sku, marketplaceIds: [us] });
    const first = stub.requests.length;
    const started = Date.now();
    const results = await Promise.all(servers.map((client, s) => runPacedPatches(client, { sellerId, marketplaceId: us, messages: messages.slice(s * perServer, (s + 1) * perServer) })));
    const elapsed = Date.now() - started;

    expect(results.map((outcomes) => outcomes.filter((outcome) => outcome.status === "accepted").length)).toEqual([perServer, perServer]);
    const patches = stub.requests.slice(first).filter((request) => request.operation === "patchListingsItem");
    expect(patches.filter((request) => request.status !== 200)).toEqual([]);
    expect(patches).toHaveLength(2 * perServer);

    // In any stretch of the run, at most the burst plus the rate × its length (1 ms for the clock's rounding).
    const { rate, burst } = spApiOperations.patchListingsItem;
    const perMs = (rate * rateScale) / 1000;
    const at = patches.map((request) => request.at).sort((a, b) => a - b);
    for (let i = 0; i < at.length; i++) for (let j = i; j < at.length; j++) expect(j - i + 1, `patches ${i}…${j}`).toBeLessThanOrEqual(burst + (at[j]! - at[i]! + 1) * perMs);
    // One seller's budget, not one each: the two together take at least the floor of all 40.
    const floorMs = (2 * perServer - burst) / perMs;
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(floorMs * 0.98);
    expect(elapsed).toBeLessThan(floorMs * 1.5 + 1_000);
  });

  it("arrivalJitterMs keeps that much of the burst back (patch: 4 at once, not 5) and, with a burst of 1, adds it to the spacing (preview: 1.05 s)", async () => {
    let now = 1_850_000_000_000;
    const serverA = createSpApiRateLimiter(db(), { now: () => now, arrivalJitterMs: 50 });
    const serverB = createSpApiRateLimiter(db(), { now: () => now, arrivalJitterMs: 50 });
    const turns = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? serverA : serverB).take("conn-jitter", "patchListingsItem")));
    expect(turns.filter((turn) => turn.allowed)).toHaveLength(4);
    expect(await serverA.take("conn-jitter", "patchListingsItem")).toEqual({ allowed: false, waitMs: 50 });
    now += 50;
    expect((await serverB.take("conn-jitter", "patchListingsItem")).allowed).toBe(true);
    expect(await serverB.take("conn-jitter", "patchListingsItem")).toEqual({ allowed: false, waitMs: 200 });
    // The preview's bucket holds one: the next turn 1,000 + 50 ms later.
    expect((await serverA.take("conn-jitter", "patchListingsItemPreview")).allowed).toBe(true);
    expect(await serverB.take("conn-jitter", "patchListingsItemPreview")).toEqual({ allowed: false, waitMs: 1_050 });
    now += 1_000;
    expect((await serverB.take("conn-jitter", "patchListingsItemPreview")).allowed).toBe(false);
    now += 50;
    expect((await serverB.take("conn-jitter", "patchListingsItemPreview")).allowed).toBe(true);
  });
});
