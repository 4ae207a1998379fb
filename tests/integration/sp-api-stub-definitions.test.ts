// The SP-API stand-in's Product Type Definitions (issue 34) against Amazon's model
// (tests/fixtures/sp-api-models/definitionsProductTypes_2020-09-01.json): every answer validates against the model's
// schema for its status and every request against its parameters; Amazon's real BRACELET served byte for byte with
// its Base64 MD5 checksum, our generic schema per store, the knobs that change a schema and expire its links.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { ProductTypeDefinitionsApi } from "@sp-api-sdk/product-type-definitions-api-2020-09-01";
import axios from "axios";
import { afterEach, describe, expect, it } from "vitest";
import { usagePlan } from "#tests/support/sp-api-models.ts";
import { productTypeFixtures, SCHEMA_LINK_LIFETIME_S } from "#tests/support/sp-api-stub-definitions.ts";
import { authorize, DE, EU, NA, sp, startTestStub, US } from "#tests/support/sp-api-stub-calls.ts";
import { publishUsagePlans, type SpApiStub } from "#tests/support/sp-api-stub.ts";

const stubs: SpApiStub[] = [];
async function start(...args: Parameters<typeof startTestStub>) {
  const started = await startTestStub(...args);
  stubs.push(started.stub);
  return started;
}
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

interface Definition {
  schema: { link: { resource: string; verb: string }; checksum: string };
  metaSchema?: { link: { resource: string; verb: string }; checksum: string };
  productType: string;
  displayName: string;
  locale: string;
  marketplaceIds: string[];
  requirements: string;
  requirementsEnforced: string;
  propertyGroups: Record<string, { propertyNames: string[] }>;
  productTypeVersion: { version: string; latest: boolean; releaseCandidate?: boolean };
}
const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("base64");
const definitionPath = (productType: string, marketplaceId: string, extra = "") => `/definitions/2020-09-01/productTypes/${productType}?marketplaceIds=${marketplaceId}&requirements=LISTING&requirementsEnforced=ENFORCED&locale=DEFAULT${extra}`;
async function download(resource: string): Promise<{ status: number; bytes: Buffer; text: string }> {
  const response = await fetch(resource);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, text: bytes.toString("utf8") };
}

