/**
 * Selling Partner API stand-in for tests, the browser specs and local development: ONE HTTP server on 127.0.0.1
 * playing three Amazon hosts at once (the interface below is the contract agreed with the app side for issue 33):
 *
 *   - Login with Amazon's token endpoint   POST /auth/o2/token (authorization_code and refresh_token grants;
 *     codes live 5 minutes and work once, access tokens 3600 s; LWA's error bodies and statuses),
 *   - Seller Central's consent page        GET/POST /apps/authorize/consent (a seller picker, Confirm / Cancel,
 *     redirects with state + selling_partner_id + spapi_oauth_code, or error=access_denied),
 *   - the Selling Partner API              Sellers v1 getMarketplaceParticipations, Reports 2021-06-30
 *     (createReport, getReport, getReportDocument and the document itself at /report-documents/{id}),
 *     Listings Items 2021-08-01 (searchListingsItems, getListingsItem, patchListingsItem with and without
 *     mode=VALIDATION_PREVIEW and the behaviours of sp-api-stub-patch.ts), Feeds 2021-06-30 (sp-api-stub-feeds.ts:
 *     JSON_LISTINGS_FEED with its documents and processing report), Product Type Definitions 2020-09-01
 *     (sp-api-stub-definitions.ts: search, get, and the schema documents behind their presigned links), with `x-amz-access-token`, Amazon's
 *     {errors:[…]} bodies, `x-amzn-RequestId`, and a token bucket per (seller, operation) at the rate and burst of
 *     the models' "Usage Plan" tables (tests/fixtures/sp-api-models/README.md), times `rateScale`.
 *
 * The answers follow the response schemas of Amazon's own models (tests/fixtures/sp-api-models/, checked by
 * tests/integration/sp-api-stub.test.ts). By default the sellers are seededSellers(): real listings from
 * tests/fixtures/real-listings with invented SKUs (see that README).
 *
 * Run it:  SPAPI_STUB_PORT=9600 node --disable-warning=ExperimentalWarning tests/support/sp-api-stub-server.ts
 * Or in-process: startSpApiStub({ clientId, clientSecret, appId, redirectUris }).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { marketplaces, type Marketplace } from "#app/features/marketplaces/registry.ts";
import { ApiError, code, hash, invalidInput, PresignedLinks, readBody, type Json } from "./sp-api-stub-common.ts";
import { createDefinitions, type ProductTypeSchemaInfo } from "./sp-api-stub-definitions.ts";
import { createFeeds } from "./sp-api-stub-feeds.ts";
import { createPatching, unknownSku, type PatchBehaviour, type StubIssue } from "./sp-api-stub-patch.ts";

const HOST = "127.0.0.1";

export interface StubListing {
  sku: string;
  asin: string;
  productType: string;
  marketplaceId: string;
  languageTag: string;
  title: string;
  bullets: string[];
  description?: string;
  keywords?: string;
  highlights?: string[];
  brand?: string;
  issues?: { code: string; message: string; severity: "ERROR" | "WARNING" | "INFO"; attributeNames?: string[]; categories?: string[] }[];
  status?: ("BUYABLE" | "DISCOVERABLE")[];
  createdDate?: string;
  lastUpdatedDate?: string;
  /** Attributes other than the copy and brand (set by a patch or a test), as the Listings Items API returns them. */
  extraAttributes?: Record<string, Record<string, unknown>[]>;
}
export interface StubSeller {
  sellerId: string;
  region: "na" | "eu" | "fe";
  marketplaceIds: string[];
  listings: StubListing[];
}
export interface SpApiStubOptions {
  clientId: string;
  clientSecret: string;
  appId: string;
  /** The app's registered redirect URIs (Seller Central refuses others). */
  redirectUris: string[];
  /** The app is a draft: consent needs version=beta. */
  draft?: boolean;
  /** Default: seededSellers(). */
  sellers?: StubSeller[];
  /** Multiplies every rate and keeps bursts; default 1. */
  rateScale?: number;
  /** Injectable clock (ms) for code/token expiry, report progress and buckets. */
  now?: () => number;
  /** 0 / undefined = a free port. */
  port?: number;
}
export interface SpApiStub {
  url: string;
  sellers: StubSeller[];
  /** The seller removed the app: its refresh tokens -> invalid_grant, its access tokens -> 403. */
  revoke(sellerId: string): void;
  /** Changes (or adds) a listing's live copy, for re-import tests. */
  setListing(sellerId: string, listing: StubListing): void;
  /** Product type definitions (issue 34): a new version of a product type's schema (every store, or one), with a new checksum, which it returns. */
  setProductTypeSchema(productType: string, schema: Json | ((current: Json) => Json), options?: { marketplaceId?: string }): string;
  /** The schema served now for a product type in a store, its checksum (Base64 MD5 of the bytes) and version. */
  productTypeSchema(productType: string, marketplaceId: string): ProductTypeSchemaInfo;
  /** Every schema link issued so far (of one product type, or all) answers S3's 403 "Request has expired"; returns how many. */
  expireSchemaLinks(productType?: string): number;
  /**
   * How Amazon treats this SKU's patches (and feed messages) from now on: "normal" (ACCEPTED, applied after
   * PATCH_APPLY_DELAY_MS or PATCH_APPLY_READS reads), "issue-later" (ACCEPTED, then an ERROR issue, 8541 unless `issues`,
   * appears on the listing and nothing changes), "no-change" (ACCEPTED, nothing ever changes), "invalid" (200 INVALID with
   * `issues`, default 4000001), "preview-valid-submit-refused" (the preview VALID, the real call INVALID with 90220).
   */
  setBehaviour(sellerId: string, sku: string, behaviour: PatchBehaviour, options?: { issues?: StubIssue[] }): void;
  /** The processing report of a finished feed (what getFeedDocument's link serves), parsed. */
  feedReport(feedId: string): Json | undefined;
  /** Accepted submissions not applied yet (or never to be). */
  pendingSubmissions(sellerId?: string): { sku: string; submissionId: string; behaviour: PatchBehaviour; submittedAt: number }[];
  /** SP-API calls, plus the stand-in's "S3" downloads and uploads (operation downloadSchema, …). */
  requests: { operation: string; sellerId?: string; status: number; at: number }[];
  close(): Promise<void>;
}

