// A listing as Amazon takes it: a tab-separated flat file with Seller Central's column names, or the
// attributes of a Selling Partner Listings API request. Pure; see docs/decisions/015-listings.md for the
// names we could confirm (the item highlights' column and attribute could not be).
import type { Marketplace } from "#app/features/marketplaces/registry.ts";
import type { RuleSet } from "#app/features/rules/types.ts";
import type { ListingCopy, ListingFacts } from "./types.ts";

export const exportFormats = ["flatfile", "json"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Bullet columns in a flat file (Amazon's templates have five). */
const flatFileBullets = 5;

/** A flat-file cell: one line, no tabs; a description keeps its line breaks as <br>, which Amazon allows there. */
function cell(text: string, { lineBreaks = false } = {}): string {
  const normalized = text.replace(/\r\n?/g, "\n");
  return (lineBreaks ? normalized.replace(/\n/g, "<br>") : normalized.replace(/\n+/g, " ")).replace(/\t/g, " ").trim();
}

export function toFlatFile({ facts, copy, ruleSet }: { facts: ListingFacts; copy: ListingCopy; ruleSet: RuleSet }): string {
  const columns: [string, string][] = [
    ["item_name", cell(copy.title)],
    ["brand_name", cell(facts.brand)],
    ...(ruleSet.sections.itemHighlights ? ([["item_highlights", cell(copy.itemHighlights)]] as [string, string][]) : []),
    ...Array.from({ length: flatFileBullets }, (_, i): [string, string] => [`bullet_point${i + 1}`, cell(copy.bullets[i] ?? "")]),
    ["product_description", cell(copy.description, { lineBreaks: true })],
    ["generic_keywords", cell(copy.searchTerms)],
  ];
  return `${columns.map(([name]) => name).join("\t")}\n${columns.map(([, value]) => value).join("\t")}\n`;
}

interface AttributeValue {
  value: string;
  language_tag: string;
  marketplace_id: string;
}

export function toListingsApiJson({ facts, copy, ruleSet, marketplace, languageTag = marketplace.languageTag }: { facts: ListingFacts; copy: ListingCopy; ruleSet: RuleSet; marketplace: Marketplace; languageTag?: string }): { attributes: Record<string, AttributeValue[]> } {
  const value = (text: string): AttributeValue => ({ value: text, language_tag: languageTag, marketplace_id: marketplace.marketplaceId });
  const attributes: Record<string, AttributeValue[]> = {
    item_name: [value(copy.title)],
    brand: [value(facts.brand)],
    bullet_point: copy.bullets.filter((bullet) => bullet.trim() !== "").map(value),
    product_description: [value(copy.description)],
    generic_keyword: [value(copy.searchTerms)],
  };
  // Reported as the Listings API attribute for item highlights (docs/decisions/015).
  if (ruleSet.sections.itemHighlights && copy.itemHighlights) attributes.title_differentiation = [value(copy.itemHighlights)];
  return { attributes };
}

/** A file name for an export: the product's name, its version and the format's extension. */
export function exportFileName({ facts, version, format }: { facts: ListingFacts; version: number; format: ExportFormat }): string {
  const slug = facts.productName
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60);
  return `${slug || "listing"}-v${version}.${format === "json" ? "json" : "tsv"}`;
}