describe("SP-API stand-in: Product Type Definitions", () => {
  it("uses the Usage Plans of the Definitions model", () => {
    expect(publishUsagePlans.searchDefinitionsProductTypes).toEqual(usagePlan("definitionsProductTypes_2020-09-01.json", "/definitions/2020-09-01/productTypes", "get"));
    expect(publishUsagePlans.getDefinitionsProductType).toEqual(usagePlan("definitionsProductTypes_2020-09-01.json", "/definitions/2020-09-01/productTypes/{productType}", "get"));
  });

  it("serves Amazon's BRACELET for amazon.com byte for byte, with the Base64 MD5 checksum, a 7-day GET link and the model's fields", async () => {
    const { stub } = await start();
    const token = await authorize(stub, NA);
    const answer = await sp<Definition>(stub, token, "GET", definitionPath("BRACELET", US, `&sellerId=${NA}&productTypeVersion=LATEST`));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-amzn-ratelimit-limit")).toBe("5");
    const definition = answer.body;
    expect(definition).toMatchObject({ productType: "BRACELET", displayName: "Bracelet", locale: "en_US", marketplaceIds: [US], requirements: "LISTING", requirementsEnforced: "ENFORCED", productTypeVersion: { latest: true, releaseCandidate: false } });
    expect(definition.schema.link.verb).toBe("GET");
    const link = new URL(definition.schema.link.resource);
    expect(link.origin).toBe(stub.url);
    expect(link.searchParams.get("X-Amz-Expires")).toBe(String(SCHEMA_LINK_LIFETIME_S));
    const served = await download(definition.schema.link.resource);
    expect(served.status).toBe(200);
    const real = readFileSync(productTypeFixtures.bracelet);
    expect(served.bytes.equals(real)).toBe(true);
    expect(definition.schema.checksum).toBe(md5(real));
    expect(definition.schema.checksum).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(definition.propertyGroups.product_identity!.propertyNames).toContain("item_name");
    const grouped = Object.values(definition.propertyGroups).flatMap((group) => group.propertyNames);
    expect(new Set(grouped)).toEqual(new Set(Object.keys((JSON.parse(real.toString("utf8")) as { properties: object }).properties)));
    if (definition.metaSchema) {
      const meta = await download(definition.metaSchema.link.resource);
      expect(meta.bytes.equals(readFileSync(productTypeFixtures.metaSchema))).toBe(true);
      expect(definition.metaSchema.checksum).toBe(md5(meta.bytes));
    }
    expect(stub.requests.filter((request) => request.operation === "downloadSchema").map((request) => request.status)).toEqual(definition.metaSchema ? [200, 200] : [200]);

    // NOT_ENFORCED: a schema without required attributes, with its own checksum and link.
    const loose = (await sp<Definition>(stub, token, "GET", definitionPath("BRACELET", US).replace("requirementsEnforced=ENFORCED", "requirementsEnforced=NOT_ENFORCED"))).body;
    expect(loose.requirementsEnforced).toBe("NOT_ENFORCED");
    expect(loose.schema.checksum).not.toBe(definition.schema.checksum);
    const looseSchema = await download(loose.schema.link.resource);
    expect(loose.schema.checksum).toBe(md5(looseSchema.bytes));
    expect((JSON.parse(looseSchema.text) as { required?: string[] }).required).toBeUndefined();
  });

  it("serves our generic schema for the seeded listings' product types, rewritten for each store", async () => {
    const { stub } = await start();
    const token = await authorize(stub, EU);
    const german = stub.sellers[1]!.listings.find((listing) => listing.marketplaceId === DE)!;
    const definition = (await sp<Definition>(stub, token, "GET", definitionPath(german.productType, DE, `&sellerId=${EU}`))).body;
    expect(definition).toMatchObject({ productType: german.productType, locale: "de_DE", marketplaceIds: [DE] });
    const served = await download(definition.schema.link.resource);
    expect(definition.schema.checksum).toBe(md5(served.bytes));
    const schema = JSON.parse(served.text) as { $id: string; $defs: Record<string, { default: string; anyOf: { enum?: string[] }[] }>; properties: Record<string, unknown> };
    expect(schema.$id).toBe(`https://schemas.amazon.com/selling-partners/definitions/product-types/schema/v1/${german.productType}`);
    expect(schema.$defs.marketplace_id!.default).toBe(DE);
    expect(schema.$defs.marketplace_id!.anyOf[1]!.enum).toEqual([DE]);
    expect(schema.$defs.language_tag!.default).toBe("de_DE");
    expect(schema.properties).toHaveProperty("item_name");
    const generic = JSON.parse(readFileSync(productTypeFixtures.generic, "utf8")) as { properties: object };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(generic.properties).sort());
    // The same generic schema in another store differs (its $defs), so its checksum does too.
    const usToken = await authorize(stub, NA);
    const american = (await sp<Definition>(stub, usToken, "GET", definitionPath(german.productType, US))).body;
    expect(american.schema.checksum).not.toBe(definition.schema.checksum);
    expect(american.locale).toBe("en_US");
  });

  it("refuses what Amazon refuses: unknown product types, two marketplaces, bad enums, another seller, a store the seller is not in", async () => {
    const { stub } = await start();
    const token = await authorize(stub, NA);
    const unknown = await sp(stub, token, "GET", definitionPath("NO_SUCH_TYPE", US));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors![0]!.code).toBe("NOT_FOUND");
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", `${US},${DE}`))).status).toBe(400);
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", US).replace("requirements=LISTING", "requirements=EVERYTHING"), { badOnPurpose: true })).body.errors![0]!.code).toBe("InvalidInput");
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", US).replace("locale=DEFAULT", "locale=xx-yy"), { badOnPurpose: true })).status).toBe(400);
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", US, "&productTypeVersion=UNOPE="))).status).toBe(400);
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", US, `&sellerId=${EU}`))).status).toBe(403);
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", DE))).status).toBe(400);
    expect((await sp(stub, token, "GET", "/definitions/2020-09-01/productTypes/BRACELET", { badOnPurpose: true })).status).toBe(400);
    expect((await sp(stub, undefined, "GET", definitionPath("BRACELET", US))).status).toBe(403);
  });

  it("searches product types by keywords, by item name, or lists them all", async () => {
    const { stub } = await start();
    const token = await authorize(stub, NA);
    type List = { productTypes: { name: string; displayName: string; marketplaceIds: string[] }[]; productTypeVersion: string };
    const byKeyword = (await sp<List>(stub, token, "GET", `/definitions/2020-09-01/productTypes?marketplaceIds=${US}&keywords=bracelet`)).body;
    expect(byKeyword.productTypes).toEqual([{ name: "BRACELET", displayName: "Bracelet", marketplaceIds: [US] }]);
    const byTitle = (await sp<List>(stub, token, "GET", `/definitions/2020-09-01/productTypes?marketplaceIds=${US}&itemName=${encodeURIComponent("USB-C Electronic Cable, 2 m, braided")}&locale=en_US&searchLocale=en_US`)).body;
    expect(byTitle.productTypes.map((type) => type.name)).toEqual(["ELECTRONIC_CABLE"]);
    const all = (await sp<List>(stub, token, "GET", `/definitions/2020-09-01/productTypes?marketplaceIds=${US}`)).body;
    const seededTypes = new Set(stub.sellers[0]!.listings.map((listing) => listing.productType));
    for (const productType of [...seededTypes, "BRACELET"]) expect(all.productTypes.map((type) => type.name)).toContain(productType);
    expect(all.productTypeVersion).toEqual(expect.any(String));
    expect((await sp(stub, token, "GET", `/definitions/2020-09-01/productTypes?marketplaceIds=${US}&keywords=lamp&itemName=lamp`)).status).toBe(400);
    expect((await sp(stub, token, "GET", "/definitions/2020-09-01/productTypes?keywords=lamp", { badOnPurpose: true })).status).toBe(400);
  });

  it("a changed schema gets a new version and checksum; old links keep their bytes until they expire, by the knob or after 7 days", async () => {
    const { stub, clock } = await start();
    const token = await authorize(stub, NA);
    const before = (await sp<Definition>(stub, token, "GET", definitionPath("BRACELET", US))).body;
    expect(stub.productTypeSchema("BRACELET", US)).toMatchObject({ checksum: before.schema.checksum, version: before.productTypeVersion.version });

    const checksum = stub.setProductTypeSchema("BRACELET", (schema) => ({ ...schema, $comment: "changed by the test" }), { marketplaceId: US });
    const after = (await sp<Definition>(stub, token, "GET", definitionPath("BRACELET", US))).body;
    expect(after.schema.checksum).toBe(checksum);
    expect(after.schema.checksum).not.toBe(before.schema.checksum);
    expect(after.productTypeVersion.version).not.toBe(before.productTypeVersion.version);
    const changed = await download(after.schema.link.resource);
    expect(md5(changed.bytes)).toBe(checksum);
    expect((JSON.parse(changed.text) as { $comment: string }).$comment).toBe("changed by the test");
    // The previous version is still there by its version id, no longer the latest; its old link still serves the old bytes.
    const previous = (await sp<Definition>(stub, token, "GET", definitionPath("BRACELET", US, `&productTypeVersion=${encodeURIComponent(before.productTypeVersion.version)}`))).body;
    expect(previous.productTypeVersion).toMatchObject({ version: before.productTypeVersion.version, latest: false });
    expect(previous.schema.checksum).toBe(before.schema.checksum);
    expect(md5((await download(before.schema.link.resource)).bytes)).toBe(before.schema.checksum);

    // The knob: every link issued so far answers S3's 403 "Request has expired"; a new definition answer brings a working one.
    expect(stub.expireSchemaLinks("BRACELET")).toBeGreaterThanOrEqual(3);
    const expired = await download(after.schema.link.resource);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain("<Code>AccessDenied</Code><Message>Request has expired</Message>");
    const fresh = (await sp<Definition>(stub, token, "GET", definitionPath("BRACELET", US))).body;
    expect((await download(fresh.schema.link.resource)).status).toBe(200);
    // The clock: 7 days after it was issued, a link has expired.
    clock.advance(SCHEMA_LINK_LIFETIME_S * 1000 - 1);
    expect((await download(fresh.schema.link.resource)).status).toBe(200);
    clock.advance(1);
    expect((await download(fresh.schema.link.resource)).status).toBe(403);
    // A tampered link is refused.
    expect((await download(fresh.schema.link.resource.replace(/X-Amz-Signature=[0-9a-f]{4}/, "X-Amz-Signature=0000"))).text).toContain("SignatureDoesNotMatch");

    // A product type the stand-in did not know, added for every store.
    stub.setProductTypeSchema("SELLSCRIBE_TEST_TYPE", (schema) => schema);
    const added = await sp<Definition>(stub, await authorize(stub, NA), "GET", definitionPath("SELLSCRIBE_TEST_TYPE", US)); // the old token expired with the week
    expect(added.body.errors).toBeUndefined();
    expect(added.body.productType).toBe("SELLSCRIBE_TEST_TYPE");
  });

  it("spends getDefinitionsProductType's burst of 10 and answers 429 until a token refills at 5/s", async () => {
    const { stub, clock } = await start();
    const token = await authorize(stub, NA);
    for (let i = 0; i < 10; i++) expect((await sp(stub, token, "GET", definitionPath("BRACELET", US))).status).toBe(200);
    const limited = await sp(stub, token, "GET", definitionPath("BRACELET", US));
    expect(limited.status).toBe(429);
    expect(limited.body.errors![0]!.code).toBe("QuotaExceeded");
    clock.advance(200);
    expect((await sp(stub, token, "GET", definitionPath("BRACELET", US))).status).toBe(200);
    // The search has its own bucket.
    expect((await sp(stub, token, "GET", `/definitions/2020-09-01/productTypes?marketplaceIds=${US}`)).status).toBe(200);
  });

  it("answers @sp-api-sdk's ProductTypeDefinitionsApi as the app calls it", async () => {
    const { stub } = await start();
    const token = await authorize(stub, NA);
    const api = new ProductTypeDefinitionsApi(undefined, stub.url, axios.create({ headers: { "x-amz-access-token": token } }));
    const { data } = await api.getDefinitionsProductType({ productType: "BRACELET", marketplaceIds: [US], sellerId: NA, requirements: "LISTING", requirementsEnforced: "ENFORCED", locale: "DEFAULT" });
    expect(data.schema.checksum).toBe(md5(readFileSync(productTypeFixtures.bracelet)));
    const { data: found } = await api.searchDefinitionsProductTypes({ marketplaceIds: [US], keywords: ["BRACELET"] });
    expect(found.productTypes.map((type: { name: string }) => type.name)).toEqual(["BRACELET"]);
  });
});
