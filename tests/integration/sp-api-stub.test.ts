// The Selling Partner API stand-in against Amazon's own models (tests/fixtures/sp-api-models/): every answer it gives
// here validates against the model's response schema for its status, every request we make against the model's
// query parameters; plus Login with Amazon, the consent page, rate limits, paging and the report flow, and the
// maintained SDK clients talking to it. No waiting: the clock is injected.
import { ListingsItemsApi } from "@sp-api-sdk/listings-items-api-2021-08-01";
import { ReportsApi } from "@sp-api-sdk/reports-api-2021-06-30";
import axios from "axios";
import { afterEach, describe, expect, it } from "vitest";
import { usagePlan } from "#tests/support/sp-api-models.ts";
import { appId, clientId, clientSecret, DE, NA, redirectUri, sp, US, type SpAnswer } from "#tests/support/sp-api-stub-calls.ts";
import {
  ACCESS_TOKEN_LIFETIME_S,
  allListingsReportColumns,
  seededSellers,
  startSpApiStub,
  usagePlans,
  type SpApiStub,
  type SpApiStubOptions,
  type StubListing,
  type StubSeller,
} from "#tests/support/sp-api-stub.ts";

let clock = Date.UTC(2026, 10, 28, 12);
const stubs: SpApiStub[] = [];
async function stub(options: Partial<SpApiStubOptions> = {}): Promise<SpApiStub> {
  clock = Date.UTC(2026, 10, 28, 12);
  const started = await startSpApiStub({ clientId, clientSecret, appId, redirectUris: [redirectUri], now: () => clock, ...options });
  stubs.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((started) => started.close()));
});

