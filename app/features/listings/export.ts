// A listing as Amazon takes it: a tab-separated flat file with Seller Central's column names, or the
// attributes of a Selling Partner Listings API request. Pure; see docs/decisions/015-listings.md for the
// names we could confirm (the item highlights' column and attribute could not be).
import { inertCell } from "#app/lib/spreadsheet-cells.ts";
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

/** What one row of a flat file is made of. */
export interface FlatFileListing {
  facts: ListingFacts;
  copy: ListingCopy;
  ruleSet: RuleSet;
}

/** Seller Central's column names in the template's order. */
const flatFileColumnOrder = ["item_name", "brand_name", "item_highlights", ...Array.from({ length: flatFileBullets }, (_, i) => `bullet_point${i + 1}`), "product_description", "generic_keywords"];

function flatFileCells({ facts, copy, ruleSet }: FlatFileListing): Map<string, string> {
  const columns: [string, string][] = [
    ["item_name", cell(copy.title)],
    ["brand_name", cell(facts.brand)],
    ...(ruleSet.sections.itemHighlights ? ([["item_highlights", cell(copy.itemHighlights)]] as [string, string][]) : []),
    ...Array.from({ length: flatFileBullets }, (_, i): [string, string] => [`bullet_point${i + 1}`, cell(copy.bullets[i] ?? "")]),
    ["product_description", cell(copy.description, { lineBreaks: true })],
    ["generic_keywords", cell(copy.searchTerms)],
  ];
  // Made inert after the clean-up, so a start the trimming uncovers is caught too (decision 029, item 7).
  return new Map(columns.map(([name, value]) => [name, inertCell(value)]));
}

/** Listings as one flat file: a header with every column any row's rule set has, then a row per listing. */
export function toFlatFileRows(listings: readonly FlatFileListing[]): string {
  const rows = listings.map(flatFileCells);
  const header = flatFileColumnOrder.filter((name) => rows.some((row) => row.has(name)));
  return [header.join("\t"), ...rows.map((row) => header.map((name) => row.get(name) ?? "").join("\t"))].join("\n") + "\n";
}

export function toFlatFile(listing: FlatFileListing): string {
  return toFlatFileRows([listing]);
}

interface AttributeValue {
  value: string;
  language_tag: string;
  marketplace_id: string;
}

/** Values exact, never made inert: JSON goes to the Listings API, which stores what it is sent, and no spreadsheet opens it. */
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