/** Rate (requests per second) and burst of each operation, from the "Usage Plan" tables in the models. */
export const usagePlans = {
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
  createReport: { rate: 0.0167, burst: 15 },
  getReport: { rate: 2, burst: 15 },
  getReportDocument: { rate: 0.0167, burst: 15 },
  searchListingsItems: { rate: 5, burst: 5 },
  getListingsItem: { rate: 5, burst: 10 },
} as const;
/**
 * Publishing's operations (issue 34), from the Listings Items, Product Type Definitions and Feeds models, kept apart
 * from `usagePlans` (import's) so each table is checked against its models. The preview's 1/s is issue 34's: the
 * model documents one plan (5/s) for the PATCH, and the stand-in keeps a separate bucket for mode=VALIDATION_PREVIEW.
 */
export const publishUsagePlans = {
  patchListingsItem: { rate: 5, burst: 5 },
  patchListingsItemPreview: { rate: 1, burst: 1 },
  searchDefinitionsProductTypes: { rate: 5, burst: 10 },
  getDefinitionsProductType: { rate: 5, burst: 10 },
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  getFeed: { rate: 2, burst: 15 },
  getFeedDocument: { rate: 0.0222, burst: 10 },
} as const;
export const allUsagePlans = { ...usagePlans, ...publishUsagePlans };
export type SpApiOperation = keyof typeof allUsagePlans;

/** LWA: authorization codes live 5 minutes, access tokens an hour. */
export const CODE_LIFETIME_MS = 5 * 60_000;
export const ACCESS_TOKEN_LIFETIME_S = 3600;
/** Amazon: at most 1,000 SKUs can be paged through (ItemSearchResults.numberOfResults in the model). */
export const SEARCH_PAGING_LIMIT = 1000;
export const ALL_LISTINGS_REPORT = "GET_MERCHANT_LISTINGS_ALL_DATA";

/** The All Listings Report's columns as Seller Central writes them (sources: tests/fixtures/sp-api-models/README.md). */
export const allListingsReportColumns = [
  "item-name", "item-description", "listing-id", "seller-sku", "price", "quantity", "open-date", "image-url", "item-is-marketplace",
  "product-id-type", "zshop-shipping-fee", "item-note", "item-condition", "zshop-category1", "zshop-browse-path",
  "zshop-storefront-feature", "asin1", "asin2", "asin3", "will-ship-internationally", "expedited-shipping", "zshop-boldface",
  "product-id", "bid-for-featured-placement", "add-delete", "pending-quantity", "fulfillment-channel", "merchant-shipping-group", "status",
] as const;

const marketplaceById = new Map(marketplaces.map((marketplace) => [marketplace.marketplaceId, marketplace]));

// ---------------------------------------------------------------------------------------------------------------
// Seeds

interface CorpusRow {
  id: string;
  marketplace: string;
  asin?: string;
  brand?: string;
  title: string;
  bullets?: string[];
  description?: string;
  searchTerms?: string;
}

/** Product types the stand-in assigns from title words (the corpus has none): Amazon product type names, PRODUCT otherwise. */
const productTypeWords: [RegExp, string][] = [
  [/\b(cable|charger|charging|adapter)\b|ケーブル/i, "ELECTRONIC_CABLE"],
  [/\b(tv|television|fernseher)\b/i, "TELEVISION"],
  [/\b(headphones?|earphones?|earbuds?|kopfhörer)\b|イヤホン/i, "HEADPHONES"],
  [/\b(keyboard|tastatur)\b|キーボード/i, "KEYBOARDS"],
  [/\b(sunglasses|gafas de sol|gafas)\b/i, "SUNGLASSES"],
  [/\b(lamp|lantern|light|sconce)\b/i, "LIGHT_FIXTURE"],
  [/\b(watch|smartwatch)\b/i, "WATCH"],
  [/\b(phone|smartphone|iphone)\b/i, "CELLULAR_PHONE"],
];
export const productTypeOf = (title: string) => productTypeWords.find(([pattern]) => pattern.test(title))?.[1] ?? "PRODUCT";

/** Issues the stand-in attaches to a few seeded listings (the corpus has none), worded as the model's own examples. */
const seededIssues: NonNullable<StubListing["issues"]>[] = [
  [{ code: "90220", message: "'item_type_keyword' is required but not supplied.", severity: "ERROR", attributeNames: ["item_type_keyword"] }],
  [{ code: "18027", message: "We believe the main image has text, logo, graphic, or watermark that is not permitted for this product type. Submit a compliant image to lift the suppression. Also refer to Product image requirements.", severity: "ERROR" }],
  [{ code: "99300", message: "Product Detail Page Rules Violation (Inaccurate information on product detail page)", severity: "WARNING", attributeNames: ["item_name"] }],
];

const corpusPath = new URL("../fixtures/real-listings/listings.jsonl", import.meta.url);
let corpus: CorpusRow[] | undefined;
function readCorpus(): CorpusRow[] {
  corpus ??= readFileSync(corpusPath, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CorpusRow);
  return corpus;
}

