// The SP-API stand-in's Feeds API (issue 34) against Amazon's Feeds model and listings feed schemas: a
// JSON_LISTINGS_FEED uploaded, processed over polls, its processing report valid per
// listings-feed-processing-report-schema-v2, each message applied like a PATCH (behaviours included), a malformed feed FATAL.
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { usagePlan } from "#tests/support/sp-api-models.ts";
import { authorize, NA, sp, startTestStub, US } from "#tests/support/sp-api-stub-calls.ts";
import { publishUsagePlans, type SpApiStub } from "#tests/support/sp-api-stub.ts";

const stubs: SpApiStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});
const reportSchema = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(new URL("../fixtures/sp-api-models/listings-feed-processing-report-schema-v2.json", import.meta.url), "utf8")) as object);
const feedSchema = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(new URL("../fixtures/sp-api-models/listings-feed-schema-v2.json", import.meta.url), "utf8")) as object);
const text = (value: string) => ({ value, language_tag: "en_US", marketplace_id: US });

/** Uploads a feed body and runs it to its end; returns the feed's statuses and its processing report. */
async function runFeed(stub: SpApiStub, token: string, body: string) {
  const document = await sp<{ feedDocumentId: string; url: string }>(stub, token, "POST", "/feeds/2021-06-30/documents", { body: { contentType: "application/json; charset=UTF-8" } });
  expect(document.status).toBe(201);
  const upload = await fetch(document.body.url, { method: "PUT", headers: { "content-type": "application/json; charset=UTF-8" }, body });
  expect(upload.status).toBe(200);
  const created = await sp<{ feedId: string }>(stub, token, "POST", "/feeds/2021-06-30/feeds", { body: { feedType: "JSON_LISTINGS_FEED", marketplaceIds: [US], inputFeedDocumentId: document.body.feedDocumentId } });
  expect(created.status).toBe(202);
  const statuses: string[] = [];
  let feed: { processingStatus: string; resultFeedDocumentId?: string };
  do {
    feed = (await sp<typeof feed>(stub, token, "GET", `/feeds/2021-06-30/feeds/${created.body.feedId}`)).body;
    statuses.push(feed.processingStatus);
  } while (feed.processingStatus === "IN_QUEUE" || feed.processingStatus === "IN_PROGRESS");
  const result = await sp<{ feedDocumentId: string; url: string }>(stub, token, "GET", `/feeds/2021-06-30/documents/${encodeURIComponent(feed.resultFeedDocumentId!)}`);
  const report = (await (await fetch(result.body.url)).json()) as { header: { feedId: string }; issues: { messageId?: number; sku?: string; code?: string; severity: string; attributeName?: string }[]; summary: Record<string, number>; items?: { sku: string }[] };
  expect(reportSchema(report), JSON.stringify(reportSchema.errors)).toBe(true);
  expect(stub.feedReport(created.body.feedId)).toEqual(report);
  return { feedId: created.body.feedId, statuses, report };
}