async function lwa(base: SpApiStub, form: Record<string, string>): Promise<{ status: number; body: Record<string, string | number> }> {
  const response = await fetch(`${base.url}/auth/o2/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

/** Seller Central's consent form, posted as the browser would; returns the redirect's query. */
async function consent(base: SpApiStub, fields: Record<string, string>): Promise<{ status: number; query: URLSearchParams; location: string | null }> {
  const response = await fetch(`${base.url}/apps/authorize/consent`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  const location = response.headers.get("location");
  return { status: response.status, location, query: new URL(location ?? "http://invalid/").searchParams };
}

async function authorize(base: SpApiStub, sellerId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const { query } = await consent(base, { application_id: appId, state: "s1", seller_id: sellerId, decision: "approve" });
  const { body } = await lwa(base, { grant_type: "authorization_code", code: query.get("spapi_oauth_code")!, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret });
  return { accessToken: String(body.access_token), refreshToken: String(body.refresh_token) };
}


describe("SP-API stand-in: Amazon's models", () => {
  it("uses the rate and burst of each operation's Usage Plan in the model files", () => {
    expect(usagePlans).toEqual({
      getMarketplaceParticipations: usagePlan("sellers.json", "/sellers/v1/marketplaceParticipations", "get"),
      createReport: usagePlan("reports_2021-06-30.json", "/reports/2021-06-30/reports", "post"),
      getReport: usagePlan("reports_2021-06-30.json", "/reports/2021-06-30/reports/{reportId}", "get"),
      getReportDocument: usagePlan("reports_2021-06-30.json", "/reports/2021-06-30/documents/{reportDocumentId}", "get"),
      searchListingsItems: usagePlan("listingsItems_2021-08-01.json", "/listings/2021-08-01/items/{sellerId}", "get"),
      getListingsItem: usagePlan("listingsItems_2021-08-01.json", "/listings/2021-08-01/items/{sellerId}/{sku}", "get"),
    });
  });

  it("answers every operation we use, successes and errors, as the models describe them", async () => {
    const base = await stub();
    const { accessToken } = await authorize(base, NA);
    const participations = await sp(base, accessToken, "GET", "/sellers/v1/marketplaceParticipations");
    expect(participations.body.payload).toEqual([expect.objectContaining({ marketplace: expect.objectContaining({ id: US, countryCode: "US", domainName: "www.amazon.com" }) })]);

    const search = await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}?marketplaceIds=${US}&includedData=summaries,attributes,issues,offers,fulfillmentAvailability,productTypes,relationships&pageSize=20`);
    expect(search.status).toBe(200);
    const items = search.body.items as { sku: string; summaries: { itemName: string }[]; attributes: Record<string, { value: string; language_tag: string; marketplace_id: string }[]>; issues: unknown[] }[];
    expect(items).toHaveLength(20);
    expect(search.headers.get("x-amzn-ratelimit-limit")).toBe("5");
    const seeded = base.sellers[0]!.listings;
    const withBullets = seeded.find((listing) => listing.bullets.length > 2 && items.some((item) => item.sku === listing.sku))!;
    const item = items.find((candidate) => candidate.sku === withBullets.sku)!;
    expect(item.summaries[0]!.itemName).toBe(withBullets.title);
    expect(item.attributes.item_name).toEqual([{ language_tag: "en_US", value: withBullets.title, marketplace_id: US }]);
    expect(item.attributes.bullet_point!.map((entry) => entry.value)).toEqual(withBullets.bullets);

    const withIssue = seeded.find((listing) => listing.issues)!;
    const one = await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}/${encodeURIComponent(withIssue.sku)}?marketplaceIds=${US}&includedData=summaries,issues`);
    expect(one.body.issues).toEqual([expect.objectContaining({ code: withIssue.issues![0]!.code, severity: withIssue.issues![0]!.severity })]);
    expect(one.body.attributes).toBeUndefined(); // includedData honoured

    expect((await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}/NO-SUCH-SKU?marketplaceIds=${US}`)).status).toBe(404);
    expect((await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}?marketplaceIds=${US}&pageSize=21`, { badOnPurpose: true })).body.errors![0]!.code).toBe("InvalidInput");
    const tooMany = Array.from({ length: 21 }, (_, i) => `SKU-${i}`).join(",");
    expect((await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}?marketplaceIds=${US}&identifiers=${tooMany}&identifiersType=SKU`, { badOnPurpose: true })).status).toBe(400);
    expect((await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}?marketplaceIds=${US},${DE}`, { badOnPurpose: true })).status).toBe(400);
    clock += 10_000; // refill searchListingsItems
    const bySku = await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}?marketplaceIds=${US}&identifiers=${seeded[0]!.sku},${seeded[1]!.sku}&identifiersType=SKU`);
    expect((bySku.body.items as { sku: string }[]).map((found) => found.sku).sort()).toEqual([seeded[0]!.sku, seeded[1]!.sku].sort());
    const otherSeller = await sp(base, accessToken, "GET", `/listings/2021-08-01/items/A2EUSTUBSELLER?marketplaceIds=${DE}`);
    expect(otherSeller.status).toBe(403);
    expect((await sp(base, undefined, "GET", "/sellers/v1/marketplaceParticipations")).status).toBe(403);
    expect((await sp(base, accessToken, "POST", "/reports/2021-06-30/reports", { body: { reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds: [DE] } })).status).toBe(400);
    expect((await sp(base, accessToken, "GET", "/reports/2021-06-30/reports/999")).status).toBe(404);
    expect((await sp(base, accessToken, "GET", "/reports/2021-06-30/documents/amzn1.spdoc.1.4.na.nothing")).status).toBe(404);
  });
});

