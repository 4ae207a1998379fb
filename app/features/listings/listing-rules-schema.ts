// The workspace's listing settings form (settings → workspace): the rule set and the other brands.
import { z } from "zod";
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

export const listingRulesSchema = z.object({
  ruleSetId: z.string().refine((id) => getRuleSet(id) !== undefined, "listings.settings.unknownRuleSet"),
  otherBrands: z
    .string()
    .max(25_000, "listings.settings.tooManyBrands")
    .refine((text) => parseBrandList(text).length <= maxOtherBrands, "listings.settings.tooManyBrands")
    .refine((text) => parseBrandList(text).every((brand) => brand.length <= maxBrandLength), "listings.settings.brandTooLong"),
});
