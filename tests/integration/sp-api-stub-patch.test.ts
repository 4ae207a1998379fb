// The SP-API stand-in's patchListingsItem (issue 34) against Amazon's Listings Items model: previews that change
// nothing, ACCEPTED changes that show only later, Amazon-shaped issues, the behaviours sellers report, and the
// preview's own 1/s bucket. No waiting: the clock is injected.
import { ListingsItemsApi } from "@sp-api-sdk/listings-items-api-2021-08-01";
import axios from "axios";
import { afterEach, describe, expect, it } from "vitest";
import { usagePlan } from "#tests/support/sp-api-models.ts";
import { authorize, NA, sp, startTestStub, US } from "#tests/support/sp-api-stub-calls.ts";
import { PATCH_APPLY_DELAY_MS } from "#tests/support/sp-api-stub-patch.ts";
import { publishUsagePlans, type SpApiStub, type StubListing } from "#tests/support/sp-api-stub.ts";

const stubs: SpApiStub[] = [];
async function start() {
  const started = await startTestStub();
  stubs.push(started.stub);
  const token = await authorize(started.stub, NA);
  const listing = started.stub.sellers[0]!.listings.find((candidate) => candidate.bullets.length >= 2 && candidate.marketplaceId === US)!;
  return { ...started, token, listing };
}
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

interface Submission {
  sku: string;
  status: "ACCEPTED" | "INVALID" | "VALID";
  submissionId: string;
  issues?: { code: string; message: string; severity: string; attributeNames?: string[]; categories: string[] }[];
  identifiers?: { marketplaceId: string; asin: string }[];
}
const text = (value: string) => ({ value, language_tag: "en_US", marketplace_id: US });
const itemPath = (listing: StubListing, query = "") => `/listings/2021-08-01/items/${NA}/${encodeURIComponent(listing.sku)}?marketplaceIds=${US}${query}`;
const copyPatch = (listing: StubListing, title: string) => ({
  productType: listing.productType,
  patches: [
    { op: "replace", path: "/attributes/item_name", value: [text(title)] },
    { op: "replace", path: "/attributes/bullet_point", value: [text("First bullet, rewritten"), text("Second bullet, rewritten")] },
  ],
});
async function live(stub: SpApiStub, token: string, listing: StubListing) {
  return (await sp<{ attributes: Record<string, { value: string }[]>; issues: { code: string; severity: string }[]; summaries: { itemName: string; lastUpdatedDate: string }[] }>(stub, token, "GET", itemPath(listing, "&includedData=attributes,issues,summaries"))).body;
}