describe("SP-API stand-in: Login with Amazon", () => {
  it("exchanges a code once, within 5 minutes, and refreshes until the seller revokes", async () => {
    const base = await stub();
    const first = await consent(base, { application_id: appId, state: "abc", seller_id: NA, decision: "approve" });
    const code = first.query.get("spapi_oauth_code")!;
    const exchange = { grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret };
    expect(await lwa(base, { ...exchange, client_secret: "wrong" })).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    const granted = await lwa(base, exchange);
    expect(granted).toMatchObject({ status: 200, body: { token_type: "bearer", expires_in: 3600 } });
    expect(String(granted.body.access_token)).toMatch(/^Atza\|/);
    expect(String(granted.body.refresh_token)).toMatch(/^Atzr\|/);
    expect(await lwa(base, exchange)).toMatchObject({ status: 400, body: { error: "invalid_grant" } }); // used twice

    const late = await consent(base, { application_id: appId, state: "abc", seller_id: NA, decision: "approve" });
    clock += 5 * 60_000 + 1;
    expect(await lwa(base, { ...exchange, code: late.query.get("spapi_oauth_code")! })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await lwa(base, { ...exchange, grant_type: "password" })).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    expect(await lwa(base, { client_id: clientId, client_secret: clientSecret })).toMatchObject({ status: 400, body: { error: "invalid_request" } });

    const refresh = { grant_type: "refresh_token", refresh_token: String(granted.body.refresh_token), client_id: clientId, client_secret: clientSecret };
    const refreshed = await lwa(base, refresh);
    expect(refreshed).toMatchObject({ status: 200, body: { refresh_token: granted.body.refresh_token, expires_in: 3600 } });
    const token = String(refreshed.body.access_token);
    expect((await sp(base, token, "GET", "/sellers/v1/marketplaceParticipations")).status).toBe(200);

    clock += ACCESS_TOKEN_LIFETIME_S * 1000; // the access token expires after 3600 s
    const expired = await sp(base, token, "GET", "/sellers/v1/marketplaceParticipations");
    expect(expired.status).toBe(403);
    expect(expired.body.errors![0]).toMatchObject({ code: "Unauthorized" });

    const fresh = String((await lwa(base, refresh)).body.access_token);
    base.revoke(NA);
    expect(await lwa(base, refresh)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await sp(base, fresh, "GET", "/sellers/v1/marketplaceParticipations")).status).toBe(403);
  });
});