describe("SP-API stand-in: Feeds (JSON_LISTINGS_FEED)", () => {
  it("uses the Usage Plans of the Feeds model", () => {
    const file = "feeds_2021-06-30.json";
    expect(publishUsagePlans.createFeedDocument).toEqual(usagePlan(file, "/feeds/2021-06-30/documents", "post"));
    expect(publishUsagePlans.createFeed).toEqual(usagePlan(file, "/feeds/2021-06-30/feeds", "post"));
    expect(publishUsagePlans.getFeed).toEqual(usagePlan(file, "/feeds/2021-06-30/feeds/{feedId}", "get"));
    expect(publishUsagePlans.getFeedDocument).toEqual(usagePlan(file, "/feeds/2021-06-30/documents/{feedDocumentId}", "get"));
  });

  it("processes a feed over polls, reports each message's issues, and applies accepted messages like patches (behaviours included)", async () => {
    const { stub } = await startTestStub();
    stubs.push(stub);
    const token = await authorize(stub, NA);
    const [good, refused, later] = stub.sellers[0]!.listings.filter((listing) => listing.marketplaceId === US && !listing.issues).slice(0, 3);
    stub.setBehaviour(NA, refused!.sku, "invalid");
    stub.setBehaviour(NA, later!.sku, "no-change");
    const body = {
      header: { sellerId: NA, version: "2.0", issueLocale: "en_US", report: { includedData: ["issues"], apiVersion: "2021-08-01" } },
      messages: [
        { messageId: 1, sku: good!.sku, operationType: "PATCH", productType: good!.productType, patches: [{ op: "replace", path: "/attributes/item_name", value: [text("From the feed")] }] },
        { messageId: 2, sku: refused!.sku, operationType: "PATCH", productType: refused!.productType, patches: [{ op: "replace", path: "/attributes/item_name", value: [text("Refused")] }] },
        { messageId: 3, sku: later!.sku, operationType: "PARTIAL_UPDATE", productType: later!.productType, attributes: { item_name: [text("Never applied")] } },
        { messageId: 4, sku: "NO-SUCH-SKU", operationType: "PATCH", productType: "PRODUCT", patches: [{ op: "replace", path: "/attributes/item_name", value: [text("x")] }] },
      ],
    };
    expect(feedSchema(body)).toBe(true); // what we send is a valid listings feed
    const { statuses, report } = await runFeed(stub, token, JSON.stringify(body));
    expect(statuses).toEqual(["IN_QUEUE", "IN_PROGRESS", "DONE"]);
    expect(report.summary).toMatchObject({ messagesProcessed: 4, messagesAccepted: 2, messagesInvalid: 2, errors: 2, warnings: 0 });
    expect(report.issues).toEqual([
      expect.objectContaining({ messageId: 2, sku: refused!.sku, code: "4000001", severity: "ERROR", attributeName: "item_name" }),
      expect.objectContaining({ messageId: 4, sku: "NO-SUCH-SKU", severity: "ERROR" }),
    ]);
    expect(report.items).toHaveLength(3);
    expect(stub.pendingSubmissions(NA).map((entry) => entry.sku).sort()).toEqual([good!.sku, later!.sku].sort());
    const item = await sp<{ attributes: { item_name: { value: string }[] } }>(stub, token, "GET", `/listings/2021-08-01/items/${NA}/${encodeURIComponent(good!.sku)}?marketplaceIds=${US}&includedData=attributes`);
    await sp(stub, token, "GET", `/listings/2021-08-01/items/${NA}/${encodeURIComponent(good!.sku)}?marketplaceIds=${US}&includedData=attributes`);
    expect(item.body.attributes.item_name[0]!.value).not.toBe("From the feed"); // the first read: not applied yet
    expect(stub.sellers[0]!.listings.find((listing) => listing.sku === good!.sku)!.title).toBe("From the feed");
  });

  it("answers a malformed feed FATAL with a report, and refuses what Amazon refuses", async () => {
    const { stub, clock } = await startTestStub();
    stubs.push(stub);
    const token = await authorize(stub, NA);
    const notJson = await runFeed(stub, token, "{ not json");
    expect(notJson.statuses.at(-1)).toBe("FATAL");
    expect(notJson.report.summary).toMatchObject({ errors: 1, messagesProcessed: 0 });
    const wrongShape = await runFeed(stub, token, JSON.stringify({ header: { sellerId: NA, version: "1.0" }, messages: [] }));
    expect(wrongShape.statuses.at(-1)).toBe("FATAL");
    const otherSeller = await runFeed(stub, token, JSON.stringify({ header: { sellerId: "A2EUSTUBSELLER", version: "2.0" }, messages: [{ messageId: 1, sku: "X", operationType: "DELETE" }] }));
    expect(otherSeller.statuses.at(-1)).toBe("FATAL");

    clock.advance(60_000);
    expect((await sp(stub, token, "POST", "/feeds/2021-06-30/feeds", { body: { feedType: "POST_PRODUCT_DATA", marketplaceIds: [US], inputFeedDocumentId: "x" } })).status).toBe(400);
    expect((await sp(stub, token, "POST", "/feeds/2021-06-30/feeds", { body: { feedType: "JSON_LISTINGS_FEED", marketplaceIds: [US], inputFeedDocumentId: "amzn1.tortuga.4.na.nothing" } })).status).toBe(400);
    expect((await sp(stub, token, "GET", "/feeds/2021-06-30/feeds/999")).status).toBe(404);
    expect((await sp(stub, token, "GET", "/feeds/2021-06-30/documents/amzn1.tortuga.4.na.nothing")).status).toBe(404);
    const document = (await sp<{ url: string }>(stub, token, "POST", "/feeds/2021-06-30/documents", { body: { contentType: "application/json" } })).body;
    expect((await fetch(document.url, { method: "PUT", headers: { "content-type": "text/xml" }, body: "<x/>" })).status).toBe(403); // not the signed content type
    clock.advance(300_000); // the upload link lives 5 minutes
    const expired = await fetch(document.url, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
  });

  it("spends createFeed's burst of 15 and refills it at 0.0083 per second", async () => {
    const { stub, clock } = await startTestStub();
    stubs.push(stub);
    const token = await authorize(stub, NA);
    const create = () => sp(stub, token, "POST", "/feeds/2021-06-30/feeds", { body: { feedType: "JSON_LISTINGS_FEED", marketplaceIds: [US], inputFeedDocumentId: "missing" } });
    for (let i = 0; i < 15; i++) expect((await create()).status).toBe(400);
    const limited = await create();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-amzn-ratelimit-limit")).toBe("0.0083");
    clock.advance(Math.ceil(1000 / 0.0083));
    expect((await create()).status).toBe(400);
  });
});
