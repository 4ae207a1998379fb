// Import from Amazon against the SP-API stand-in (issue 33 item 3), on both databases: the seeded sellers'
// listings with their copy and Amazon's issues, re-import adding a version only when the live copy changed,
// siblings by ASIN, a catalog over 1,000 SKUs read through the All Listings report, 429s and 5xx recovered,
// a revoked authorization pausing the run until the seller connects again, a dead worker's run carried on
// with nothing imported twice, and another workspace's run not found. The stand-in runs 200× Amazon's
// rates and our bucket with it, so no test waits at Amazon's real pace.
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callbackParams, finishAmazonConnect, startAmazonConnect } from "#app/features/amazon/connect.server.ts";
import { getConnectionById } from "#app/features/amazon/connections.server.ts";
import { handleImportAction, handleImportGet, handleImportList, handleImportStart, type ImportApiContext } from "#app/features/amazon/import/import-api.server.ts";
import { claimImportRun, createImportRun, getImportRun, pauseImportRun, resumeImportRun, type ImportRunView } from "#app/features/amazon/import/import-runs.server.ts";
import { onImportFinished, startImportRunner, type ImportRunner } from "#app/features/amazon/import/import-runner.server.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import { marketplaceBySpApiId } from "#app/features/amazon/regions.ts";
import { marketplaces } from "#app/features/marketplaces/registry.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { answerAsAmazon, startSpApiProxy } from "#tests/support/sp-api-proxy.ts";
import { startSpApiStub, type SpApiStub, type StubListing, type StubSeller } from "#tests/support/sp-api-stub.ts";
import { seededSellers } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-test", clientId: "amzn1.application-oa2-client.sellscribe", clientSecret: "lwa-test-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const rateScale = 200;
const fast = { rateScale, sweepEveryMs: 3_600_000, reportPollMs: 5, retryDelayMs: 5 };

/** A seller with more SKUs than Amazon lets anyone page through. */
function bigSeller(count: number): StubSeller {
  const listings: StubListing[] = Array.from({ length: count }, (_, i) => ({
    sku: `BIG-${String(i).padStart(5, "0")}`,
    asin: `B0BIG${String(i).padStart(5, "0")}`,
    productType: "LUGGAGE",
    marketplaceId: "ATVPDKIKX0DER",
    languageTag: "en_US",
    title: `Carry-on suitcase number ${i}`,
    bullets: [`Spinner wheels ${i}`, "Fits overhead bins"],
    description: "A light hard-shell case.",
    keywords: "luggage suitcase",
    brand: "Bigco",
  }));
  return { sellerId: "A2BIGSTUBSELLER", region: "na", marketplaceIds: ["ATVPDKIKX0DER"], listings };
}

