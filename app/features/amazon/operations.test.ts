import { describe, expect, it } from "vitest";
import { operationFor, spacingMs, spApiOperations } from "./operations.ts";

describe("the SP-API operations table", () => {
  it("has a row for every operation the connection, the import and publishing call, with Amazon's documented rate and burst", () => {
    expect(Object.keys(spApiOperations).sort()).toEqual([
      "createFeed",
      "createFeedDocument",
      "createReport",
      "getDefinitionsProductType",
      "getFeed",
      "getFeedDocument",
      "getListingsItem",
      "getMarketplaceParticipations",
      "getReport",
      "getReportDocument",
      "patchListingsItem",
      "patchListingsItemPreview",
      "searchDefinitionsProductTypes",
      "searchListingsItems",
    ]);
    expect(spApiOperations.patchListingsItem).toMatchObject({ rate: 5, burst: 5 });
    expect(spApiOperations.patchListingsItemPreview).toMatchObject({ rate: 1 });
    expect(spApiOperations.createFeed).toMatchObject({ rate: 0.0083, burst: 15 });
    expect(spApiOperations.searchListingsItems).toMatchObject({ rate: 5, burst: 5 });
    expect(spApiOperations.getListingsItem).toMatchObject({ rate: 5, burst: 10 });
    expect(spApiOperations.getReport).toMatchObject({ rate: 2, burst: 15 });
    for (const row of Object.values(spApiOperations)) expect(row.purpose.length).toBeGreaterThan(10);
  });

  it("finds a request's row by method and path, and none for a call we never make", () => {
    expect(operationFor("GET", "/sellers/v1/marketplaceParticipations")?.name).toBe("getMarketplaceParticipations");
    expect(operationFor("post", "/reports/2021-06-30/reports")?.name).toBe("createReport");
    expect(operationFor("get", "/reports/2021-06-30/reports")).toBeUndefined();
    expect(operationFor("get", "/reports/2021-06-30/reports/12345")?.name).toBe("getReport");
    expect(operationFor("get", "/reports/2021-06-30/documents/amzn1.doc.1")?.name).toBe("getReportDocument");
    expect(operationFor("get", "/listings/2021-08-01/items/A1SELLER")?.name).toBe("searchListingsItems");
    expect(operationFor("get", "/listings/2021-08-01/items/A1SELLER/SKU-1")?.name).toBe("getListingsItem");
    expect(operationFor("put", "/listings/2021-08-01/items/A1SELLER/SKU-1")).toBeUndefined();
    expect(operationFor("patch", "/listings/2021-08-01/items/A1SELLER/SKU-1", new URLSearchParams("marketplaceIds=ATVPDKIKX0DER"))?.name).toBe("patchListingsItem");
    expect(operationFor("patch", "/listings/2021-08-01/items/A1SELLER/SKU-1", new URLSearchParams("mode=VALIDATION_PREVIEW"))?.name).toBe("patchListingsItemPreview");
    expect(operationFor("get", "/definitions/2020-09-01/productTypes/BRACELET")?.name).toBe("getDefinitionsProductType");
    expect(operationFor("get", "/feeds/2021-06-30/feeds/50001")?.name).toBe("getFeed");
    expect(operationFor("get", "/listings/2021-08-01/items/A1SELLER/SKU-1/extra")).toBeUndefined();
  });

  it("spaces requests at the sustained rate, faster with a rate scale", () => {
    expect(spacingMs(spApiOperations.searchListingsItems)).toBe(200);
    expect(spacingMs(spApiOperations.createReport)).toBe(59_881);
    expect(spacingMs(spApiOperations.createReport, 100)).toBe(599);
  });
});
