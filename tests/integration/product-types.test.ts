// Product type definitions against the SP-API stand-in (issue 34 item 1), on both databases: getDefinitionsProductType
// through the connection's client, the schema link followed, the checksum verified, the document stored once by its
// checksum; the answer trusted for a day, a changed checksum bringing the new schema, an expired link asked for again,
// a wrong checksum, a document too large and an unknown product type refused, and Amazon down served from the cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessTokens, createSpApiClient, SpApiError, type SpApiClient } from "#app/features/amazon/client.server.ts";
import { callbackParams, finishAmazonConnect, startAmazonConnect } from "#app/features/amazon/connect.server.ts";
import { getConnectionById } from "#app/features/amazon/connections.server.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import { definitionTrustMs, loadProductType, type ProductTypeDeps } from "#app/features/publish/definitions/product-types.server.ts";
import { sharedSchemaChecker } from "#app/features/publish/definitions/schema-checker.server.ts";
import { schemaChecksum } from "#app/features/publish/definitions/schema-validator.ts";
import type { AmazonConfig } from "#server/config.server.ts";
import { getFreePort } from "#tests/support/free-port.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { startSpApiStub, type SpApiStub } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-test", clientId: "amzn1.application-oa2-client.sellscribe", clientSecret: "lwa-test-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const us = "ATVPDKIKX0DER";
const text = (value: string) => ({ value, language_tag: "en_US", marketplace_id: us });
const copy = { item_name: [text("Sterling Silver Bracelet")], bullet_point: [text("Solid 925 silver")], product_description: [text("A bracelet.")], generic_keyword: [text("bracelet")] };

