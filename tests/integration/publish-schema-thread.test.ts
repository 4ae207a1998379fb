// A publish preview's schema check runs in the schema thread (issue 34, docs/decisions/040), on both databases against
// the stand-in: Amazon's BRACELET compiled for a first preview while the event loop keeps turning, and a check that
// hangs (a pattern backtracking forever) or a thread out of heap answered as a refusal the preview shows, in time,
// with nothing sent to Amazon; the next preview works.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing, saveListingVersion } from "#app/features/listings/listings.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { createSchemaChecker, type SchemaChecker } from "#app/features/publish/definitions/schema-checker.server.ts";
import { handleAmazonLink, handlePublishPreview, type PublishApiContext } from "#app/features/publish/publish-api.server.ts";
import { startPublisher, type Publisher } from "#app/features/publish/publish.server.ts";
import { publishPreviewAnswerSchema } from "#app/features/publish/types.ts";
import { readApiError } from "#app/lib/errors.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { connectThroughConsent, publishApiContext } from "#tests/support/publish-connection.ts";
import { startSpApiStub, type SpApiStub, type StubListing } from "#tests/support/sp-api-stub.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const app = { appId: "amzn1.sp.solution.sellscribe-test", clientId: "amzn1.application-oa2-client.sellscribe", clientSecret: "lwa-test-secret" };
const redirectUri = "http://localhost:3000/settings/amazon/callback";
const rateScale = 200;
const sellerId = "A2THREADSELLER";
const us = "ATVPDKIKX0DER";
const nearMiss = `${"a".repeat(48)}!`;

const live = (sku: string, productType: string): StubListing => ({ sku, asin: `B0${sku.replace(/[^A-Z0-9]/g, "").padEnd(8, "0").slice(0, 8)}`, productType, marketplaceId: us, languageTag: "en_US", title: `Item ${sku}`, bullets: ["One"], description: "An item.", keywords: "item", brand: "Acme" });
const ours = (title: string): ListingCopy => ({ title, itemHighlights: "", bullets: ["Solid 925 sterling silver, polished by hand"], description: "A fine chain bracelet in solid silver.", searchTerms: "silver bracelet chain" });

describe.each(testDatabaseKinds)("the schema check of a preview on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;
  let stub: SpApiStub;
  let config: AppConfig;
  let owner: { id: string; name: string; email: string; workspaceId: string };
  const publishers: Publisher[] = [];
  const checkers: SchemaChecker[] = [];
  let clock = Date.now();

  async function publisherWith(options: Parameters<typeof createSchemaChecker>[0]): Promise<Publisher> {
    const schemaChecker = createSchemaChecker(options);
    checkers.push(schemaChecker);
    const publisher = await startPublisher({ db: db(), config, rateScale, now: () => (clock += 1), sweepEveryMs: 3_600_000, work: false, schemaChecker });
    publishers.push(publisher);
    return publisher;
  }

  beforeAll(async () => {
    stub = await startSpApiStub({ ...app, redirectUris: [redirectUri], sellers: [{ sellerId, region: "na", marketplaceIds: [us], listings: [live("THR-BRACELET", "BRACELET"), live("THR-BRACELET2", "BRACELET"), live("THR-HOSTILE", "HOSTILE_PATTERN")] }], rateScale });
    // Our schema with a title pattern that backtracks exponentially on a near miss.
    stub.setProductTypeSchema("HOSTILE_PATTERN", (current) => {
      const schema = structuredClone(current) as { properties: { item_name: { items: { properties: { value: Record<string, unknown> } } } } };
      schema.properties.item_name.items.properties.value.pattern = "^(a+)+$";
      return schema;
    });
    const amazon: AmazonConfig = { ...app, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri };
    config = { ...backend.config, amazon };
    const signed = await backend.signUp();
    owner = { ...signed.user, workspaceId: signed.workspaceId };
    await connectThroughConsent({ db: db(), config, amazon, stub, workspaceId: owner.workspaceId, userId: owner.id, sellerId, appId: app.appId, redirectUri });
  });
  afterAll(async () => {
    for (const publisher of publishers) await publisher.stop();
    await Promise.all(checkers.map((checker) => checker.close()));
    await stub?.close();
  });

  const ctx = (publisher: Publisher, id: string): PublishApiContext => publishApiContext({ db: db(), publisher, user: owner, id, body: {}, path: "/preview" });
  const patches = () => stub.requests.filter((request) => request.operation === "patchListingsItem").length;

  async function linkedListing(publisher: Publisher, sku: string, title: string): Promise<string> {
    const listing = await createListing({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts: { brand: "Acme", productName: "Bracelet", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" } });
    await saveListingVersion({ db: db(), workspaceId: owner.workspaceId, listingId: listing.id, userId: owner.id, copy: ours(title), source: "edited" });
    const linked = await handleAmazonLink({ ...ctx(publisher, listing.id), request: new Request(`http://localhost/api/listings/${listing.id}/amazon-link`, { method: "POST", body: JSON.stringify({ store: "amazon.com", sku }), headers: { "content-type": "application/json" } }) });
    expect(linked.status).toBe(200);
    return listing.id;
  }

  it("compiles Amazon's BRACELET for the first preview off the main thread: the event loop keeps turning", async () => {
    const publisher = await publisherWith({});
    const id = await linkedListing(publisher, "THR-BRACELET", "Acme sterling silver chain bracelet for women, adjustable");
    const watch = watchEventLoop();
    const answer = await handlePublishPreview(ctx(publisher, id));
    const { blockedMs } = watch.stop();
    const json: unknown = await answer.json();
    expect(answer.status, JSON.stringify(json)).toBe(200);
    const preview = publishPreviewAnswerSchema.parse(json).preview;
    expect(preview.schema).toEqual({ checksum: stub.productTypeSchema("BRACELET", us).checksum, problems: [] });
    // Compiling BRACELET's copy attributes in-process held the main thread 200–700 ms.
    expect(blockedMs).toBeLessThan(150);
  });

  it("a check that never ends, or a thread out of heap, is a refusal the preview shows in time; nothing is sent; the next preview works", async () => {
    // 5 s: long enough for a new thread to load Ajv and compile BRACELET on a busy machine, short enough to wait out.
    const publisher = await publisherWith({ timeoutMs: 5_000 });
    const hostile = await linkedListing(publisher, "THR-HOSTILE", nearMiss);
    const before = patches();
    const started = performance.now();
    const hung = await handlePublishPreview(ctx(publisher, hostile));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(hung.status).toBe(502);
    const timedOut = readApiError(await hung.json());
    expect(timedOut?.code).toBe("AMAZON_REFUSED");
    expect(timedOut?.error).toMatch(/check against Amazon's product type schema did not finish \(SchemaCheckTimeout\)/);
    expect(patches()).toBe(before);

    // The same publisher, a new thread: BRACELET checks as usual.
    const bracelet = await linkedListing(publisher, "THR-BRACELET2", "Acme sterling silver bracelet, adjustable chain");
    expect((await handlePublishPreview(ctx(publisher, bracelet))).status).toBe(200);

    const starved = await publisherWith({ maxHeapMb: 4 });
    const failed = await handlePublishPreview(ctx(starved, bracelet));
    expect(failed.status).toBe(502);
    expect(readApiError(await failed.json())?.error).toMatch(/did not finish \(SchemaCheckFailed\)/);
    expect(patches()).toBe(before);
  });
});
