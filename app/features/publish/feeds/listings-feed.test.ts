import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { copyToAttributes, patchesFor } from "../copy-attributes.ts";
import { buildListingsFeed, bulkFeedThreshold, choosePublishPath, feedFloorMs, MAX_FEED_MESSAGES, outcomesFromReport, outcomesWithoutReport, patchesFloorMs, processingReportSchema } from "./listings-feed.ts";

// Amazon's own schemas (tests/fixtures/sp-api-models/README.md: amzn/selling-partner-api-models, Apache-2.0).
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../../../tests/fixtures/sp-api-models/${name}`, import.meta.url), "utf8")) as object;
const ajv = new Ajv({ strict: false, allErrors: true });
const validFeed = ajv.compile(fixture("listings-feed-schema-v2.json"));
const validReport = ajv.compile(fixture("listings-feed-processing-report-schema-v2.json"));

const us = { marketplaceId: "ATVPDKIKX0DER", languageTag: "en_US" };
const copyOf = (i: number): ListingCopy => ({ title: `Steel Bottle ${i}, 750 ml`, itemHighlights: "", bullets: ["Double wall", "Dishwasher safe"], description: "A bottle.", searchTerms: "flask thermos" });
const live = { item_name: [{ value: "Old name", language_tag: "en_US", marketplace_id: us.marketplaceId }], bullet_point: [{ value: "Double wall", language_tag: "en_US", marketplace_id: us.marketplaceId }, { value: "Dishwasher safe", language_tag: "en_US", marketplace_id: us.marketplaceId }] };
const messageOf = (i: number) => ({ messageId: i, sku: `SKU-${i}`, productType: "BOTTLE", patches: patchesFor(copyToAttributes(copyOf(i), us, null), live, us) });

describe("buildListingsFeed", () => {
  it("builds a feed Amazon's listings-feed-schema-v2 accepts: header, one PATCH message per listing with copy-attributes' patches", () => {
    const feed = buildListingsFeed({ sellerId: "A2NASTUBSELLER", issueLocale: "de_DE", messages: [messageOf(1), messageOf(2)] });
    expect(validFeed(feed), JSON.stringify(validFeed.errors)).toBe(true);
    expect(feed.header).toEqual({ sellerId: "A2NASTUBSELLER", version: "2.0", issueLocale: "de_DE" });
    expect(feed.messages[0]).toEqual({ messageId: 1, sku: "SKU-1", operationType: "PATCH", productType: "BOTTLE", patches: messageOf(1).patches });
    // Only what changed: the bullets are the same live, the name and the rest are not.
    expect(feed.messages[0]!.patches.map((patch) => patch.path)).toEqual(["/attributes/item_name", "/attributes/product_description", "/attributes/generic_keyword"]);
    expect(feed.messages[0]!.patches[0]).toEqual({ op: "replace", path: "/attributes/item_name", value: [{ value: "Steel Bottle 1, 750 ml", language_tag: "en_US", marketplace_id: us.marketplaceId }] });
  });

  it("keeps a delete patch (an emptied section) valid too", () => {
    const emptied = patchesFor(copyToAttributes({ ...copyOf(3), description: "" }, us, null), { ...live, product_description: [{ value: "Old", language_tag: "en_US", marketplace_id: us.marketplaceId }] }, us);
    const feed = buildListingsFeed({ sellerId: "S", messages: [{ messageId: 7, sku: "SKU-7", productType: "BOTTLE", patches: emptied }] });
    expect(feed.messages[0]!.patches).toContainEqual({ op: "delete", path: "/attributes/product_description", value: [{ marketplace_id: us.marketplaceId, language_tag: "en_US" }] });
    expect(validFeed(feed), JSON.stringify(validFeed.errors)).toBe(true);
  });

  it("refuses what Amazon's schema or the report's correlation would not survive", () => {
    expect(() => buildListingsFeed({ sellerId: "S", messages: [] })).toThrow(RangeError);
    expect(() => buildListingsFeed({ sellerId: "S", messages: [messageOf(1), messageOf(1)] })).toThrow(/twice/);
    expect(() => buildListingsFeed({ sellerId: "S", messages: [{ ...messageOf(1), messageId: 0 }] })).toThrow(RangeError);
    expect(() => buildListingsFeed({ sellerId: "S", messages: [{ ...messageOf(1), patches: [] }] })).toThrow(/no patches/);
    const one = messageOf(1);
    expect(() => buildListingsFeed({ sellerId: "S", messages: Array.from({ length: MAX_FEED_MESSAGES + 1 }, (_, i) => ({ ...one, messageId: i + 1 })) })).toThrow(/25000/);
    // The schema itself refuses what the builder refuses.
    expect(validFeed({ header: { sellerId: "S", version: "2.0" }, messages: [] })).toBe(false);
  });
});

describe("the processing report", () => {
  const report = {
    header: { sellerId: "S", version: "2.0", feedId: "50000001009" },
    issues: [
      { messageId: 2, sku: "SKU-2", code: "99022", severity: "ERROR", message: "The value for the attribute 'Item Name' is 301 bytes long.", attributeName: "item_name" },
      { messageId: 3, sku: "SKU-3", code: "99300", severity: "WARNING", message: "Product Detail Page Rules Violation" },
    ],
    summary: { errors: 1, warnings: 1, messagesProcessed: 3, messagesAccepted: 2, messagesInvalid: 1 },
  };

  it("maps each message's issues back to its SKU by messageId: an ERROR makes it invalid, a WARNING does not", () => {
    expect(validReport(report)).toBe(true);
    const outcomes = outcomesFromReport(processingReportSchema.parse(report), [1, 2, 3].map((i) => ({ messageId: i, sku: `SKU-${i}` })), "DONE");
    expect(outcomes).toEqual([
      { messageId: 1, sku: "SKU-1", status: "accepted", issues: [] },
      { messageId: 2, sku: "SKU-2", status: "invalid", issues: [{ code: "99022", severity: "ERROR", message: report.issues[0]!.message, attributeNames: ["item_name"] }] },
      { messageId: 3, sku: "SKU-3", status: "accepted", issues: [{ code: "99300", severity: "WARNING", message: "Product Detail Page Rules Violation", attributeNames: [] }] },
    ]);
  });

  it("a FATAL feed refuses every message with the feed's own issue; a cancelled one without a report too", () => {
    const fatal = { header: report.header, issues: [{ code: "100001", severity: "ERROR", message: "The feed does not match the JSON_LISTINGS_FEED schema." }], summary: { errors: 1, warnings: 0, messagesProcessed: 0, messagesAccepted: 0, messagesInvalid: 0 } };
    expect(validReport(fatal)).toBe(true);
    const outcomes = outcomesFromReport(processingReportSchema.parse(fatal), [{ messageId: 1, sku: "A" }, { messageId: 2, sku: "B" }], "FATAL");
    expect(outcomes.map((outcome) => [outcome.sku, outcome.status, outcome.issues[0]?.code])).toEqual([["A", "invalid", "100001"], ["B", "invalid", "100001"]]);
    expect(outcomesWithoutReport([{ messageId: 1, sku: "A" }], "CANCELLED")[0]).toMatchObject({ status: "invalid", issues: [{ code: "CANCELLED", severity: "ERROR" }] });
  });
});

describe("paced patches or one feed", () => {
  it("floors from Amazon's rates: patches 5/s after a burst of 5, a feed its processing plus any wait for a createFeed token", () => {
    expect(patchesFloorMs(5)).toBe(0);
    expect(patchesFloorMs(500)).toBe(99_000);
    expect(patchesFloorMs(500, 20)).toBeCloseTo(4_950);
    expect(feedFloorMs({ feedProcessingMs: 60_000 })).toBe(60_000);
    // 15 feeds spent the burst: the 16th waits 1 / 0.0083 s.
    expect(feedFloorMs({ feedProcessingMs: 60_000, recentFeeds: 15 })).toBeCloseTo(60_000 + 1000 / 0.0083);
  });

  it("chooses the feed exactly above the threshold (1,505 listings at Amazon's rates and 5 minutes of processing)", () => {
    expect(bulkFeedThreshold()).toBe(1_506);
    expect(choosePublishPath(1_505).path).toBe("patches");
    expect(choosePublishPath(1_506).path).toBe("feed");
    expect(choosePublishPath(500)).toEqual({ path: "patches", patchesMs: 99_000, feedMs: 300_000 });
    // The stand-in processes a feed in 2 s: a feed from 16 listings.
    expect(bulkFeedThreshold({ feedProcessingMs: 2_000 })).toBe(16);
    expect(choosePublishPath(500, { feedProcessingMs: 2_000 }).path).toBe("feed");
    // Every createFeed token spent: patches again for a while.
    expect(choosePublishPath(500, { feedProcessingMs: 2_000, recentFeeds: 15 }).path).toBe("patches");
  });
});
