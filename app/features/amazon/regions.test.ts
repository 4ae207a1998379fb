import { describe, expect, it } from "vitest";
import { marketplaces } from "#app/features/marketplaces/registry.ts";
import { consentUrl, marketplaceBySpApiId, marketplacesInRegion, regionEndpoint, regionIds } from "./regions.ts";

describe("SP-API regions", () => {
  it("puts every store of the marketplaces registry in exactly one region", () => {
    const placed = regionIds.flatMap((region) => marketplacesInRegion(region).map((marketplace) => marketplace.id));
    expect(placed.sort()).toEqual(marketplaces.map((marketplace) => marketplace.id).sort());
    expect(marketplacesInRegion("na").map((m) => m.id)).toContain("amazon.com");
    expect(marketplacesInRegion("eu").map((m) => m.id)).toEqual(expect.arrayContaining(["amazon.de", "amazon.in", "amazon.ae"]));
    expect(marketplacesInRegion("fe").map((m) => m.id)).toEqual(["amazon.co.jp", "amazon.com.au", "amazon.sg"]);
    expect(marketplaceBySpApiId("A1PA6795UKMFR9")?.id).toBe("amazon.de");
  });

  it("takes Amazon's hosts per region unless one host replaces them all", () => {
    expect(regionEndpoint("eu", {})).toBe("https://sellingpartnerapi-eu.amazon.com");
    expect(regionEndpoint("fe", { endpoint: "http://127.0.0.1:9" })).toBe("http://127.0.0.1:9");
  });

  it("builds the consent page's address, with version=beta only for a draft app", () => {
    const base = { appId: "amzn1.sp.solution.abc", state: "s t", redirectUri: "https://app.example.com/settings/amazon/callback" };
    const live = new URL(consentUrl({ ...base, region: "eu", hosts: {}, draft: false }));
    expect(live.origin + live.pathname).toBe("https://sellercentral-europe.amazon.com/apps/authorize/consent");
    expect(Object.fromEntries(live.searchParams)).toEqual({ application_id: base.appId, state: "s t", redirect_uri: base.redirectUri });
    const draft = new URL(consentUrl({ ...base, region: "fe", hosts: { sellerCentralUrl: "http://127.0.0.1:7000" }, draft: true }));
    expect(draft.origin).toBe("http://127.0.0.1:7000");
    expect(draft.searchParams.get("version")).toBe("beta");
  });
});
