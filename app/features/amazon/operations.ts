// THE SP-API operations we call: one row each. The client finds a request's row by method and path, and
// the rate limiter spends that row's rate and burst per (connection, operation). Rates and bursts are
// Amazon's documented usage plans (each API's reference; tests/fixtures/sp-api-models/README.md).

export interface SpApiOperation {
  name: string;
  api: "sellers/v1" | "reports/2021-06-30" | "listings/2021-08-01" | "definitions/2020-09-01" | "feeds/2021-06-30";
  method: "get" | "post" | "patch";
  /** The request path, `{…}` standing for one path segment. */
  path: string;
  /** A query parameter that sets this row apart from another on the same method and path. */
  query?: { name: string; value: string };
  /** Requests per second, sustained. */
  rate: number;
  /** Requests allowed at once after a quiet spell. */
  burst: number;
  /** Why Sellscribe calls it. */
  purpose: string;
}

export const spApiOperations = {
  getMarketplaceParticipations: {
    name: "getMarketplaceParticipations",
    api: "sellers/v1",
    method: "get",
    path: "/sellers/v1/marketplaceParticipations",
    rate: 0.016,
    burst: 15,
    purpose: "The stores a connected seller sells in, shown on the Amazon card when connecting",
  },
  createReport: {
    name: "createReport",
    api: "reports/2021-06-30",
    method: "post",
    path: "/reports/2021-06-30/reports",
    rate: 0.0167,
    burst: 15,
    purpose: "Asks for the All Listings report (GET_MERCHANT_LISTINGS_ALL_DATA): every SKU of a catalog over 1,000 SKUs",
  },
  getReport: {
    name: "getReport",
    api: "reports/2021-06-30",
    method: "get",
    path: "/reports/2021-06-30/reports/{reportId}",
    rate: 2,
    burst: 15,
    purpose: "Polls the report until it is done and names its document",
  },
  getReportDocument: {
    name: "getReportDocument",
    api: "reports/2021-06-30",
    method: "get",
    path: "/reports/2021-06-30/documents/{reportDocumentId}",
    rate: 0.0167,
    burst: 15,
    purpose: "The report document's download address",
  },
  searchListingsItems: {
    name: "searchListingsItems",
    api: "listings/2021-08-01",
    method: "get",
    path: "/listings/2021-08-01/items/{sellerId}",
    rate: 5,
    burst: 5,
    purpose: "Reads the live copy, summaries and Amazon's issues, 20 listings a call (by page or by SKU)",
  },
  getListingsItem: {
    name: "getListingsItem",
    api: "listings/2021-08-01",
    method: "get",
    path: "/listings/2021-08-01/items/{sellerId}/{sku}",
    rate: 5,
    burst: 10,
    purpose: "Reads one listing back (after a fix, and to check what is live)",
  },
  patchListingsItem: {
    name: "patchListingsItem",
    api: "listings/2021-08-01",
    method: "patch",
    path: "/listings/2021-08-01/items/{sellerId}/{sku}",
    rate: 5,
    burst: 5,
    purpose: "Publishes the copy attributes of one listing (item name, highlights, bullets, description, search terms)",
  },
  patchListingsItemPreview: {
    name: "patchListingsItemPreview",
    api: "listings/2021-08-01",
    method: "patch",
    path: "/listings/2021-08-01/items/{sellerId}/{sku}",
    query: { name: "mode", value: "VALIDATION_PREVIEW" },
    // Issue 34 sets 1/s for previews; the model documents one plan (5/s) for the operation (decision 040).
    rate: 1,
    burst: 1,
    purpose: "Asks Amazon to check a publish without making it (mode=VALIDATION_PREVIEW)",
  },
  searchDefinitionsProductTypes: {
    name: "searchDefinitionsProductTypes",
    api: "definitions/2020-09-01",
    method: "get",
    path: "/definitions/2020-09-01/productTypes",
    rate: 5,
    burst: 10,
    purpose: "Finds the product types of a store (when a listing's product type is not known)",
  },
  getDefinitionsProductType: {
    name: "getDefinitionsProductType",
    api: "definitions/2020-09-01",
    method: "get",
    path: "/definitions/2020-09-01/productTypes/{productType}",
    rate: 5,
    burst: 10,
    purpose: "The product type's definition and the link to its JSON Schema, which a publish is checked against",
  },
  createFeedDocument: {
    name: "createFeedDocument",
    api: "feeds/2021-06-30",
    method: "post",
    path: "/feeds/2021-06-30/documents",
    rate: 0.5,
    burst: 15,
    purpose: "An upload address for a bulk publish's JSON_LISTINGS_FEED",
  },
  createFeed: {
    name: "createFeed",
    api: "feeds/2021-06-30",
    method: "post",
    path: "/feeds/2021-06-30/feeds",
    rate: 0.0083,
    burst: 15,
    purpose: "Submits an uploaded JSON_LISTINGS_FEED (a bulk publish)",
  },
  getFeed: {
    name: "getFeed",
    api: "feeds/2021-06-30",
    method: "get",
    path: "/feeds/2021-06-30/feeds/{feedId}",
    rate: 2,
    burst: 15,
    purpose: "Polls a feed until it is done and names its processing report",
  },
  getFeedDocument: {
    name: "getFeedDocument",
    api: "feeds/2021-06-30",
    method: "get",
    path: "/feeds/2021-06-30/documents/{feedDocumentId}",
    rate: 0.0222,
    burst: 10,
    purpose: "The processing report's download address (each message's issues)",
  },
} as const satisfies Record<string, SpApiOperation>;

export type SpApiOperationName = keyof typeof spApiOperations;

const matchers = Object.values(spApiOperations).map((operation) => ({
  operation: operation as SpApiOperation & { name: SpApiOperationName },
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

/**
 * The row a request belongs to (by method, path and, where two rows share those, a query parameter; whatever the
 * host), or undefined for a call we never make.
 */
export function operationFor(method: string, path: string, query?: URLSearchParams): (SpApiOperation & { name: SpApiOperationName }) | undefined {
  const lower = method.toLowerCase();
  const candidates = matchers.filter((entry) => entry.operation.method === lower && entry.pattern.test(path)).map((entry) => entry.operation);
  return candidates.find((operation) => operation.query && query?.get(operation.query.name) === operation.query.value) ?? candidates.find((operation) => !operation.query);
}

/** Milliseconds between two requests at the operation's sustained rate. */
export function spacingMs(operation: Pick<SpApiOperation, "rate">, rateScale = 1): number {
  return Math.ceil(1000 / (operation.rate * rateScale));
}