/** A listing built from a corpus row: SKU, missing ASIN, dates and status are invented, deterministically from the row id. */
export function listingFromCorpus(row: CorpusRow, index: number): StubListing {
  const marketplace = registryEntry(row.marketplace);
  const created = Date.UTC(2023, 0, 1) + (hash(`${row.id}:created`).readUInt32BE(0) % (600 * 86_400)) * 1000;
  const updated = created + (hash(`${row.id}:updated`).readUInt32BE(0) % (300 * 86_400)) * 1000;
  const listing: StubListing = {
    sku: `${code(`${row.id}:p`, 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")}-${code(`${row.id}:a`, 4)}-${code(`${row.id}:b`, 4)}`,
    asin: row.asin ?? `B0${code(`${row.id}:asin`, 8)}`,
    productType: productTypeOf(row.title),
    marketplaceId: marketplace.marketplaceId,
    languageTag: marketplace.languageTag,
    title: row.title,
    bullets: row.bullets ?? [],
    status: index % 17 === 16 ? ["DISCOVERABLE"] : ["BUYABLE", "DISCOVERABLE"],
    createdDate: new Date(created).toISOString().replace(/\.\d{3}Z$/, "Z"),
    lastUpdatedDate: new Date(updated).toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
  if (row.description) listing.description = row.description;
  if (row.searchTerms) listing.keywords = row.searchTerms;
  if (row.brand) listing.brand = row.brand;
  return listing;
}

function registryEntry(domain: string): Marketplace {
  const marketplace = marketplaces.find((entry) => entry.id === domain);
  if (!marketplace) throw new Error(`sp-api-stub: ${domain} is not in the marketplaces registry`);
  return marketplace;
}

/** How many corpus listings each seeded store gets (all of the small stores, a slice of the large ones). */
const seedPlan: { sellerId: string; region: StubSeller["region"]; stores: [domain: string, count: number][] }[] = [
  { sellerId: "A2NASTUBSELLER", region: "na", stores: [["amazon.com", 100], ["amazon.ca", 40]] },
  { sellerId: "A2EUSTUBSELLER", region: "eu", stores: [["amazon.de", 40], ["amazon.co.uk", 40], ["amazon.fr", 40], ["amazon.es", 40], ["amazon.it", 40], ["amazon.in", 45]] },
  // Amazon serves India from the Europe endpoint (SP-API "Selling Partner API endpoints").
  { sellerId: "A2FESTUBSELLER", region: "fe", stores: [["amazon.co.jp", 60]] },
];

/** Three sellers (NA, EU, FE) with the corpus's listings of their stores; the same every call (fresh objects). */
export function seededSellers(): StubSeller[] {
  const rows = readCorpus();
  return seedPlan.map(({ sellerId, region, stores }) => {
    const listings: StubListing[] = [];
    const marketplaceIds: string[] = [];
    for (const [domain, count] of stores) {
      const storeRows = rows.filter((row) => row.marketplace === domain).slice(0, count);
      if (storeRows.length === 0) continue; // the corpus has no listing of this store
      marketplaceIds.push(registryEntry(domain).marketplaceId);
      storeRows.forEach((row, i) => listings.push(listingFromCorpus(row, i)));
    }
    // A few listings carry Amazon issues (attached by the stand-in: the corpus has none).
    for (let i = 0; i < seededIssues.length; i++) {
      const listing = listings[3 + i * 7];
      if (listing) listing.issues = seededIssues[i];
    }
    return { sellerId, region, marketplaceIds, listings };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Amazon's shapes

/** Attribute values as the Listings Items API returns them: arrays of {language_tag, value, marketplace_id}. */
export function listingAttributes(listing: StubListing): Json {
  const text = (value: string) => ({ language_tag: listing.languageTag, value, marketplace_id: listing.marketplaceId });
  const attributes: Json = { item_name: [text(listing.title)] };
  if (listing.brand) attributes.brand = [text(listing.brand)];
  if (listing.bullets.length) attributes.bullet_point = listing.bullets.map(text);
  if (listing.description) attributes.product_description = [text(listing.description)];
  if (listing.keywords) attributes.generic_keyword = [text(listing.keywords)];
  if (listing.highlights?.length) attributes.item_highlights = listing.highlights.map(text); // name not confirmed: README
  for (const [name, values] of Object.entries(listing.extraAttributes ?? {})) attributes[name] = structuredClone(values);
  return attributes;
}

const issueCategories: Record<string, string[]> = { "90220": ["MISSING_ATTRIBUTE"], "18027": ["INVALID_IMAGE"] };

function price(listing: StubListing): string {
  return (5 + (hash(`${listing.sku}:price`).readUInt16BE(0) % 9500) / 100).toFixed(2);
}
const quantity = (listing: StubListing) => hash(`${listing.sku}:qty`)[0]! % 60;

const includedDataValues = ["summaries", "attributes", "issues", "offers", "fulfillmentAvailability", "procurement", "relationships", "productTypes"];

function itemJson(listing: StubListing, included: Set<string>): Json {
  const marketplace = marketplaceById.get(listing.marketplaceId);
  const item: Json = { sku: listing.sku };
  if (included.has("summaries")) {
    item.summaries = [
      {
        marketplaceId: listing.marketplaceId,
        asin: listing.asin,
        productType: listing.productType,
        conditionType: "new_new",
        status: listing.status ?? ["BUYABLE", "DISCOVERABLE"],
        itemName: listing.title,
        createdDate: listing.createdDate ?? "2024-01-01T00:00:00Z",
        lastUpdatedDate: listing.lastUpdatedDate ?? listing.createdDate ?? "2024-01-01T00:00:00Z",
      },
    ];
  }
  if (included.has("attributes")) item.attributes = listingAttributes(listing);
  if (included.has("issues")) item.issues = (listing.issues ?? []).map((issue) => ({ ...issue, categories: issue.categories ?? issueCategories[issue.code] ?? [] }));
  if (included.has("offers")) item.offers = [{ marketplaceId: listing.marketplaceId, offerType: "B2C", price: { currencyCode: marketplace?.currency ?? "USD", amount: price(listing) } }];
  if (included.has("fulfillmentAvailability")) item.fulfillmentAvailability = [{ fulfillmentChannelCode: "DEFAULT", quantity: quantity(listing) }];
  if (included.has("procurement")) item.procurement = []; // vendor data: sellers have none
  if (included.has("relationships")) item.relationships = [{ marketplaceId: listing.marketplaceId, relationships: [] }];
  if (included.has("productTypes")) item.productTypes = [{ marketplaceId: listing.marketplaceId, productType: listing.productType }];
  return item;
}

function participation(marketplaceId: string): Json {
  const marketplace = marketplaceById.get(marketplaceId);
  const domain = marketplace?.id ?? "amazon.com";
  return {
    marketplace: {
      id: marketplaceId,
      name: `Amazon${domain.slice("amazon".length)}`,
      countryCode: marketplace?.country ?? "US",
      defaultCurrencyCode: marketplace?.currency ?? "USD",
      defaultLanguageCode: marketplace?.languageTag ?? "en_US",
      domainName: `www.${domain}`,
    },
    participation: { isParticipating: true, hasSuspendedListings: false },
  };
}

const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, " ");

/** "2024-03-08 10:12:40 UTC": the report's open-date, in the shape Seller Central writes it. */
const openDate = (iso: string | undefined) => (iso ?? "2024-01-01T00:00:00Z").replace("T", " ").replace(/(\.\d+)?Z$/, " UTC");

/** The All Listings Report (tab-separated, UTF-8) of a seller's listings in these marketplaces. */
export function allListingsReport(listings: StubListing[]): string {
  const lines = [allListingsReportColumns.join("\t")];
  for (const listing of listings) {
    const row: Record<(typeof allListingsReportColumns)[number], string> = {
      "item-name": tsvCell(listing.title),
      "item-description": tsvCell(listing.description ?? ""),
      "listing-id": `${(listing.createdDate ?? "2024-01-01").slice(5, 7)}${(listing.createdDate ?? "2024-01-01").slice(8, 10)}${code(`${listing.sku}:listing`, 7)}`,
      "seller-sku": listing.sku,
      price: price(listing),
      quantity: String(quantity(listing)),
      "open-date": openDate(listing.createdDate),
      "image-url": "",
      "item-is-marketplace": "y",
      "product-id-type": "1",
      "zshop-shipping-fee": "",
      "item-note": "",
      "item-condition": "11",
      "zshop-category1": "",
      "zshop-browse-path": "",
      "zshop-storefront-feature": "",
      asin1: listing.asin,
      asin2: "",
      asin3: "",
      "will-ship-internationally": "",
      "expedited-shipping": "",
      "zshop-boldface": "",
      "product-id": listing.asin,
      "bid-for-featured-placement": "",
      "add-delete": "",
      "pending-quantity": "0",
      "fulfillment-channel": "DEFAULT",
      "merchant-shipping-group": "Migrated Template",
      status: (listing.status ?? ["BUYABLE"]).includes("BUYABLE") ? "Active" : "Inactive",
    };
    lines.push(allListingsReportColumns.map((column) => row[column]).join("\t"));
  }
  return `${lines.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Server

const readText = async (req: IncomingMessage) => (await readBody(req)).toString("utf8");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);


interface Report {
  reportId: string;
  sellerId: string;
  marketplaceIds: string[];
  createdAt: number;
  polls: number;
  documentId?: string;
  finishedAt?: number;
  startedAt?: number;
}

export async function startSpApiStub(options: SpApiStubOptions): Promise<SpApiStub> {
  const now = options.now ?? Date.now;
  const rateScale = options.rateScale ?? 1;
  const sellers = options.sellers ?? seededSellers();
  const requests: SpApiStub["requests"] = [];
  const codes = new Map<string, { sellerId: string; issuedAt: number; redirectUri: string; used: boolean }>();
  const refreshTokens = new Map<string, { sellerId: string; revoked: boolean }>();
  const accessTokens = new Map<string, { sellerId: string; expiresAt: number; revoked: boolean }>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const reports = new Map<string, Report>();
  const documents = new Map<string, string>();
  let reportCounter = 0;
  let url = "";
  const links = new PresignedLinks(randomBytes(16).toString("hex"), now);
  const definitions = createDefinitions({
    baseUrl: () => url,
    productTypes: () => new Set([...productTypeWords.map(([, productType]) => productType), "PRODUCT", ...sellers.flatMap((seller) => seller.listings.map((listing) => listing.productType))]),
    links,
  });
  const patching = createPatching({
    now,
    listingOf: (sellerId, sku, marketplaceId) => sellerOf(sellerId)?.listings.find((listing) => listing.sku === sku && listing.marketplaceId === marketplaceId),
    attributesOf: listingAttributes,
    schemaOf: (productType, marketplaceId) => definitions.productTypeSchema(productType, marketplaceId).schema,
  });
  const feeds = createFeeds({ now, baseUrl: () => url, links, patching, sellerOf: (sellerId) => sellerOf(sellerId), itemOf: (listing, included) => itemJson(listing, included) });

  const sellerOf = (sellerId: string) => sellers.find((seller) => seller.sellerId === sellerId);
  const rateOf = (operation: SpApiOperation) => allUsagePlans[operation].rate * rateScale;

  /** Token bucket per (seller, operation): `burst` tokens, refilled at the operation's rate. */
  function take(sellerId: string, operation: SpApiOperation): boolean {
    const { burst } = allUsagePlans[operation];
    const key = `${sellerId}\u0000${operation}`;
    const at = now();
    const bucket = buckets.get(key) ?? { tokens: burst, at };
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * rateOf(operation));
    bucket.at = at;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  // ----- Login with Amazon

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readText(req));
    const lwa = (status: number, error: string, description: string) => {
      res.writeHead(status, { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store" }).end(JSON.stringify({ error_description: description, error }));
    };
    const grantType = form.get("grant_type");
    if (!grantType) return lwa(400, "invalid_request", "The request is missing a required parameter : grant_type");
    if (grantType !== "authorization_code" && grantType !== "refresh_token") return lwa(400, "unsupported_grant_type", "The authorization grant type is not supported by the authorization server");
    if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) return lwa(401, "invalid_client", "Client authentication failed");
    let sellerId: string;
    let refreshToken: string;
    if (grantType === "authorization_code") {
      const value = form.get("code");
      if (!value) return lwa(400, "invalid_request", "The request is missing a required parameter : code");
      const grant = codes.get(value);
      if (!grant || grant.used || now() - grant.issuedAt > CODE_LIFETIME_MS) {
        if (grant) grant.used = true;
        return lwa(400, "invalid_grant", "The request has an invalid grant parameter : code");
      }
      const redirectUri = form.get("redirect_uri");
      if (redirectUri !== null && redirectUri !== grant.redirectUri) return lwa(400, "invalid_grant", "The request has an invalid parameter : redirect_uri");
      grant.used = true;
      sellerId = grant.sellerId;
      refreshToken = `Atzr|${randomBytes(48).toString("base64url")}`;
      refreshTokens.set(refreshToken, { sellerId, revoked: false });
    } else {
      const value = form.get("refresh_token");
      if (!value) return lwa(400, "invalid_request", "The request is missing a required parameter : refresh_token");
      const grant = refreshTokens.get(value);
      if (!grant || grant.revoked) return lwa(400, "invalid_grant", "The request has an invalid grant parameter : refresh_token");
      sellerId = grant.sellerId;
      refreshToken = value;
    }
    const accessToken = `Atza|${randomBytes(48).toString("base64url")}`;
    accessTokens.set(accessToken, { sellerId, expiresAt: now() + ACCESS_TOKEN_LIFETIME_S * 1000, revoked: false });
    res
      .writeHead(200, { "content-type": "application/json;charset=UTF-8", "cache-control": "no-store" })
      .end(JSON.stringify({ access_token: accessToken, refresh_token: refreshToken, token_type: "bearer", expires_in: ACCESS_TOKEN_LIFETIME_S }));
  }

  // ----- Seller Central consent

  function page(res: ServerResponse, status: number, title: string, body: string): void {
    res
      .writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
      .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
  }

  /** What Seller Central checks before it shows or accepts the consent form; a string is the error page's text. */
  function consentTarget(params: URLSearchParams): { redirectUri: string; state: string } | string {
    if (params.get("application_id") !== options.appId) return "We can't find this application. Check the link you followed, or contact the developer.";
    if (options.draft && params.get("version") !== "beta") return "This application is in draft state: authorization needs version=beta.";
    const asked = params.get("redirect_uri");
    if (asked !== null && !options.redirectUris.includes(asked)) return "The redirect URI does not match a redirect URI registered for this application.";
    const redirectUri = asked ?? options.redirectUris[0];
    if (!redirectUri) return "This application has no registered redirect URI.";
    return { redirectUri, state: params.get("state") ?? "" };
  }

  function consentPage(params: URLSearchParams, res: ServerResponse): void {
    const target = consentTarget(params);
    if (typeof target === "string") return page(res, 400, "Authorization error", `<p role="alert">${escapeHtml(target)}</p>`);
    const hidden = ["application_id", "state", "redirect_uri", "version"]
      .filter((name) => params.get(name) !== null)
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name)!)}">`)
      .join("");
    const choices = sellers
      .map((seller, i) => `<option value="${escapeHtml(seller.sellerId)}"${i === 0 ? " selected" : ""}>${escapeHtml(`${seller.sellerId} (${seller.region.toUpperCase()}: ${seller.marketplaceIds.map((id) => marketplaceById.get(id)?.id ?? id).join(", ")})`)}</option>`)
      .join("");
    page(
      res,
      200,
      "Authorize Sellscribe",
      `<form method="post" action="/apps/authorize/consent">${hidden}` +
        `<p>This application asks to access your selling account through the Selling Partner API.</p>` +
        `<label for="seller_id">Selling account</label> <select id="seller_id" name="seller_id">${choices}</select>` +
        `<p><button type="submit" name="decision" value="approve">Confirm</button> <button type="submit" name="decision" value="deny">Cancel</button></p></form>`,
    );
  }

  async function consentDecision(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readText(req));
    const target = consentTarget(form);
    if (typeof target === "string") return page(res, 400, "Authorization error", `<p role="alert">${escapeHtml(target)}</p>`);
    const location = new URL(target.redirectUri);
    location.searchParams.set("state", target.state);
    if (form.get("decision") === "approve") {
      const seller = sellerOf(form.get("seller_id") ?? "");
      if (!seller) return page(res, 400, "Authorization error", `<p role="alert">Choose a selling account.</p>`);
      const value = `${code(randomUUID(), 20)}`;
      codes.set(value, { sellerId: seller.sellerId, issuedAt: now(), redirectUri: target.redirectUri, used: false });
      location.searchParams.set("selling_partner_id", seller.sellerId);
      location.searchParams.set("spapi_oauth_code", value);
    } else {
      location.searchParams.set("error", "access_denied");
      location.searchParams.set("error_description", "The seller declined the authorization request.");
    }
    res.writeHead(302, { location: location.toString(), "cache-control": "no-store" }).end();
  }

  // ----- Selling Partner API

  function authenticate(req: IncomingMessage): string {
    const value = req.headers["x-amz-access-token"];
    if (typeof value !== "string" || !value) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.", "Access token is missing in the request header.");
    const grant = accessTokens.get(value);
    if (!grant || grant.revoked) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.", "The access token you provided is revoked, malformed or invalid.");
    if (now() >= grant.expiresAt) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.", "The access token you provided has expired.");
    return grant.sellerId;
  }

  const list = (params: URLSearchParams, name: string) => (params.get(name) ?? "").split(",").map((part) => part.trim()).filter(Boolean);

  /** marketplaceIds with exactly one of the seller's marketplaces (the Listings Items API's maxItems 1). */
  function oneMarketplace(params: URLSearchParams, seller: StubSeller): string {
    const ids = list(params, "marketplaceIds");
    if (ids.length !== 1) throw invalidInput("Invalid 'marketplaceIds' provided.", "Exactly one marketplace identifier is required.");
    if (!seller.marketplaceIds.includes(ids[0]!)) throw invalidInput(`Invalid 'marketplaceIds' provided: ${ids[0]}.`);
    return ids[0]!;
  }

  function includedData(params: URLSearchParams): Set<string> {
    const values = list(params, "includedData");
    const unknown = values.find((value) => !includedDataValues.includes(value));
    if (unknown) throw invalidInput(`Invalid 'includedData' provided: ${unknown}.`);
    return new Set(values.length ? values : ["summaries"]);
  }

  function searchListings(seller: StubSeller, params: URLSearchParams): Json {
    const marketplaceId = oneMarketplace(params, seller);
    const included = includedData(params);
    const pageSizeText = params.get("pageSize");
    const pageSize = pageSizeText === null ? 10 : Number(pageSizeText);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 20) throw invalidInput("Invalid 'pageSize' provided.", "pageSize must be an integer from 1 to 20.");
    const identifiers = list(params, "identifiers");
    const identifiersType = params.get("identifiersType");
    if (identifiers.length > 20) throw invalidInput("Invalid 'identifiers' provided.", "At most 20 identifiers are allowed.");
    if ((identifiers.length > 0) !== (identifiersType !== null)) throw invalidInput("'identifiers' and 'identifiersType' must be provided together.");
    if (identifiersType !== null && !["ASIN", "EAN", "FNSKU", "GTIN", "ISBN", "JAN", "MINSAN", "SKU", "UPC"].includes(identifiersType)) throw invalidInput(`Invalid 'identifiersType' provided: ${identifiersType}.`);
    const withStatus = list(params, "withStatus");
    const withoutStatus = list(params, "withoutStatus");
    const withIssueSeverity = list(params, "withIssueSeverity");
    const sortBy = params.get("sortBy") ?? "lastUpdatedDate";
    const sortOrder = params.get("sortOrder") ?? "DESC";
    if (!["sku", "createdDate", "lastUpdatedDate"].includes(sortBy) || !["ASC", "DESC"].includes(sortOrder)) throw invalidInput("Invalid 'sortBy' or 'sortOrder' provided.");

    let found = seller.listings.filter((listing) => listing.marketplaceId === marketplaceId);
    if (identifiersType === "SKU") found = found.filter((listing) => identifiers.includes(listing.sku));
    else if (identifiersType === "ASIN") found = found.filter((listing) => identifiers.includes(listing.asin));
    else if (identifiersType !== null) found = []; // the stand-in's listings carry no EAN/UPC/…
    if (withStatus.length) found = found.filter((listing) => withStatus.every((status) => (listing.status ?? ["BUYABLE", "DISCOVERABLE"]).includes(status as "BUYABLE")));
    if (withoutStatus.length) found = found.filter((listing) => !withoutStatus.some((status) => (listing.status ?? ["BUYABLE", "DISCOVERABLE"]).includes(status as "BUYABLE")));
    if (withIssueSeverity.length) found = found.filter((listing) => (listing.issues ?? []).some((issue) => withIssueSeverity.includes(issue.severity)));
    const key = (listing: StubListing) => (sortBy === "sku" ? listing.sku : sortBy === "createdDate" ? (listing.createdDate ?? "") : (listing.lastUpdatedDate ?? listing.createdDate ?? ""));
    found = [...found].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.sku < b.sku ? -1 : 1) * (sortOrder === "ASC" ? 1 : -1));

    let offset = 0;
    const pageToken = params.get("pageToken");
    if (pageToken !== null) {
      const decoded = /^o:(\d+)$/.exec(Buffer.from(pageToken, "base64url").toString("utf8"));
      if (!decoded) throw invalidInput("Invalid 'pageToken' provided.");
      offset = Number(decoded[1]);
    }
    const reachable = Math.min(found.length, SEARCH_PAGING_LIMIT);
    const end = Math.min(offset + pageSize, reachable);
    const items = offset < reachable ? found.slice(offset, end).map((listing) => itemJson(listing, included)) : [];
    const pagination: Json = {};
    if (end < reachable) pagination.nextToken = Buffer.from(`o:${end}`).toString("base64url");
    if (offset > 0) pagination.previousToken = Buffer.from(`o:${Math.max(0, offset - pageSize)}`).toString("base64url");
    const body: Json = { numberOfResults: found.length, items };
    if (Object.keys(pagination).length) body.pagination = pagination;
    return body;
  }

  function getListing(seller: StubSeller, sku: string, params: URLSearchParams): Json {
    const marketplaceId = oneMarketplace(params, seller);
    const included = includedData(params);
    patching.read(seller.sellerId, sku, marketplaceId);
    const listing = seller.listings.find((candidate) => candidate.sku === sku && candidate.marketplaceId === marketplaceId);
    if (!listing) throw new ApiError(404, "NOT_FOUND", `SKU '${sku}' not found in marketplace ${marketplaceId}`);
    return itemJson(listing, included);
  }

  async function jsonBody(req: IncomingMessage): Promise<unknown> {
    try {
      return JSON.parse(await readText(req)) as unknown;
    } catch {
      throw invalidInput("The request body is not valid JSON.");
    }
  }

  async function patchListing(seller: StubSeller, sku: string, params: URLSearchParams, req: IncomingMessage): Promise<Json> {
    const marketplaceId = oneMarketplace(params, seller);
    const mode = params.get("mode");
    if (mode !== null && mode !== "VALIDATION_PREVIEW") throw invalidInput(`Invalid 'mode' provided: ${mode}.`);
    const included = list(params, "includedData");
    const unknown = included.find((value) => value !== "issues" && value !== "identifiers");
    if (unknown) throw invalidInput(`Invalid 'includedData' provided: ${unknown}.`);
    if (included.includes("identifiers") && mode === null) throw invalidInput("'identifiers' can only be requested when 'mode' is 'VALIDATION_PREVIEW'.");
    const issueLocale = params.get("issueLocale");
    if (issueLocale !== null && !/^[a-z]{2}_[A-Z]{2}$/.test(issueLocale)) throw invalidInput(`Invalid 'issueLocale' provided: ${issueLocale}.`);
    if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) throw new ApiError(415, "UnsupportedMediaType", "The request's Content-Type header is invalid.");
    let body: unknown;
    try {
      body = JSON.parse(await readText(req)) as unknown;
    } catch {
      throw invalidInput("The request body is not valid JSON.");
    }
    const request = patching.parse(body);
    const listing = seller.listings.find((candidate) => candidate.sku === sku && candidate.marketplaceId === marketplaceId);
    if (!listing) throw unknownSku(sku, marketplaceId);
    const submission = patching.submit(seller.sellerId, listing, request, mode === "VALIDATION_PREVIEW");
    const answer: Json = { sku: submission.sku, status: submission.status, submissionId: submission.submissionId };
    // Amazon's messages are English here whatever issueLocale asks (the model: "default to en_US when a localization is not available").
    if (included.length === 0 || included.includes("issues")) answer.issues = submission.issues;
    if (included.includes("identifiers")) answer.identifiers = [{ marketplaceId, asin: listing.asin }];
    return answer;
  }

  /** Report progress: IN_QUEUE, IN_PROGRESS, then DONE, by polls (or after 2 s of the clock). */
  function reportJson(report: Report): Json {
    const stage = Math.max(report.polls, now() - report.createdAt >= 2000 ? 2 : 0);
    const iso = (ms: number) => new Date(ms).toISOString();
    const body: Json = { reportId: report.reportId, reportType: ALL_LISTINGS_REPORT, marketplaceIds: report.marketplaceIds, createdTime: iso(report.createdAt) };
    if (stage === 0) return { ...body, processingStatus: "IN_QUEUE" };
    report.startedAt ??= now();
    if (stage === 1) return { ...body, processingStatus: "IN_PROGRESS", processingStartTime: iso(report.startedAt) };
    if (!report.documentId) {
      const seller = sellerOf(report.sellerId)!;
      report.finishedAt = now();
      report.documentId = `amzn1.spdoc.1.4.${seller.region}.${randomUUID()}.T${code(randomUUID(), 13)}.${reportCounter}`;
      documents.set(report.documentId, allListingsReport(seller.listings.filter((listing) => report.marketplaceIds.includes(listing.marketplaceId))));
    }
    return { ...body, processingStatus: "DONE", processingStartTime: iso(report.startedAt), processingEndTime: iso(report.finishedAt!), reportDocumentId: report.documentId };
  }

  async function createReport(seller: StubSeller, req: IncomingMessage): Promise<Json> {
    let spec: { reportType?: unknown; marketplaceIds?: unknown };
    try {
      spec = JSON.parse(await readText(req)) as typeof spec;
    } catch {
      throw invalidInput("The request body is not valid JSON.");
    }
    if (typeof spec.reportType !== "string") throw invalidInput("'reportType' is required.");
    if (spec.reportType !== ALL_LISTINGS_REPORT) throw invalidInput(`Invalid 'reportType' provided: ${spec.reportType}.`, `This stand-in produces ${ALL_LISTINGS_REPORT} only.`);
    const ids = spec.marketplaceIds;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 25 || !ids.every((id): id is string => typeof id === "string")) throw invalidInput("'marketplaceIds' must list 1 to 25 marketplace identifiers.");
    const foreign = ids.find((id) => !seller.marketplaceIds.includes(id));
    if (foreign) throw invalidInput(`Invalid 'marketplaceIds' provided: ${foreign}.`);
    const reportId = String(50_000_000_000 + ++reportCounter * 1_003);
    reports.set(reportId, { reportId, sellerId: seller.sellerId, marketplaceIds: ids, createdAt: now(), polls: 0 });
    return { reportId };
  }

  /** Routes an SP-API path to its operation (or undefined). */
  function route(method: string, path: string): { operation: SpApiOperation; params: string[] } | undefined {
    const match = (pattern: RegExp) => pattern.exec(path)?.slice(1).map((part) => decodeURIComponent(part));
    let params: string[] | undefined;
    if (method === "GET" && path === "/sellers/v1/marketplaceParticipations") return { operation: "getMarketplaceParticipations", params: [] };
    if (method === "POST" && path === "/reports/2021-06-30/reports") return { operation: "createReport", params: [] };
    if (method === "GET" && (params = match(/^\/reports\/2021-06-30\/reports\/([^/]+)$/))) return { operation: "getReport", params };
    if (method === "GET" && (params = match(/^\/reports\/2021-06-30\/documents\/([^/]+)$/))) return { operation: "getReportDocument", params };
    if (method === "GET" && (params = match(/^\/listings\/2021-08-01\/items\/([^/]+)$/))) return { operation: "searchListingsItems", params };
    if (method === "GET" && (params = match(/^\/listings\/2021-08-01\/items\/([^/]+)\/([^/]+)$/))) return { operation: "getListingsItem", params };
    if (method === "PATCH" && (params = match(/^\/listings\/2021-08-01\/items\/([^/]+)\/([^/]+)$/))) return { operation: "patchListingsItem", params };
    if (method === "POST" && path === "/feeds/2021-06-30/documents") return { operation: "createFeedDocument", params: [] };
    if (method === "GET" && (params = match(/^\/feeds\/2021-06-30\/documents\/([^/]+)$/))) return { operation: "getFeedDocument", params };
    if (method === "POST" && path === "/feeds/2021-06-30/feeds") return { operation: "createFeed", params: [] };
    if (method === "GET" && (params = match(/^\/feeds\/2021-06-30\/feeds\/([^/]+)$/))) return { operation: "getFeed", params };
    if (method === "GET" && path === "/definitions/2020-09-01/productTypes") return { operation: "searchDefinitionsProductTypes", params: [] };
    if (method === "GET" && (params = match(/^\/definitions\/2020-09-01\/productTypes\/([^/]+)$/))) return { operation: "getDefinitionsProductType", params };
    return undefined;
  }

  async function spApi(req: IncomingMessage, res: ServerResponse, path: string, params: URLSearchParams): Promise<void> {
    const requestId = randomUUID();
    const found = route(req.method ?? "GET", path);
    // The preview shares the PATCH's path; Amazon's plan for it is issue 34's 1/s, a bucket of its own here.
    if (found?.operation === "patchListingsItem" && params.get("mode") === "VALIDATION_PREVIEW") found.operation = "patchListingsItemPreview";
    const headers: Record<string, string> = { "content-type": "application/json", "x-amzn-RequestId": requestId };
    let sellerId: string | undefined;
    const send = (status: number, body: unknown) => {
      requests.push({ operation: found?.operation ?? `${req.method} ${path}`, sellerId, status, at: now() });
      res.writeHead(status, headers).end(JSON.stringify(body));
    };
    try {
      if (!found) throw new ApiError(404, "NotFound", "Resource not found.", `${req.method} ${path}`);
      sellerId = authenticate(req);
      headers["x-amzn-RateLimit-Limit"] = String(rateOf(found.operation));
      if (!take(sellerId, found.operation)) throw new ApiError(429, "QuotaExceeded", "You exceeded your quota for the requested resource.");
      const seller = sellerOf(sellerId);
      if (!seller) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.");
      patching.settle();
      switch (found.operation) {
        case "getMarketplaceParticipations":
          return send(200, { payload: seller.marketplaceIds.map(participation) });
        case "createReport":
          return send(202, await createReport(seller, req));
        case "getReport": {
          const report = reports.get(found.params[0]!);
          if (!report || report.sellerId !== sellerId) throw new ApiError(404, "NotFound", "The specified report does not exist.");
          const body = reportJson(report);
          report.polls++;
          return send(200, body);
        }
        case "getReportDocument": {
          const documentId = found.params[0]!;
          const owner = [...reports.values()].find((report) => report.documentId === documentId);
          if (!owner || owner.sellerId !== sellerId) throw new ApiError(404, "NotFound", "The specified report document does not exist.");
          return send(200, { reportDocumentId: documentId, url: `${url}/report-documents/${encodeURIComponent(documentId)}` });
        }
        case "searchListingsItems":
        case "getListingsItem": {
          if (found.params[0] !== sellerId) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.", "The sellerId does not match the selling partner of the access token.");
          return send(200, found.operation === "searchListingsItems" ? searchListings(seller, params) : getListing(seller, found.params[1]!, params));
        }
        case "patchListingsItem":
        case "patchListingsItemPreview":
          if (found.params[0] !== sellerId) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.", "The sellerId does not match the selling partner of the access token.");
          return send(200, await patchListing(seller, found.params[1]!, params, req));
        case "createFeedDocument":
          return send(201, feeds.createFeedDocument(seller, await jsonBody(req)));
        case "createFeed":
          return send(202, feeds.createFeed(seller, await jsonBody(req)));
        case "getFeed":
          return send(200, feeds.getFeed(seller, found.params[0]!));
        case "getFeedDocument":
          return send(200, feeds.getFeedDocument(seller, found.params[0]!));
        case "searchDefinitionsProductTypes":
          return send(200, definitions.search(params, seller.marketplaceIds));
        case "getDefinitionsProductType":
          return send(200, definitions.get(found.params[0]!, params, sellerId, seller.marketplaceIds));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403) delete headers["x-amzn-RateLimit-Limit"];
      send(error.status, { errors: [{ code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }] });
    }
  }

  const server = createServer((req, res) => {
    const { pathname: path, searchParams } = new URL(req.url ?? "/", `http://${HOST}`);
    const handle = async () => {
      if (path === "/healthz") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status: "ok" }));
      if (path === "/auth/o2/token" && req.method === "POST") return token(req, res);
      if (path === "/apps/authorize/consent" && req.method === "GET") return consentPage(searchParams, res);
      if (path === "/apps/authorize/consent" && req.method === "POST") return consentDecision(req, res);
      const documentPath = /^\/report-documents\/([^/]+)$/.exec(path);
      if (documentPath && req.method === "GET") {
        const document = documents.get(decodeURIComponent(documentPath[1]!));
        if (document === undefined) return void res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
        return void res.writeHead(200, { "content-type": "text/tab-separated-values;charset=UTF-8" }).end(document);
      }
      const schemaDocument = req.method === "GET" ? definitions.download(path, searchParams) : undefined;
      if (schemaDocument) {
        requests.push({ operation: "downloadSchema", status: schemaDocument.status, at: now() });
        return void res.writeHead(schemaDocument.status, { "content-type": schemaDocument.contentType }).end(schemaDocument.body);
      }
      const feedDocument = await feeds.document(req.method ?? "GET", path, searchParams, () => readBody(req), req.headers["content-type"]);
      if (feedDocument) {
        requests.push({ operation: req.method === "PUT" ? "uploadFeedDocument" : "downloadFeedDocument", status: feedDocument.status, at: now() });
        return void res.writeHead(feedDocument.status, { "content-type": feedDocument.contentType }).end(feedDocument.body);
      }
      return spApi(req, res, path, searchParams);
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ errors: [{ code: "InternalFailure", message: String(error) }] }));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  url = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    sellers,
    requests,
    revoke(sellerId) {
      for (const grant of refreshTokens.values()) if (grant.sellerId === sellerId) grant.revoked = true;
      for (const grant of accessTokens.values()) if (grant.sellerId === sellerId) grant.revoked = true;
    },
    setProductTypeSchema: (productType, schema, schemaOptions) => definitions.setProductTypeSchema(productType, schema, schemaOptions),
    productTypeSchema: (productType, marketplaceId) => definitions.productTypeSchema(productType, marketplaceId),
    expireSchemaLinks: (productType) => definitions.expireSchemaLinks(productType),
    setBehaviour: (sellerId, sku, behaviour, behaviourOptions) => patching.setBehaviour(sellerId, sku, behaviour, behaviourOptions),
    pendingSubmissions: (sellerId) => patching.pending(sellerId),
    feedReport: (feedId) => feeds.report(feedId),
    setListing(sellerId, listing) {
      const seller = sellerOf(sellerId);
      if (!seller) throw new Error(`sp-api-stub: no seller ${sellerId}`);
      const index = seller.listings.findIndex((candidate) => candidate.sku === listing.sku && candidate.marketplaceId === listing.marketplaceId);
      if (index === -1) seller.listings.push(listing);
      else seller.listings[index] = listing;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