describe("SP-API stand-in: patchListingsItem", () => {
  it("uses the model's Usage Plan for the PATCH, and issue 34's 1/s for the preview", () => {
    expect(publishUsagePlans.patchListingsItem).toEqual(usagePlan("listingsItems_2021-08-01.json", "/listings/2021-08-01/items/{sellerId}/{sku}", "patch"));
    expect(publishUsagePlans.patchListingsItemPreview).toEqual({ rate: 1, burst: 1 });
  });

  it("previews without changing anything: VALID with identifiers, INVALID with Amazon's issues", async () => {
    const { stub, token, listing } = await start();
    const before = await live(stub, token, listing);
    const preview = await sp<Submission>(stub, token, "PATCH", itemPath(listing, "&mode=VALIDATION_PREVIEW&includedData=issues,identifiers&issueLocale=en_US"), { body: copyPatch(listing, "A new title") });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("x-amzn-ratelimit-limit")).toBe("1");
    expect(preview.body).toEqual({ sku: listing.sku, status: "VALID", submissionId: expect.stringMatching(/^[0-9a-f]{32}$/), issues: [], identifiers: [{ marketplaceId: US, asin: listing.asin }] });
    expect(await live(stub, token, listing)).toEqual(before);
    expect(stub.pendingSubmissions()).toEqual([]);
  });

  it("ACCEPTED is not live: the change shows in getListingsItem after two reads or two seconds, with lastUpdatedDate moved", async () => {
    const { stub, clock, token, listing } = await start();
    const oldTitle = listing.title;
    const accepted = await sp<Submission>(stub, token, "PATCH", itemPath(listing), { body: copyPatch(listing, "Published title") });
    expect(accepted.headers.get("x-amzn-ratelimit-limit")).toBe("5");
    expect(accepted.body).toEqual({ sku: listing.sku, status: "ACCEPTED", submissionId: expect.stringMatching(/^[0-9a-f]{32}$/), issues: [] });
    expect(stub.pendingSubmissions(NA)).toEqual([expect.objectContaining({ sku: listing.sku, submissionId: accepted.body.submissionId, behaviour: "normal" })]);
    expect((await live(stub, token, listing)).attributes.item_name![0]!.value).toBe(oldTitle); // the first read: not yet
    const second = await live(stub, token, listing);
    expect(second.attributes.item_name).toEqual([text("Published title")]);
    expect(second.attributes.bullet_point!.map((entry) => entry.value)).toEqual(["First bullet, rewritten", "Second bullet, rewritten"]);
    expect(second.summaries[0]!.itemName).toBe("Published title");
    expect(second.summaries[0]!.lastUpdatedDate).toBe(new Date(clock.now).toISOString().replace(/\.\d{3}Z$/, "Z"));

    // By the clock: no read needed once PATCH_APPLY_DELAY_MS has passed.
    await sp<Submission>(stub, token, "PATCH", itemPath(listing), { body: { productType: listing.productType, patches: [{ op: "merge", path: "/attributes/generic_keyword", value: [text("bracelet charm gift")] }, { op: "delete", path: "/attributes/product_description" }] } });
    clock.advance(PATCH_APPLY_DELAY_MS);
    const third = await live(stub, token, listing);
    expect(third.attributes.generic_keyword).toEqual([text("bracelet charm gift")]);
    expect(third.attributes.product_description).toBeUndefined();
    expect(stub.pendingSubmissions()).toEqual([]);
  });

  it("answers 200 INVALID with Amazon's codes for what the product type's schema refuses, and sends nothing", async () => {
    const { stub, token, listing } = await start();
    stub.setProductTypeSchema(listing.productType, (schema) => {
      const properties = schema.properties as Record<string, { items: { properties: { value: Record<string, unknown> } } }>;
      properties.item_name!.items.properties.value.maxUtf8ByteLength = 30;
      return schema;
    }, { marketplaceId: US });
    const submit = async (patches: unknown[]) => (await sp<Submission>(stub, token, "PATCH", itemPath(listing), { body: { productType: listing.productType, patches } })).body;
    const unknown = await submit([{ op: "replace", path: "/attributes/b2b_purchasable_offer", value: [{ marketplace_id: US, value: 1 }] }]);
    expect(unknown).toMatchObject({ status: "INVALID", issues: [{ code: "4000001", message: "The provided value for 'b2b_purchasable_offer' is invalid.", severity: "ERROR", attributeNames: ["b2b_purchasable_offer"], categories: [] }] });
    const bytes = await submit([{ op: "replace", path: "/attributes/item_name", value: [text("Armband für Ärzte – größte Größe")] }]); // 29 characters, 35 bytes
    expect(bytes.issues).toEqual([expect.objectContaining({ code: "99022", attributeNames: ["item_name"], categories: ["INVALID_ATTRIBUTE"], message: expect.stringContaining("'30' bytes") })]);
    const empty = await submit([{ op: "replace", path: "/attributes/bullet_point", value: [text("")] }]);
    expect(empty.issues![0]).toMatchObject({ code: "99022", message: "The field 'value' for the attribute 'Bullet Point' does not have enough values. The required minimum is '1' value(s)." });
    const tooMany = await submit([{ op: "replace", path: "/attributes/bullet_point", value: Array.from({ length: 11 }, (_, i) => text(`Bullet ${i}`)) }]);
    expect(tooMany.issues![0]).toMatchObject({ code: "99016", message: "A maximum of 10 occurrence(s) is/are allowed for the attribute bullet_point but it currently occurs 11 times." });
    const required = await submit([{ op: "delete", path: "/attributes/item_name" }]);
    expect(required.issues![0]).toMatchObject({ code: "90220", message: "'item_name' is required but not supplied.", categories: ["MISSING_ATTRIBUTE"] });
    expect([unknown, bytes, empty, tooMany, required].map((answer) => answer.status)).toEqual(["INVALID", "INVALID", "INVALID", "INVALID", "INVALID"]);
    expect(stub.pendingSubmissions()).toEqual([]);
  });

  it("refuses malformed requests with 400 InvalidInput as Amazon does", async () => {
    const { stub, clock, token, listing } = await start();
    const bad = async (query: string, body: unknown, badOnPurpose = false) => {
      clock.advance(1000);
      return (await sp(stub, token, "PATCH", itemPath(listing, query), { body, badOnPurpose })).body.errors![0]!;
    };
    expect(await bad("", { productType: listing.productType, patches: [{ op: "replace", path: "/attributes/item_name/0/value", value: [text("x")] }] })).toMatchObject({ code: "InvalidInput", message: "Invalid path provided in patch at index of 0." });
    expect(await bad("", { productType: listing.productType, patches: [] })).toMatchObject({ code: "InvalidInput" });
    expect(await bad("", { patches: [{ op: "replace", path: "/attributes/item_name", value: [text("x")] }] })).toMatchObject({ code: "InvalidInput" });
    expect(await bad("", { productType: listing.productType, patches: [{ op: "move", path: "/attributes/item_name", value: [text("x")] }] })).toMatchObject({ message: "Invalid op provided in patch at index of 0." });
    expect(await bad("", { productType: "NOT_ITS_TYPE", patches: [{ op: "replace", path: "/attributes/item_name", value: [text("x")] }] })).toMatchObject({ code: "InvalidInput" });
    expect(await bad("&mode=LIVE", copyPatch(listing, "x"), true)).toMatchObject({ code: "InvalidInput" });
    expect(await bad("&includedData=identifiers", copyPatch(listing, "x"))).toMatchObject({ code: "InvalidInput" });
    const missing = await sp(stub, token, "PATCH", `/listings/2021-08-01/items/${NA}/NO-SUCH-SKU?marketplaceIds=${US}`, { body: copyPatch(listing, "x") });
    expect(missing.status).toBe(400);
    expect((await sp(stub, token, "PATCH", `/listings/2021-08-01/items/A2EUSTUBSELLER/${listing.sku}?marketplaceIds=${US}`, { body: copyPatch(listing, "x") })).status).toBe(403);
  });

  it("plays the behaviours sellers report: an issue later, no change, INVALID, and a preview VALID then refused with 90220", async () => {
    const { stub, clock, token } = await start();
    const [later, none, invalid, refused] = stub.sellers[0]!.listings.filter((candidate) => candidate.marketplaceId === US && !candidate.issues).slice(0, 4) as [StubListing, StubListing, StubListing, StubListing];
    stub.setBehaviour(NA, later.sku, "issue-later");
    stub.setBehaviour(NA, none.sku, "no-change");
    stub.setBehaviour(NA, invalid.sku, "invalid");
    stub.setBehaviour(NA, refused.sku, "preview-valid-submit-refused");

    const laterTitle = later.title;
    expect((await sp<Submission>(stub, token, "PATCH", itemPath(later), { body: copyPatch(later, "Rejected later") })).body.status).toBe("ACCEPTED");
    clock.advance(PATCH_APPLY_DELAY_MS);
    const afterIssue = await live(stub, token, later);
    expect(afterIssue.attributes.item_name![0]!.value).toBe(laterTitle);
    expect(afterIssue.issues).toEqual([expect.objectContaining({ code: "8541", severity: "ERROR", attributeNames: ["item_name"], categories: ["INVALID_ATTRIBUTE"] })]);

    const noneTitle = none.title;
    expect((await sp<Submission>(stub, token, "PATCH", itemPath(none), { body: copyPatch(none, "Never applied") })).body.status).toBe("ACCEPTED");
    clock.advance(600_000); // ten minutes (the access token lives an hour)
    for (let i = 0; i < 3; i++) expect((await live(stub, token, none)).attributes.item_name![0]!.value).toBe(noneTitle);
    expect(stub.pendingSubmissions(NA)).toEqual([expect.objectContaining({ sku: none.sku, behaviour: "no-change" })]);

    const invalidAnswer = (await sp<Submission>(stub, token, "PATCH", itemPath(invalid), { body: copyPatch(invalid, "Refused") })).body;
    expect(invalidAnswer).toMatchObject({ status: "INVALID", issues: [{ code: "4000001", severity: "ERROR", attributeNames: ["item_name"] }] });
    stub.setBehaviour(NA, invalid.sku, "invalid", { issues: [{ code: "90057", message: "The value you submitted for 'item_name' is not valid.", severity: "ERROR", attributeNames: ["item_name"] }] });
    expect((await sp<Submission>(stub, token, "PATCH", itemPath(invalid), { body: copyPatch(invalid, "Refused") })).body.issues).toEqual([{ code: "90057", message: "The value you submitted for 'item_name' is not valid.", severity: "ERROR", attributeNames: ["item_name"], categories: [] }]);

    expect((await sp<Submission>(stub, token, "PATCH", itemPath(refused, "&mode=VALIDATION_PREVIEW"), { body: copyPatch(refused, "Looks fine") })).body.status).toBe("VALID");
    const real = (await sp<Submission>(stub, token, "PATCH", itemPath(refused), { body: copyPatch(refused, "Looks fine") })).body;
    expect(real).toMatchObject({ status: "INVALID", issues: [{ code: "90220", severity: "ERROR", categories: ["MISSING_ATTRIBUTE"] }] });
    expect(real.issues![0]!.message).toMatch(/^'[a-z_]+' is required but not supplied\.$/);
  });

  it("keeps the preview's bucket (1/s, burst 1) apart from the PATCH's (5/s, burst 5)", async () => {
    const { stub, clock, token, listing } = await start();
    const preview = () => sp(stub, token, "PATCH", itemPath(listing, "&mode=VALIDATION_PREVIEW"), { body: copyPatch(listing, "Title") });
    expect((await preview()).status).toBe(200);
    const limited = await preview();
    expect(limited.status).toBe(429);
    expect(limited.body.errors![0]!.code).toBe("QuotaExceeded");
    expect(limited.headers.get("x-amzn-ratelimit-limit")).toBe("1");
    for (let i = 0; i < 5; i++) expect((await sp(stub, token, "PATCH", itemPath(listing), { body: copyPatch(listing, `Title ${i}`) })).status).toBe(200);
    expect((await sp(stub, token, "PATCH", itemPath(listing), { body: copyPatch(listing, "Title 6") })).status).toBe(429);
    clock.advance(999);
    expect((await preview()).status).toBe(429);
    clock.advance(1);
    expect((await preview()).status).toBe(200);
    expect(stub.requests.filter((request) => request.operation === "patchListingsItemPreview").map((request) => request.status)).toEqual([200, 429, 429, 200]);
  });

  it("answers @sp-api-sdk's ListingsItemsApi.patchListingsItem with and without the preview mode", async () => {
    const { stub, token, listing } = await start();
    const api = new ListingsItemsApi(undefined, stub.url, axios.create({ headers: { "x-amz-access-token": token } }));
    const body = copyPatch(listing, "From the SDK") as Parameters<typeof api.patchListingsItem>[0]["body"];
    const { data: preview } = await api.patchListingsItem({ sellerId: NA, sku: listing.sku, marketplaceIds: [US], body, mode: "VALIDATION_PREVIEW", includedData: ["issues"] });
    expect(preview.status).toBe("VALID");
    const { data: real } = await api.patchListingsItem({ sellerId: NA, sku: listing.sku, marketplaceIds: [US], body });
    expect(real.status).toBe("ACCEPTED");
  });
});
