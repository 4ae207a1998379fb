// THE SP-API regions: where a seller's account lives decides the API host, the Seller Central site its
// consent page is on, and which stores it can sell in. Hosts: Amazon's "SP-API endpoints" and "Website
// authorization workflow" pages (docs/decisions/036).
import { marketplaces, type Marketplace } from "#app/features/marketplaces/registry.ts";

export const regionIds = ["na", "eu", "fe"] as const;
export type RegionId = (typeof regionIds)[number];

export interface Region {
  id: RegionId;
  /** The Selling Partner API's host for this region. */
  endpoint: string;
  /** Seller Central's site where a seller of this region authorizes an app. */
  sellerCentral: string;
  /** The countries of the stores in this region (ISO 3166). */
  countries: readonly string[];
}

export const regions: Record<RegionId, Region> = {
  na: { id: "na", endpoint: "https://sellingpartnerapi-na.amazon.com", sellerCentral: "https://sellercentral.amazon.com", countries: ["US", "CA", "MX", "BR"] },
  eu: {
    id: "eu",
    endpoint: "https://sellingpartnerapi-eu.amazon.com",
    sellerCentral: "https://sellercentral-europe.amazon.com",
    countries: ["GB", "DE", "FR", "IT", "ES", "NL", "SE", "PL", "TR", "AE", "SA", "IN", "BE", "EG", "IE", "ZA"],
  },
  fe: { id: "fe", endpoint: "https://sellingpartnerapi-fe.amazon.com", sellerCentral: "https://sellercentral.amazon.co.jp", countries: ["JP", "AU", "SG"] },
};

export function isRegionId(value: unknown): value is RegionId {
  return typeof value === "string" && (regionIds as readonly string[]).includes(value);
}

/** The stores of our marketplaces registry that a region's sellers sell in. */
export function marketplacesInRegion(region: RegionId): Marketplace[] {
  return marketplaces.filter((marketplace) => regions[region].countries.includes(marketplace.country));
}

/** Our registry's store for an SP-API marketplace id, when we list it. */
export function marketplaceBySpApiId(marketplaceId: string): Marketplace | undefined {
  return marketplaces.find((marketplace) => marketplace.marketplaceId === marketplaceId);
}

/** The overrides a test or development setup gives (AmazonConfig), or Amazon's own hosts. */
export interface RegionHosts {
  endpoint?: string;
  sellerCentralUrl?: string;
}

export function regionEndpoint(region: RegionId, hosts: RegionHosts): string {
  return hosts.endpoint ?? regions[region].endpoint;
}

/**
 * Seller Central's consent page for our app: the seller signs in there and approves. `version=beta`
 * while the app is a draft; `redirect_uri` names which of the app's registered URIs to come back to.
 */
export function consentUrl({ region, hosts, appId, state, draft, redirectUri }: { region: RegionId; hosts: RegionHosts; appId: string; state: string; draft: boolean; redirectUri: string }): string {
  const url = new URL("/apps/authorize/consent", hosts.sellerCentralUrl ?? regions[region].sellerCentral);
  url.searchParams.set("application_id", appId);
  url.searchParams.set("state", state);
  if (draft) url.searchParams.set("version", "beta");
  url.searchParams.set("redirect_uri", redirectUri);
  return url.toString();
}
