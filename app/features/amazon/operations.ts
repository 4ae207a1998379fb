// THE SP-API operations we call: one row each. The client finds a request's row by method and path, and
// the rate limiter spends that row's rate and burst per (connection, operation). Rates and bursts are
// Amazon's documented usage plans (each API's reference; tests/fixtures/sp-api-models/README.md).

export interface SpApiOperation {
  name: string;
  api: "sellers/v1" | "reports/2021-06-30" | "listings/2021-08-01";
  method: "get" | "post";
  /** The request path, `{…}` standing for one path segment. */
  path: string;
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
} as const satisfies Record<string, SpApiOperation>;

export type SpApiOperationName = keyof typeof spApiOperations;

const matchers = Object.values(spApiOperations).map((operation) => ({
  operation: operation as SpApiOperation & { name: SpApiOperationName },
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

/** The row a request belongs to (by method and path, whatever the host), or undefined for a call we never make. */
export function operationFor(method: string, path: string): (SpApiOperation & { name: SpApiOperationName }) | undefined {
  const lower = method.toLowerCase();
  return matchers.find((entry) => entry.operation.method === lower && entry.pattern.test(path))?.operation;
}

/** Milliseconds between two requests at the operation's sustained rate. */
export function spacingMs(operation: Pick<SpApiOperation, "rate">, rateScale = 1): number {
  return Math.ceil(1000 / (operation.rate * rateScale));
}