describe.each(testDatabaseKinds)("importing from Amazon on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  let stub: SpApiStub;
  let proxy: Server;
  let proxyUrl = "";
  let failEvery = 0;
  const injected: number[] = [];
  let amazon: AmazonConfig;
  let config: AppConfig;
  const runners: ImportRunner[] = [];
  const db = () => backend.testDb.db;

  beforeAll(async () => {
    const sellers = [...seededSellers(), bigSeller(1_100)];
    // A product sold in two stores: the same ASIN on amazon.ca as the first amazon.com listing.
    const na = sellers[0]!;
    const twin = na.listings.find((listing) => listing.marketplaceId === na.marketplaceIds[0])!;
    const canada = marketplaces.find((store) => store.id === "amazon.ca")!.marketplaceId;
    if (!na.marketplaceIds.includes(canada)) na.marketplaceIds.push(canada);
    na.listings.push({ ...twin, sku: `${twin.sku}-CA`, marketplaceId: canada, languageTag: "en_CA", issues: [] });
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], sellers, rateScale });
    // Amazon having a bad minute: while `failEvery` is set, Listings calls answer in turn a 429 (Amazon's shape
    // and headers: 5 requests a second) and a 503 before reaching the stand-in.
    let calls = 0;
    ({ server: proxy, url: proxyUrl } = await startSpApiProxy(stub.url, (req, res) => {
      if (!(failEvery > 0 && req.url?.startsWith("/listings/") && ++calls % failEvery < 2)) return false;
      const status = calls % failEvery === 0 ? 429 : 503;
      injected.push(status);
      answerAsAmazon(res, status, status === 429 ? "QuotaExceeded" : "ServiceUnavailable", "Try again", status === 429 ? { "x-amzn-RateLimit-Limit": "5.0" } : {});
      return true;
    }));
    amazon = { ...app, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: proxyUrl, sellerCentralUrl: stub.url, redirectUri };
    config = { ...backend.config, amazon };
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    if (proxy) await new Promise((resolve) => proxy.close(resolve));
    await stub?.close();
  });

  async function start(options: Partial<Parameters<typeof startImportRunner>[0]> = {}) {
    const runner = await startImportRunner({ db: db(), config, ...fast, ...options });
    runners.push(runner);
    return runner;
  }

  let shared: ImportRunner | undefined;
  const runner = async () => (shared ??= await start({ workerId: "import-a" }));

  /** Connects the workspace to `sellerId` through the stand-in's consent page, as the settings page does. */
  async function connect(owner: { id: string; workspaceId: string }, sellerId: string): Promise<string> {
    const consentAt = new URL(await startAmazonConnect({ db: db(), amazon, workspaceId: owner.workspaceId, userId: owner.id, sessionKey: "s", region: "na" }));
    const form = new URLSearchParams({ application_id: app.appId, state: consentAt.searchParams.get("state")!, redirect_uri: redirectUri, seller_id: sellerId, decision: "approve" });
    const answer = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", body: form, redirect: "manual" });
    const result = await finishAmazonConnect({ db: db(), config, amazon, params: callbackParams(new URL(answer.headers.get("location")!)), workspaceId: owner.workspaceId, userId: owner.id, sessionKey: "s", limiter: createSpApiRateLimiter(db()) });
    if (!result.ok) throw new Error(`connect failed: ${JSON.stringify(result)}`);
    return result.connectionId;
  }

  async function until(owner: { workspaceId: string }, importId: string, status: ImportRunView["status"], timeout = 20_000): Promise<ImportRunView> {
    return vi.waitFor(
      async () => {
        const run = await getImportRun({ db: db(), workspaceId: owner.workspaceId, importId });
        expect(run?.status).toBe(status);
        return run!;
      },
      { timeout, interval: 20 },
    );
  }

  const listingsOf = (workspaceId: string) => db().selectFrom("listing").selectAll().where("workspaceId", "=", workspaceId).execute();
  const versionCount = async (workspaceId: string) => Number((await db().selectFrom("listing_version").innerJoin("listing", "listing.id", "listing_version.listingId").select((eb) => eb.fn.countAll().as("n")).where("listing.workspaceId", "=", workspaceId).executeTakeFirstOrThrow()).n);
  const naSeller = () => stub.sellers.find((seller) => seller.sellerId === "A2NASTUBSELLER")!;

  let owner: { id: string; workspaceId: string };
  let connectionId: string;

  it("imports every store of the seeded seller: one listing per SKU with its live copy as an imported version, its ASIN, product type and Amazon's issues; the same ASIN in two stores are siblings", async () => {
    const signed = await backend.signUp();
    owner = { id: signed.user.id, workspaceId: signed.workspaceId };
    connectionId = await connect(owner, "A2NASTUBSELLER");
    const stores = naSeller().marketplaceIds;
    const finished: string[] = [];
    onImportFinished(async ({ importId }) => void finished.push(importId));
    const run = await createImportRun({ db: db(), workspaceId: owner.workspaceId, connectionId, userId: owner.id, marketplaceIds: stores });
    await (await runner()).enqueue({ id: run.id, workspaceId: owner.workspaceId });
    const done = await until(owner, run.id, "completed");
    // Whoever listens (the catalog's audit) hears of the finished run once.
    await vi.waitFor(() => expect(finished.filter((id) => id === run.id)).toHaveLength(1));

    const expected = naSeller().listings;
    expect(done).toMatchObject({ seen: expected.length, created: expected.length, total: expected.length });
    const listings = await listingsOf(owner.workspaceId);
    expect(listings).toHaveLength(expected.length);
    for (const live of expected) {
      const store = marketplaceBySpApiId(live.marketplaceId)!;
      const listing = listings.find((row) => row.amazonSku === live.sku && row.marketplace === store.id);
      expect(listing, live.sku).toBeDefined();
      expect(listing).toMatchObject({ amazonSellerId: "A2NASTUBSELLER", amazonAsin: live.asin, amazonProductType: live.productType, version: 1, importedVersion: 1 });
      expect(JSON.parse(listing!.copy)).toMatchObject({ title: live.title, bullets: live.bullets, description: live.description ?? "", searchTerms: live.keywords ?? "" });
      expect(JSON.parse(listing!.amazonIssues)).toEqual(live.issues ?? []);
    }
    const withIssues = expected.filter((live) => live.issues?.length);
    expect(withIssues.length).toBeGreaterThan(0);
    const versions = await db().selectFrom("listing_version").innerJoin("listing", "listing.id", "listing_version.listingId").select(["listing_version.source", "listing_version.version"]).where("listing.workspaceId", "=", owner.workspaceId).execute();
    expect(versions).toHaveLength(expected.length);
    expect(new Set(versions.map((version) => version.source))).toEqual(new Set(["imported"]));
    // The twin ASIN: the amazon.com listing and the amazon.ca one share a family.
    const twin = listings.filter((row) => row.amazonAsin === expected.find((live) => live.marketplaceId === naSeller().marketplaceIds[0])!.asin);
    expect(twin).toHaveLength(2);
    expect(twin[0]!.familyId ?? twin[0]!.id).toBe(twin[1]!.familyId ?? twin[1]!.id);
  });

  it("re-imports without a change: no new version; a listing changed on Amazon gets one imported version, and one with no bullets and an unknown product type is imported and flagged", async () => {
    const before = await versionCount(owner.workspaceId);
    const again = await createImportRun({ db: db(), workspaceId: owner.workspaceId, connectionId, userId: owner.id, marketplaceIds: naSeller().marketplaceIds });
    await (await runner()).enqueue({ id: again.id, workspaceId: owner.workspaceId });
    expect(await until(owner, again.id, "completed")).toMatchObject({ created: 0, updated: 0, unchanged: naSeller().listings.length });
    expect(await versionCount(owner.workspaceId)).toBe(before);

    const [first, second] = naSeller().listings;
    stub.setListing("A2NASTUBSELLER", { ...first!, title: `${first!.title} (2026 model)` });
    stub.setListing("A2NASTUBSELLER", { ...second!, productType: "not a type", bullets: [] });
    const changed = await createImportRun({ db: db(), workspaceId: owner.workspaceId, connectionId, userId: owner.id, marketplaceIds: [first!.marketplaceId] });
    await (await runner()).enqueue({ id: changed.id, workspaceId: owner.workspaceId });
    expect(await until(owner, changed.id, "completed")).toMatchObject({ updated: 2 });
    expect(await versionCount(owner.workspaceId)).toBe(before + 2);
    const listing = await db().selectFrom("listing").selectAll().where("workspaceId", "=", owner.workspaceId).where("amazonSku", "=", first!.sku).where("marketplace", "=", "amazon.com").executeTakeFirstOrThrow();
    expect(listing).toMatchObject({ version: 2, importedVersion: 2 });
    expect(JSON.parse(listing.copy).title).toBe(`${first!.title} (2026 model)`);
    const flagged = await db().selectFrom("listing").select(["importFlags", "amazonProductType"]).where("workspaceId", "=", owner.workspaceId).where("amazonSku", "=", second!.sku).where("marketplace", "=", "amazon.com").executeTakeFirstOrThrow();
    expect(flagged.amazonProductType).toBe("not a type");
    expect(JSON.parse(flagged.importFlags)).toEqual(expect.arrayContaining([{ code: "UNKNOWN_PRODUCT_TYPE" }, { code: "NO_VALUE", attribute: "bullet_point" }]));
  });

  it("reads a catalog over 1,000 SKUs through the All Listings report, 20 SKUs a call", async () => {
    const signed = await backend.signUp();
    const big = { id: signed.user.id, workspaceId: signed.workspaceId };
    const bigConnection = await connect(big, "A2BIGSTUBSELLER");
    const from = stub.requests.length;
    const run = await createImportRun({ db: db(), workspaceId: big.workspaceId, connectionId: bigConnection, userId: big.id, marketplaceIds: ["ATVPDKIKX0DER"] });
    await (await runner()).enqueue({ id: run.id, workspaceId: big.workspaceId });
    expect(await until(big, run.id, "completed", 60_000)).toMatchObject({ created: 1_100, seen: 1_100 });
    expect(await listingsOf(big.workspaceId)).toHaveLength(1_100);
    const calls = stub.requests.slice(from).filter((request) => request.sellerId === "A2BIGSTUBSELLER" && request.status < 300);
    expect(calls.filter((call) => call.operation === "createReport")).toHaveLength(1);
    expect(calls.filter((call) => call.operation === "getReportDocument")).toHaveLength(1);
    // One page to learn the size, then 1,100 / 20 = 55 searches by SKU.
    expect(calls.filter((call) => call.operation === "searchListingsItems")).toHaveLength(56);
  }, 60_000);

  it("waits out 429s as Amazon's headers say and retries 5xx answers", async () => {
    const signed = await backend.signUp();
    const other = { id: signed.user.id, workspaceId: signed.workspaceId };
    const otherConnection = await connect(other, "A2EUSTUBSELLER");
    const greedy = await start({ workerId: "import-greedy" });
    failEvery = 3;
    const seller = stub.sellers.find((entry) => entry.sellerId === "A2EUSTUBSELLER")!;
    const run = await createImportRun({ db: db(), workspaceId: other.workspaceId, connectionId: otherConnection, userId: other.id, marketplaceIds: seller.marketplaceIds });
    await greedy.enqueue({ id: run.id, workspaceId: other.workspaceId });
    try {
      expect(await until(other, run.id, "completed", 60_000)).toMatchObject({ created: seller.listings.length });
    } finally {
      failEvery = 0;
    }
    expect(injected.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(injected.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(await listingsOf(other.workspaceId)).toHaveLength(seller.listings.length);
  });

  it("pauses with the reason when the seller revokes the app, and resumes after connecting again", async () => {
    const revoked = await runner();
    stub.revoke("A2NASTUBSELLER");
    const run = await createImportRun({ db: db(), workspaceId: owner.workspaceId, connectionId, userId: owner.id, marketplaceIds: naSeller().marketplaceIds });
    await revoked.enqueue({ id: run.id, workspaceId: owner.workspaceId });
    expect(await until(owner, run.id, "paused")).toMatchObject({ pauseReason: "needs_reauthorization" });
    expect((await getConnectionById({ db: db(), workspaceId: owner.workspaceId, connectionId }))?.status).toBe("needs_reauthorization");
    // The sweep leaves it paused while the connection still needs authorizing.
    await revoked.sweep();
    expect((await getImportRun({ db: db(), workspaceId: owner.workspaceId, importId: run.id }))?.status).toBe("paused");

    expect(await connect(owner, "A2NASTUBSELLER")).toBe(connectionId);
    await revoked.sweep();
    expect(await until(owner, run.id, "completed")).toMatchObject({ unchanged: naSeller().listings.length, pauseReason: null });
  });

  it("carries on a run whose worker died, from its saved cursor, with nothing imported twice", async () => {
    const signed = await backend.signUp();
    const third = { id: signed.user.id, workspaceId: signed.workspaceId };
    const thirdConnection = await connect(third, "A2FESTUBSELLER");
    const seller = stub.sellers.find((entry) => entry.sellerId === "A2FESTUBSELLER")!;
    const run = await createImportRun({ db: db(), workspaceId: third.workspaceId, connectionId: thirdConnection, userId: third.id, marketplaceIds: seller.marketplaceIds });
    // A worker on a server that then died: it claimed the run and went silent before reading anything.
    expect(await claimImportRun({ db: db(), importId: run.id, workerId: "dead-server", staleBefore: new Date(0), now: new Date(Date.now() - 3_600_000) })).toMatchObject({ attempt: 1 });
    const takeover = await start({ workerId: "import-b" });
    // Handed to the queue while held: the live claim is respected, nothing is read.
    await takeover.enqueue({ id: run.id, workspaceId: third.workspaceId });
    await takeover.sweep();
    expect(await until(third, run.id, "completed")).toMatchObject({ created: seller.listings.length });

    // A run that reads pages already written (what a takeover does when a worker died before saving its cursor),
    // paused and resumed on the way: no listing and no version twice.
    const again = await createImportRun({ db: db(), workspaceId: third.workspaceId, connectionId: thirdConnection, userId: third.id, marketplaceIds: seller.marketplaceIds });
    expect(await pauseImportRun({ db: db(), workspaceId: third.workspaceId, importId: again.id })).toBe(true);
    expect(await resumeImportRun({ db: db(), workspaceId: third.workspaceId, importId: again.id })).toBe(true);
    await takeover.enqueue({ id: again.id, workspaceId: third.workspaceId });
    await until(third, again.id, "completed");
    const listings = await listingsOf(third.workspaceId);
    expect(listings).toHaveLength(seller.listings.length);
    expect(new Set(listings.map((row) => `${row.marketplace} ${row.amazonSku}`)).size).toBe(seller.listings.length);
    expect(await versionCount(third.workspaceId)).toBe(seller.listings.length);
  });

  it("over its JSON API: starts a run (202), refuses a second one (409), a bad body or store (400), and another workspace's connection or run (404); pauses and resumes", async () => {
    const signed = await backend.signUp();
    const me = { id: signed.user.id, name: "Ada", email: signed.user.email };
    const stranger = await backend.signUp();
    const strangerUser = { id: stranger.user.id, name: "Eve", email: stranger.user.email };
    const myConnection = await connect({ id: me.id, workspaceId: signed.workspaceId }, "A2NASTUBSELLER");
    const api = await start({ workerId: "import-api" });
    const ctx = (user: ImportApiContext["user"], method: string, body?: unknown): ImportApiContext => ({
      request: new Request("http://sellscribe.test/api/amazon/imports", { method, ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }) }),
      user,
      locale: "en",
      requestId: "req-import",
      db: db(),
      config,
      runner: api,
    });
    expect((await handleImportStart(ctx(null, "POST", { connectionId: myConnection }))).status).toBe(401);
    expect((await handleImportStart(ctx(me, "POST", "{not json"))).status).toBe(400);
    expect((await handleImportStart(ctx(me, "POST", { connectionId: myConnection, extra: 1 }))).status).toBe(400);
    const wrongStore = await handleImportStart(ctx(me, "POST", { connectionId: myConnection, marketplaceId: "A1PA6795UKMFR9" }));
    expect(wrongStore.status).toBe(400);
    expect(await wrongStore.json()).toMatchObject({ code: "INVALID_INPUTS", fieldErrors: { marketplaceId: expect.any(String) } });
    expect((await handleImportStart(ctx(strangerUser, "POST", { connectionId: myConnection }))).status).toBe(404);

    const started = await handleImportStart(ctx(me, "POST", { connectionId: myConnection, marketplaceId: naSeller().marketplaceIds[0] }));
    expect(started.status).toBe(202);
    const { import: run } = (await started.json()) as { import: ImportRunView };
    expect(run).toMatchObject({ status: "running", marketplaceIds: [naSeller().marketplaceIds[0]] });
    const twice = await handleImportStart(ctx(me, "POST", { connectionId: myConnection }));
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: "AMAZON_IMPORT_REFUSED" });

    expect((await handleImportGet({ ...ctx(strangerUser, "GET"), id: run.id })).status).toBe(404);
    expect((await handleImportAction({ ...ctx(strangerUser, "POST"), id: run.id, action: "pause" })).status).toBe(404);
    expect((await handleImportAction({ ...ctx(me, "POST"), id: run.id, action: "cancel" })).status).toBe(404);
    const paused = await handleImportAction({ ...ctx(me, "POST"), id: run.id, action: "pause" });
    const pausedBody = (await paused.json()) as { import: ImportRunView; changed: boolean };
    // It may have finished before the pause arrived: then nothing changes.
    if (pausedBody.changed) {
      expect(pausedBody.import).toMatchObject({ status: "paused", pauseReason: "user" });
      expect(await (await handleImportAction({ ...ctx(me, "POST"), id: run.id, action: "resume" })).json()).toMatchObject({ changed: true, import: { status: "running" } });
    }
    await until({ workspaceId: signed.workspaceId }, run.id, "completed");
    const got = (await (await handleImportGet({ ...ctx(me, "GET"), id: run.id })).json()) as { import: ImportRunView };
    expect(got.import).toMatchObject({ status: "completed", created: naSeller().listings.filter((live) => live.marketplaceId === naSeller().marketplaceIds[0]).length });
    expect(((await (await handleImportList(ctx(me, "GET"))).json()) as { imports: ImportRunView[] }).imports.map((entry) => entry.id)).toEqual([run.id]);
    expect(((await (await handleImportList(ctx(strangerUser, "GET"))).json()) as { imports: ImportRunView[] }).imports).toEqual([]);
  });

  it("does not show, pause or resume another workspace's run", async () => {
    const signed = await backend.signUp();
    const run = await createImportRun({ db: db(), workspaceId: owner.workspaceId, connectionId, userId: owner.id, marketplaceIds: naSeller().marketplaceIds.slice(0, 1) });
    expect(await getImportRun({ db: db(), workspaceId: signed.workspaceId, importId: run.id })).toBeUndefined();
    expect(await pauseImportRun({ db: db(), workspaceId: signed.workspaceId, importId: run.id })).toBe(false);
    expect(await pauseImportRun({ db: db(), workspaceId: owner.workspaceId, importId: run.id })).toBe(true);
    expect(await resumeImportRun({ db: db(), workspaceId: signed.workspaceId, importId: run.id })).toBe(false);
  });
});
