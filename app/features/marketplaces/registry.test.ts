import { aiProviderNames, getProvider, providerWrites } from "#server/ai/providers.server.ts";
import { describe, expect, it } from "vitest";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { getMarketplace, marketplaces, ruleSetFor } from "./registry.ts";

describe("marketplaces", () => {
  it("lists every store the issue names, each once, with a Selling Partner id, a language tag and a known rule set", () => {
    const ids = ["amazon.com", "amazon.ca", "amazon.com.mx", "amazon.com.br", "amazon.co.uk", "amazon.de", "amazon.fr", "amazon.it", "amazon.es", "amazon.nl", "amazon.se", "amazon.pl", "amazon.com.tr", "amazon.ae", "amazon.sa", "amazon.in", "amazon.co.jp", "amazon.com.au", "amazon.sg", "amazon.com.be", "amazon.eg"];
    expect(marketplaces.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(new Set(marketplaces.map((m) => m.marketplaceId)).size).toBe(marketplaces.length);
    for (const m of marketplaces) {
      expect(m.marketplaceId).toMatch(/^A[0-9A-Z]{8,13}$/);
      expect(getRuleSet(m.ruleSetId)).toBeDefined();
      for (const l of m.languages) expect(l.tag).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
    }
  });
  it("takes Canada in English and French, the Emirates in English and Arabic, and writes Arabic right to left", () => {
    expect(getMarketplace("amazon.ca")!.languages.map((l) => l.tag)).toEqual(["en_CA", "fr_CA"]);
    expect(getMarketplace("amazon.ae")!.languages.map((l) => [l.tag, l.rightToLeft])).toEqual([
      ["en_AE", false],
      ["ar_AE", true],
    ]);
    expect(getMarketplace("amazon.sa")).toMatchObject({ language: "ar", rightToLeft: true });
    expect(getMarketplace("amazon.de")).toMatchObject({ marketplaceId: "A1PA6795UKMFR9", language: "de", languageTag: "de_DE", rightToLeft: false });
  });
  it("keeps January 2025's titles in the stores reported exempt from the short ones, whatever the workspace chose", () => {
    expect(ruleSetFor(getMarketplace("amazon.sa")!, "amazon-2026-07")).toBe("amazon-2025-01");
    expect(ruleSetFor(getMarketplace("amazon.com.tr")!, "amazon-2026-07")).toBe("amazon-2025-01");
    expect(ruleSetFor(getMarketplace("amazon.de")!, "amazon-2026-07")).toBe("amazon-2026-07");
    expect(ruleSetFor(getMarketplace("amazon.de")!, "amazon-2025-01")).toBe("amazon-2025-01");
  });
});

describe("languages and providers", () => {
  it("every provider of today can be asked for every store's language", () => {
    for (const name of aiProviderNames) for (const store of marketplaces) for (const language of store.languages) expect(providerWrites(getProvider(name), language.language), `${name} ${language.tag}`).toBe(true);
  });
});
