// The workspace's listing settings form (settings → workspace): the rule set and the other brands.
import { z } from "zod";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";

export const maxOtherBrands = 200;
export const maxBrandLength = 100;

/** Brand names from text: one a line or separated by commas; duplicates (case-insensitive) dropped. */
export function parseBrandList(text: string): string[] {
  const seen = new Set<string>();
  const brands: string[] = [];
  for (const raw of text.split(/[\n,]+/)) {
    const brand = raw.trim().replace(/\s+/g, " ");
    if (!brand || seen.has(brand.toLowerCase())) continue;
    seen.add(brand.toLowerCase());
    brands.push(brand);
  }
  return brands;
}

/** "amazon.com,amazon.de" (a multi-select's value) → the ids, in order. */
export const marketplaceList = (text: string) => [...new Set(text.split(",").map((id) => id.trim()).filter(Boolean))];

export const listingRulesSchema = z.object({
  marketplaces: z
    .string()
    .max(2000)
    .refine((text) => marketplaceList(text).length > 0, "listings.settings.marketplacesRequired")
    .refine((text) => marketplaceList(text).every((id) => getMarketplace(id) !== undefined), "listings.settings.unknownMarketplace"),
  ruleSetId: z.string().refine((id) => getRuleSet(id) !== undefined, "listings.settings.unknownRuleSet"),
  otherBrands: z
    .string()
    .max(25_000, "listings.settings.tooManyBrands")
    .refine((text) => parseBrandList(text).length <= maxOtherBrands, "listings.settings.tooManyBrands")
    .refine((text) => parseBrandList(text).every((brand) => brand.length <= maxBrandLength), "listings.settings.brandTooLong"),
});