describe.each(testDatabaseKinds)("product type definitions on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;
  let clock = Date.parse("2026-11-28T10:00:00Z");
  const now = () => clock;
  let stub: SpApiStub;
  let amazon: AmazonConfig;
  let client: SpApiClient;
  let downloads: { url: string; status: number }[] = [];
  /** fetch as the loader uses it, with every schema download counted. */
  const countingFetch: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    downloads.push({ url: String(input), status: answer.status });
    return answer;
  };
  const deps = (extra: Partial<ProductTypeDeps> = {}): ProductTypeDeps => ({ db: db(), now, fetchImpl: countingFetch, ...extra });
  const definitionCalls = () => stub.requests.filter((request) => request.operation === "getDefinitionsProductType");

  beforeAll(async () => {
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], now });
    amazon = { ...app, draft: true, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
    const owner = await backend.signUp();
    const consentAt = new URL(await startAmazonConnect({ db: db(), amazon, workspaceId: owner.workspaceId, userId: owner.user.id, sessionKey: "s", region: "na", now: new Date(clock) }));
    const form = new URLSearchParams({ application_id: app.appId, state: consentAt.searchParams.get("state")!, redirect_uri: redirectUri, version: "beta", seller_id: "A2NASTUBSELLER", decision: "approve" });
    const answer = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", body: form, redirect: "manual" });
    const limiter = createSpApiRateLimiter(db(), { now, sleep: async (ms) => void (clock += ms), rateScale: 1000 });
    const result = await finishAmazonConnect({ db: db(), config: backend.config, amazon, params: callbackParams(new URL(answer.headers.get("location")!)), workspaceId: owner.workspaceId, userId: owner.user.id, sessionKey: "s", now: new Date(clock), limiter });
    if (!result.ok) throw new Error(result.reason);
    const connection = (await getConnectionById({ db: db(), workspaceId: owner.workspaceId, connectionId: result.connectionId }))!;
    client = createSpApiClient({ amazon, connection, tokens: createAccessTokens({ db: db(), config: backend.config, amazon, now }), limiter, sleep: async (ms) => void (clock += ms) });
  });
  afterAll(async () => {
    await stub?.close();
  });

  it("fetches Amazon's BRACELET, follows its link, verifies the checksum and stores the schema once; the next load asks nobody", async () => {
    const served = stub.productTypeSchema("BRACELET", us);
    const calls = definitionCalls().length;
    downloads = [];
    const bracelet = await loadProductType(deps(), { client, marketplaceId: us, productType: "BRACELET" });
    expect(bracelet).toMatchObject({ productType: "BRACELET", marketplaceId: us, checksum: served.checksum, productTypeVersion: served.version, fetchedAt: new Date(clock).toISOString(), highlightsAttribute: null });
    expect(bracelet.properties.size).toBe(161);
    expect(await bracelet.validate(copy, Object.keys(copy))).toEqual([]);
    const child = { parentage_level: [{ value: "child", marketplace_id: us }], child_parent_sku_relationship: [{ child_relationship_type: "variation", parent_sku: "ü".repeat(21) }] };
    expect(await bracelet.validate({ ...copy, ...child }, ["child_parent_sku_relationship"])).toEqual([
      expect.objectContaining({ pointer: "/child_parent_sku_relationship/0/parent_sku", keyword: "maxUtf8ByteLength" }),
    ]);
    expect(definitionCalls().length - calls).toBe(1);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.status).toBe(200);
    // The link is Amazon's (S3) URL, asked without our access token.
    expect(downloads[0]!.url).toContain("X-Amz-Signature=");

    const stored = await db().selectFrom("product_type_schema").selectAll().where("checksum", "=", served.checksum).executeTakeFirstOrThrow();
    expect(stored.bytes).toBe(1_349_127);
    expect(schemaChecksum(stored.schema)).toBe(served.checksum);
    expect(await db().selectFrom("product_type_definition").selectAll().where("connectionId", "=", client.connection.id).execute()).toEqual([
      { connectionId: client.connection.id, marketplaceId: us, productType: "BRACELET", locale: "DEFAULT", productTypeVersion: served.version, checksum: served.checksum, fetchedAt: new Date(clock).toISOString() },
    ]);

    // Within the day: from the cache, the same compiled schema (in the schema thread), no request.
    clock += definitionTrustMs - 60_000;
    const again = await loadProductType(deps(), { client, marketplaceId: us, productType: "BRACELET" });
    expect(again.properties).toBe(bracelet.properties);
    expect(again.fetchedAt).toBe(bracelet.fetchedAt);
    expect(definitionCalls().length - calls).toBe(1);
    expect(downloads).toHaveLength(1);
  });

  it("after a day Amazon is asked again; the same checksum downloads nothing", async () => {
    clock += definitionTrustMs;
    const calls = definitionCalls().length;
    downloads = [];
    const bracelet = await loadProductType(deps(), { client, marketplaceId: us, productType: "BRACELET" });
    expect(definitionCalls().length - calls).toBe(1);
    expect(downloads).toEqual([]);
    expect(bracelet.fetchedAt).toBe(new Date(clock).toISOString());
  });

  it("a changed checksum brings the new schema (item highlights appear) and the old document is dropped", async () => {
    downloads = [];
    const before = await loadProductType(deps(), { client, marketplaceId: us, productType: "WATCH" });
    expect(before.highlightsAttribute).toBeNull();
    expect(before.checksum).toBe(stub.productTypeSchema("WATCH", us).checksum);
    const changed = stub.setProductTypeSchema("WATCH", (current) => ({ ...current, properties: { ...(current.properties as object), title_differentiation: (current.properties as Record<string, unknown>).item_name } }), { marketplaceId: us });
    expect(changed).not.toBe(before.checksum);

    // Still trusted: the old schema.
    expect((await loadProductType(deps(), { client, marketplaceId: us, productType: "WATCH" })).checksum).toBe(before.checksum);
    clock += definitionTrustMs;
    const after = await loadProductType(deps(), { client, marketplaceId: us, productType: "WATCH" });
    expect(after).toMatchObject({ checksum: changed, highlightsAttribute: "title_differentiation" });
    expect(await after.validate({ ...copy, title_differentiation: [text("Steel, 40 mm")] }, [...Object.keys(copy), "title_differentiation"])).toEqual([]);
    expect(downloads.map((download) => download.status)).toEqual([200, 200]);
    const checksums = (await db().selectFrom("product_type_schema").select("checksum").execute()).map((row) => row.checksum);
    expect(checksums).toContain(changed);
    expect(checksums).not.toContain(before.checksum);
  });

  it("an expired link (S3's 403) is asked for again, once, with a fresh definition", async () => {
    downloads = [];
    const calls = definitionCalls().length;
    let expired = false;
    const expiring: typeof fetch = async (input, init) => {
      if (!expired) expired = stub.expireSchemaLinks("LIGHT_FIXTURE") > 0;
      return countingFetch(input, init);
    };
    const lamp = await loadProductType(deps({ fetchImpl: expiring }), { client, marketplaceId: us, productType: "LIGHT_FIXTURE" });
    expect(lamp.checksum).toBe(stub.productTypeSchema("LIGHT_FIXTURE", us).checksum);
    expect(downloads.map((download) => download.status)).toEqual([403, 200]);
    expect(definitionCalls().length - calls).toBe(2);
  });

  it("a document that does not match its checksum, or is too large, is refused and nothing is stored", async () => {
    const tampered: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      const body = (await answer.text()).replace('"Title"', '"Titel"');
      return new Response(body, { status: answer.status, headers: answer.headers });
    };
    await expect(loadProductType(deps({ fetchImpl: tampered }), { client, marketplaceId: us, productType: "HEADPHONES" })).rejects.toMatchObject({ name: "SpApiError", code: "SchemaChecksumMismatch", operation: "downloadProductTypeSchema" });
    await expect(loadProductType(deps({ maxSchemaBytes: 1_000 }), { client, marketplaceId: us, productType: "HEADPHONES" })).rejects.toMatchObject({ code: "SchemaTooLarge" });
    expect(await db().selectFrom("product_type_definition").select("productType").where("productType", "=", "HEADPHONES").execute()).toEqual([]);
  });

  it("an unknown product type is Amazon's 404 as an SpApiError", async () => {
    const error = await loadProductType(deps(), { client, marketplaceId: us, productType: "NO_SUCH_TYPE" }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(SpApiError);
    expect(error).toMatchObject({ status: 404, operation: "getDefinitionsProductType" });
  });

  it("Amazon unreachable after the day: the stored schema still serves", async () => {
    const stored = await db().selectFrom("product_type_definition").selectAll().where("productType", "=", "BRACELET").executeTakeFirstOrThrow();
    clock += definitionTrustMs;
    const unreachable = { ...amazon, endpoint: `http://127.0.0.1:${await getFreePort()}` };
    const offline = createSpApiClient({ amazon: unreachable, connection: client.connection, tokens: createAccessTokens({ db: db(), config: backend.config, amazon, now }), limiter: createSpApiRateLimiter(db(), { now, rateScale: 1000 }), maxRetries: 0 });
    const bracelet = await loadProductType(deps(), { client: offline, marketplaceId: us, productType: "BRACELET" });
    expect(bracelet).toMatchObject({ checksum: stored.checksum, fetchedAt: stored.fetchedAt });
    expect(sharedSchemaChecker().summary(stored.checksum)).toBeDefined();
    // With nothing stored, the failure is the caller's to show.
    await expect(loadProductType(deps(), { client: offline, marketplaceId: us, productType: "KEYBOARDS" })).rejects.toMatchObject({ status: 0 });
  });
});