describe("SP-API stand-in: Seller Central consent", () => {
  it("renders the picker, redirects with the code on Confirm and access_denied on Cancel, and refuses what Seller Central refuses", async () => {
    const base = await stub();
    const page = await fetch(`${base.url}/apps/authorize/consent?application_id=${appId}&state=st%26x`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<label for="seller_id">Selling account</label>');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Confirm<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny">Cancel<\/button>/);
    expect(html).toContain('value="st&#38;x"');

    const approved = await consent(base, { application_id: appId, state: "st&x", seller_id: "A2EUSTUBSELLER", decision: "approve" });
    expect(approved.status).toBe(302);
    expect(approved.location!.startsWith(`${redirectUri}?`)).toBe(true);
    expect(Object.fromEntries(approved.query)).toEqual({ state: "st&x", selling_partner_id: "A2EUSTUBSELLER", spapi_oauth_code: expect.stringMatching(/^[A-Z0-9]{20}$/) });

    const denied = await consent(base, { application_id: appId, state: "st2", seller_id: NA, decision: "deny" });
    expect(denied.status).toBe(302);
    expect(Object.fromEntries(denied.query)).toEqual({ state: "st2", error: "access_denied", error_description: expect.any(String) });

    expect((await fetch(`${base.url}/apps/authorize/consent?application_id=amzn1.sp.solution.other&state=x`)).status).toBe(400);
    expect((await fetch(`${base.url}/apps/authorize/consent?application_id=${appId}&state=x&redirect_uri=${encodeURIComponent("https://evil.example/cb")}`)).status).toBe(400);
    expect((await consent(base, { application_id: appId, state: "x", seller_id: NA, decision: "approve", redirect_uri: "https://evil.example/cb" })).status).toBe(400);

    const draft = await stub({ draft: true });
    expect((await fetch(`${draft.url}/apps/authorize/consent?application_id=${appId}&state=x`)).status).toBe(400);
    expect((await fetch(`${draft.url}/apps/authorize/consent?application_id=${appId}&state=x&version=beta`)).status).toBe(200);
  });
});

describe("SP-API stand-in: rate limits", () => {
  it("spends the burst, answers 429 QuotaExceeded with x-amzn-RateLimit-Limit, and lets a request through after the refill", async () => {
    const base = await stub();
    const { accessToken } = await authorize(base, NA);
    const search = `/listings/2021-08-01/items/${NA}?marketplaceIds=${US}`;
    for (let i = 0; i < usagePlans.searchListingsItems.burst; i++) expect((await sp(base, accessToken, "GET", search)).status).toBe(200);
    const limited = await sp(base, accessToken, "GET", search);
    expect(limited.status).toBe(429);
    expect(limited.body.errors![0]!.code).toBe("QuotaExceeded");
    expect(limited.headers.get("x-amzn-ratelimit-limit")).toBe("5");
    clock += 199; // 5 per second: one token takes 200 ms
    expect((await sp(base, accessToken, "GET", search)).status).toBe(429);
    clock += 1;
    expect((await sp(base, accessToken, "GET", search)).status).toBe(200);
    // Buckets are per operation: getListingsItem still has its burst of 10.
    expect((await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${NA}/${encodeURIComponent(base.sellers[0]!.listings[0]!.sku)}?marketplaceIds=${US}`)).status).toBe(200);
    expect(base.requests.filter((request) => request.operation === "searchListingsItems").map((request) => request.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 200]);
  });

  it("multiplies the rates by rateScale and keeps the bursts", async () => {
    const base = await stub({ rateScale: 1000 });
    const { accessToken } = await authorize(base, NA);
    for (let i = 0; i < 15; i++) expect((await sp(base, accessToken, "GET", "/sellers/v1/marketplaceParticipations")).status).toBe(200);
    const limited = await sp(base, accessToken, "GET", "/sellers/v1/marketplaceParticipations");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-amzn-ratelimit-limit")).toBe("16"); // 0.016 × 1000
    clock += 63; // 16 per second: a token in 62.5 ms
    expect((await sp(base, accessToken, "GET", "/sellers/v1/marketplaceParticipations")).status).toBe(200);
  });
});

describe("SP-API stand-in: paging", () => {
  it("pages at most 1,000 SKUs of a seller with more, 20 at a time", async () => {
    const template = seededSellers()[0]!.listings[0]!;
    const listings: StubListing[] = Array.from({ length: 1050 }, (_, i) => ({
      ...template,
      sku: `BULK-${String(i).padStart(4, "0")}`,
      title: `${template.title} ${i}`,
      lastUpdatedDate: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    }));
    const seller: StubSeller = { sellerId: "A2BULKSELLER01", region: "na", marketplaceIds: [US], listings };
    const base = await stub({ sellers: [seller] });
    const { accessToken } = await authorize(base, seller.sellerId);
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const answer = await sp(base, accessToken, "GET", `/listings/2021-08-01/items/${seller.sellerId}?marketplaceIds=${US}&pageSize=20${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ""}`);
      expect(answer.status).toBe(200);
      expect(answer.body.numberOfResults).toBe(1050);
      seen.push(...(answer.body.items as { sku: string }[]).map((item) => item.sku));
      pageToken = (answer.body.pagination as { nextToken?: string } | undefined)?.nextToken;
      pages++;
      clock += 1000; // stay inside 5 requests per second
    } while (pageToken);
    expect(pages).toBe(50);
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(seen[0]).toBe("BULK-1049"); // newest first: lastUpdatedDate DESC is Amazon's default
  });
});

describe("SP-API stand-in: All Listings Report", () => {
  it("creates the report, finishes it over a few polls, and serves the TSV with Seller Central's columns", async () => {
    const base = await stub();
    const { accessToken } = await authorize(base, "A2EUSTUBSELLER");
    const created = await sp(base, accessToken, "POST", "/reports/2021-06-30/reports", { body: { reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds: [DE] } });
    expect(created.status).toBe(202);
    const reportId = String(created.body.reportId);
    const statuses: string[] = [];
    let report: SpAnswer["body"];
    do {
      report = (await sp(base, accessToken, "GET", `/reports/2021-06-30/reports/${reportId}`)).body;
      statuses.push(String(report.processingStatus));
    } while (report.processingStatus !== "DONE");
    expect(statuses).toEqual(["IN_QUEUE", "IN_PROGRESS", "DONE"]);
    const document = await sp(base, accessToken, "GET", `/reports/2021-06-30/documents/${encodeURIComponent(String(report.reportDocumentId))}`);
    expect(document.body.compressionAlgorithm).toBeUndefined();
    const tsv = await (await fetch(String(document.body.url))).text();
    const [header, ...rows] = tsv.trimEnd().split("\n");
    expect(header!.split("\t")).toEqual([...allListingsReportColumns]);
    expect(header!.startsWith("item-name\titem-description\tlisting-id\tseller-sku\tprice\tquantity\topen-date")).toBe(true);
    const german = base.sellers[1]!.listings.filter((listing) => listing.marketplaceId === DE);
    expect(rows).toHaveLength(german.length);
    const cells = Object.fromEntries(allListingsReportColumns.map((column, i) => [column, rows[0]!.split("\t")[i]]));
    expect(cells).toMatchObject({ "item-name": german[0]!.title, "seller-sku": german[0]!.sku, asin1: german[0]!.asin, "product-id": german[0]!.asin, status: "Active" });
  });
});

describe("SP-API stand-in: the maintained SDK clients", () => {
  it("serves @sp-api-sdk's ListingsItemsApi and ReportsApi with typed answers", async () => {
    const base = await stub();
    const { accessToken } = await authorize(base, NA);
    const http = axios.create({ headers: { "x-amz-access-token": accessToken } });
    const listingsApi = new ListingsItemsApi(undefined, base.url, http);
    const { data: found } = await listingsApi.searchListingsItems({ sellerId: NA, marketplaceIds: [US], includedData: ["summaries", "attributes", "issues"], pageSize: 20 });
    expect(found.numberOfResults).toBe(base.sellers[0]!.listings.length);
    expect(found.items).toHaveLength(20);
    expect(found.pagination?.nextToken).toEqual(expect.any(String));
    const first = found.items[0]!;
    const listing = base.sellers[0]!.listings.find((candidate) => candidate.sku === first.sku)!;
    expect(first.summaries?.[0]?.itemName).toBe(listing.title);
    expect(first.summaries?.[0]?.productType).toBe(listing.productType);
    const { data: item } = await listingsApi.getListingsItem({ sellerId: NA, sku: first.sku, marketplaceIds: [US], includedData: ["attributes"] });
    expect((item.attributes as { item_name: { value: string }[] }).item_name[0]!.value).toBe(listing.title);

    const reportsApi = new ReportsApi(undefined, base.url, http);
    const { data: created } = await reportsApi.createReport({ body: { reportType: "GET_MERCHANT_LISTINGS_ALL_DATA", marketplaceIds: [US] } });
    clock += 2000; // the report finishes after 2 s even without polls
    const { data: report } = await reportsApi.getReport({ reportId: created.reportId });
    expect(report.processingStatus).toBe("DONE");
    const { data: document } = await reportsApi.getReportDocument({ reportDocumentId: report.reportDocumentId! });
    expect(document.url).toBe(`${base.url}/report-documents/${encodeURIComponent(report.reportDocumentId!)}`);
    const tsv = await (await fetch(document.url)).text();
    expect(tsv.split("\n").filter(Boolean)).toHaveLength(1 + base.sellers[0]!.listings.length);
  });
});
