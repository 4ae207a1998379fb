// Connecting Seller Central against the SP-API stand-in (issue 33 item 1): approve, deny, a code used twice
// or too late, an access token refreshed before it expires, a revoked authorization, 429s waited out, and
// the generated Reports and Listings Items clients called through our axios instance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { AmazonReauthorizationNeeded, createAccessTokens, createSpApiClient, SpApiError } from "#app/features/amazon/client.server.ts";
import { callbackParams, finishAmazonConnect, startAmazonConnect } from "#app/features/amazon/connect.server.ts";
import { getConnectionById, listConnectionsByWorkspace } from "#app/features/amazon/connections.server.ts";
import { getAmazonCard } from "#app/features/amazon/card.server.ts";
import { spApiOperations } from "#app/features/amazon/operations.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import { decryptToken } from "#app/features/amazon/token-crypto.server.ts";
import type { AmazonConfig } from "#server/config.server.ts";
import { getFreePort } from "#tests/support/free-port.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { startSpApiStub, usagePlans, type SpApiStub } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-test", clientId: "amzn1.application-oa2-client.sellscribe", clientSecret: "lwa-test-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";

describe("the operations table", () => {
  it("has the rates and bursts the stand-in enforces (Amazon's usage plans)", () => {
    for (const [name, plan] of Object.entries(usagePlans)) expect(spApiOperations[name as keyof typeof spApiOperations], name).toMatchObject(plan);
  });
});

describe.each(testDatabaseKinds)("connecting Seller Central on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  let clock = Date.parse("2026-11-28T10:00:00Z");
  const now = () => clock;
  let stub: SpApiStub;
  let amazon: AmazonConfig;

  beforeAll(async () => {
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], draft: true, now });
    amazon = { ...app, draft: true, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
  });
  afterAll(async () => {
    await stub?.close();
  });

  const sellerIn = (region: "na" | "eu" | "fe") => stub.sellers.find((seller) => seller.region === region)!;

  /** Our button, then the seller's choice on the stand-in's consent page; returns what came back to our callback. */
  async function consent(owner: { id: string; workspaceId: string }, region: "na" | "eu" | "fe", decision: "approve" | "deny", sessionKey = "session-a") {
    const consentAt = new URL(await startAmazonConnect({ db: backend.testDb.db, amazon, workspaceId: owner.workspaceId, userId: owner.id, sessionKey, region, now: new Date(clock) }));
    expect(consentAt.searchParams.get("version")).toBe("beta");
    // The page a browser would show.
    expect((await fetch(consentAt)).status).toBe(200);
    const form = new URLSearchParams({ application_id: consentAt.searchParams.get("application_id")!, state: consentAt.searchParams.get("state")!, redirect_uri: redirectUri, version: "beta", seller_id: sellerIn(region).sellerId, decision });
    const answer = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", body: form, redirect: "manual" });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    return callbackParams(back);
  }

  const finish = (owner: { id: string; workspaceId: string }, params: ReturnType<typeof callbackParams>, sessionKey = "session-a") =>
    finishAmazonConnect({ db: backend.testDb.db, config: backend.config, amazon, params, workspaceId: owner.workspaceId, userId: owner.id, sessionKey, now: new Date(clock), limiter: createSpApiRateLimiter(backend.testDb.db, { now }) });

  it("approve: the code becomes an encrypted refresh token, the stores are read, and the card shows them", async () => {
    const owner = await backend.signUp({ firstName: "Grace" });
    const seller = sellerIn("eu");
    const params = await consent(owner, "eu", "approve");
    expect(params.sellingPartnerId).toBe(seller.sellerId);
    const result = await finish(owner, params);
    expect(result).toMatchObject({ ok: true, region: "eu" });
    const [connection] = await listConnectionsByWorkspace({ db: backend.testDb.db, workspaceId: owner.workspaceId });
    expect(connection).toMatchObject({ region: "eu", sellingPartnerId: seller.sellerId, status: "active", connectedByName: "Grace Test" });
    expect(connection!.marketplaces.map((store) => store.marketplaceId).sort()).toEqual([...seller.marketplaceIds].sort());
    expect(connection!.refreshToken).not.toMatch(/Atzr/);
    expect(await decryptToken(backend.config, connection!.refreshToken)).toMatch(/^Atzr\|/);
    const card = await getAmazonCard({ db: backend.testDb.db, config: { amazon }, workspaceId: owner.workspaceId, now: new Date(clock) });
    const eu = card.regions.find((entry) => entry.region === "eu")!.connection!;
    expect(eu.stores.map((store) => store.label)).toEqual(expect.arrayContaining(["amazon.de"]));
    expect(eu).toMatchObject({ reauthorizeSoon: false, reauthorizeBy: "2027-11-28T10:00:00.000Z" });
    expect(card.regions.find((entry) => entry.region === "na")!.connection).toBeNull();
    // 30 days before the year ends, the card warns.
    const late = await getAmazonCard({ db: backend.testDb.db, config: { amazon }, workspaceId: owner.workspaceId, now: new Date("2027-10-30T10:00:00Z") });
    expect(late.regions.find((entry) => entry.region === "eu")!.connection!.reauthorizeSoon).toBe(true);
  });

  it("deny: error=access_denied stores nothing, and the state is spent", async () => {
    const owner = await backend.signUp();
    const params = await consent(owner, "na", "deny");
    expect(params.error).toBe("access_denied");
    expect(await finish(owner, params)).toEqual({ ok: false, reason: "denied", region: "na" });
    expect(await finish(owner, params)).toEqual({ ok: false, reason: "badState" });
    expect(await listConnectionsByWorkspace({ db: backend.testDb.db, workspaceId: owner.workspaceId })).toEqual([]);
  });

  it("a state from another session, or made up, stores nothing", async () => {
    const owner = await backend.signUp();
    const params = await consent(owner, "na", "approve");
    expect(await finish(owner, params, "session-b")).toEqual({ ok: false, reason: "badState" });
    expect(await finish(owner, { ...params, state: "forged" })).toEqual({ ok: false, reason: "badState" });
    expect(await listConnectionsByWorkspace({ db: backend.testDb.db, workspaceId: owner.workspaceId })).toEqual([]);
  });

  it("a code used twice, or after 5 minutes, is refused by LWA and stores nothing", async () => {
    const owner = await backend.signUp();
    const first = await consent(owner, "na", "approve");
    expect((await finish(owner, first)).ok).toBe(true);
    const other = await backend.signUp();
    const replay = await consent(other, "na", "approve");
    expect(await finish(other, { ...replay, code: first.code })).toEqual({ ok: false, reason: "codeRejected", region: "na" });

    const slow = await consent(other, "na", "approve");
    clock += 5 * 60_000 + 1_000;
    expect(await finish(other, slow)).toEqual({ ok: false, reason: "codeRejected", region: "na" });
    expect(await listConnectionsByWorkspace({ db: backend.testDb.db, workspaceId: other.workspaceId })).toEqual([]);
  });

  it("refreshes the access token before it expires, calls the generated clients with it, and waits out a 429", async () => {
    const owner = await backend.signUp();
    const result = await finish(owner, await consent(owner, "na", "approve"));
    if (!result.ok) throw new Error(result.reason);
    const connection = (await getConnectionById({ db: backend.testDb.db, workspaceId: owner.workspaceId, connectionId: result.connectionId }))!;
    let tokenRequests = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/auth/o2/token")) tokenRequests++;
      return fetch(input, init);
    };
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      clock += ms;
    };
    const tokens = createAccessTokens({ db: backend.testDb.db, config: backend.config, amazon, now, fetchImpl: countingFetch });
    // Our buckets a thousand times faster than Amazon's: the stand-in's 429s are what slows us.
    const limiter = createSpApiRateLimiter(backend.testDb.db, { now, sleep, rateScale: 1000 });
    const client = createSpApiClient({ amazon, connection, tokens, limiter, sleep });
    const seller = sellerIn("na");

    expect((await client.getMarketplaceParticipations()).map((entry) => entry.marketplace.id).sort()).toEqual([...seller.marketplaceIds].sort());
    const page = await client.listings.searchListingsItems({ sellerId: seller.sellerId, marketplaceIds: [seller.marketplaceIds[0]!], includedData: ["summaries", "attributes", "issues"], pageSize: 20 });
    expect(page.data.items.length).toBeGreaterThan(0);
    const report = await client.reports.createReport({ body: { reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds: [seller.marketplaceIds[0]!] } });
    expect(report.data.reportId).toMatch(/^\d+$/);
    expect(tokenRequests).toBe(1);

    // Five minutes before the hour ends, a new access token is asked for; until then the same one serves.
    clock += 54 * 60_000;
    await client.getMarketplaceParticipations();
    expect(tokenRequests).toBe(1);
    clock += 2 * 60_000;
    await client.getMarketplaceParticipations();
    expect(tokenRequests).toBe(2);

    // getReport: burst 15 at 2 a second. The 16th at once gets Amazon's 429, waits 1/2 s as its header says, and passes.
    const before = stub.requests.length;
    for (let i = 0; i < 16; i++) await client.reports.getReport({ reportId: report.data.reportId });
    const answers = stub.requests.slice(before).filter((entry) => entry.operation === "getReport");
    expect(answers.filter((entry) => entry.status === 429)).toHaveLength(1);
    expect(answers.filter((entry) => entry.status === 200)).toHaveLength(16);
    expect(slept).toContain(500);
  });

  it("an SP-API host that does not answer is an SpApiError without the request, so no log can print the access token", async () => {
    const owner = await backend.signUp();
    const result = await finish(owner, await consent(owner, "eu", "approve"));
    if (!result.ok) throw new Error(result.reason);
    const connection = (await getConnectionById({ db: backend.testDb.db, workspaceId: owner.workspaceId, connectionId: result.connectionId }))!;
    const tokens = createAccessTokens({ db: backend.testDb.db, config: backend.config, amazon, now });
    const unreachable = { ...amazon, endpoint: `http://127.0.0.1:${await getFreePort()}` };
    const client = createSpApiClient({ amazon: unreachable, connection, tokens, limiter: createSpApiRateLimiter(backend.testDb.db, { now }) });
    const error = await client.getMarketplaceParticipations().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(SpApiError);
    expect(error).toMatchObject({ status: 0, operation: "getMarketplaceParticipations" });
    const logged = JSON.stringify(pino.stdSerializers.err(error as Error));
    expect(logged).not.toContain(await tokens.get(connection));
  });

  it("a revoked authorization marks the connection as needing re-authorization", async () => {
    const owner = await backend.signUp();
    const result = await finish(owner, await consent(owner, "fe", "approve"));
    if (!result.ok) throw new Error(result.reason);
    const connection = (await getConnectionById({ db: backend.testDb.db, workspaceId: owner.workspaceId, connectionId: result.connectionId }))!;
    const tokens = createAccessTokens({ db: backend.testDb.db, config: backend.config, amazon, now });
    const client = createSpApiClient({ amazon, connection, tokens, limiter: createSpApiRateLimiter(backend.testDb.db, { now }) });
    await client.getMarketplaceParticipations();
    stub.revoke(sellerIn("fe").sellerId);
    // The access token is refused (403), and refreshing it gets invalid_grant.
    await expect(client.getMarketplaceParticipations()).rejects.toBeInstanceOf(AmazonReauthorizationNeeded);
    expect(await getConnectionById({ db: backend.testDb.db, workspaceId: owner.workspaceId, connectionId: result.connectionId })).toMatchObject({ status: "needs_reauthorization", statusReason: "invalid_grant" });

    // Authorizing again makes it active, with the same id.
    clock += 60_000;
    expect(await finish(owner, await consent(owner, "fe", "approve"))).toEqual({ ok: true, region: "fe", connectionId: result.connectionId });
    expect((await getConnectionById({ db: backend.testDb.db, workspaceId: owner.workspaceId, connectionId: result.connectionId }))?.status).toBe("active");
  });
});
