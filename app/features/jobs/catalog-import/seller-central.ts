// Seller Central's own files as catalogs (issue 33 item 4, decision 034 "Seller Central's reports"): the All
// Listings Report (GET_MERCHANT_LISTINGS_ALL_DATA: tab-separated, item-name, seller-sku, asin1…) and a listings flat
// file downloaded from Seller Central (a TemplateType= row and a row of labels above item_sku, item_name…). Both are
// recognised by their column names and mapped by name; any other file is an ordinary catalog, and the answer says
// which report it was checked against and why it is not that one. Browser-safe.
import type { CatalogFile, CatalogMapping } from "./catalog-file.ts";

export const sellerCentralReports = ["allListings", "flatFile"] as const;
export type SellerCentralReport = (typeof sellerCentralReports)[number];

/** Why a file is not one report: the names it lacks and, for a flat file, whether the TemplateType= row is missing. */
export interface ReportMiss {
  report: SellerCentralReport;
  missing: string[];
  noTemplateRow?: boolean;
}

export interface ReportRecognition {
  /** The report the file is, or null for an ordinary catalog. */
  report: SellerCentralReport | null;
  /** A flat file's TemplateType= value ("fptcustom"). */
  templateType?: string;
  /** For an ordinary catalog: each report it was checked against and why it is not that one. */
  misses: ReportMiss[];
}

/** The columns each report cannot be without (the French Active Listings Report has no asin1 nor item-description). */
const allListingsNeeds = ["seller-sku", "item-name"];
const flatFileNeeds = ["item_sku", "item_name"];

/** A newer template's attribute names under the older flat file's names. */
const newerNames: Record<string, string> = { contribution_sku: "item_sku", brand: "brand_name", product_type: "feed_product_type", generic_keyword: "generic_keywords" };

/**
 * A column's attribute name as Seller Central writes it, lower case: "item_sku", "bullet_point3"; a newer
 * template's "bullet_point[marketplace_id=…][language_tag=en_US]#3.value" is "bullet_point3" too, and its
 * "contribution_sku#1.value" is "item_sku" (names read from third-party code, see decision 034).
 */
export function attributeName(column: string): string {
  const name = column.trim().toLowerCase();
  const newer = /^([a-z0-9_-]+)(?:\[[^\]]*\])*#(\d+)\.value$/.exec(name);
  if (!newer) return name;
  const base = newerNames[newer[1]!] ?? newer[1]!;
  const index = newer[2]!;
  return base === "bullet_point" || index !== "1" ? `${base}${index}` : base;
}

/** The columns weighed, as in mapping.ts: a header of 200,000 names would otherwise keep a request busy. */
const weighedColumns = 1001;

/** Whether the file is an All Listings Report, a listings flat file or neither (and then why not). */
export function recognizeReport(file: Pick<CatalogFile, "columns" | "templateType">): ReportRecognition {
  const names = new Set(file.columns.slice(0, weighedColumns).map(attributeName));
  const lacking = (needs: string[]) => needs.filter((name) => !names.has(name));
  const allListings = lacking(allListingsNeeds);
  if (allListings.length === 0) return { report: "allListings", misses: [] };
  const flatFile = lacking(flatFileNeeds);
  if (flatFile.length === 0 && file.templateType !== undefined) return { report: "flatFile", templateType: file.templateType, misses: [] };
  return {
    report: null,
    misses: [
      { report: "allListings", missing: allListings },
      { report: "flatFile", missing: flatFile, ...(file.templateType === undefined ? { noTemplateRow: true } : {}) },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// What a column holds (shared with mapping.ts's guesses for any file)

/** Whether any row has something in this column. */
export function columnHasValues(rows: readonly (readonly string[])[], column: number): boolean {
  for (const row of rows) if ((row[column] ?? "").trim() !== "") return true;
  return false;
}

const yesNo = new Set(["y", "n", "yes", "no", "true", "false", "0", "1", "ja", "nein", "oui", "non", "si", "sí", "x", "-"]);

/** A column of flags (item-is-marketplace, will-ship-internationally: y/n): every value it has is a yes or a no. */
export function isYesNoColumn(rows: readonly (readonly string[])[], column: number): boolean {
  let seen = false;
  for (const row of rows) {
    const value = (row[column] ?? "").trim().toLowerCase();
    if (value === "") continue;
    if (!yesNo.has(value)) return false;
    seen = true;
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------------------
// A report's mapping, by name

/**
 * The mapping of a recognised report, by its column names: title, SKU, ASIN, description, key features (every
 * bullet_point column that holds something, in order), search terms, brand, product type. A column with nothing
 * in it is never proposed; no column is proposed as the store (the report's y/n flags are not stores), so rows
 * take the default store. Without a brand column the brand is asked once for all rows (`brandForAll`).
 */
export function reportMapping(report: SellerCentralReport, file: Pick<CatalogFile, "columns" | "rows">): CatalogMapping {
  const names = file.columns.slice(0, weighedColumns).map(attributeName);
  const filled = (column: number) => columnHasValues(file.rows, column);
  const find = (...wanted: string[]): number | null => {
    for (const name of wanted) {
      const column = names.indexOf(name);
      if (column >= 0 && filled(column)) return column;
    }
    return null;
  };
  const mapping: CatalogMapping = { brand: null, productName: null, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null };
  if (report === "allListings") {
    return { ...mapping, productName: find("item-name"), sku: find("seller-sku"), asin: find("asin1"), description: find("item-description") };
  }
  // bullet_point1…bullet_point10, in their number's order, those with something in them.
  const bullets = names
    .map((name, column) => ({ column, number: /^bullet_point(\d{1,2})$/.exec(name)?.[1] }))
    .filter((bullet): bullet is { column: number; number: string } => bullet.number !== undefined && filled(bullet.column))
    .sort((a, b) => Number(a.number) - Number(b.number))
    .map((bullet) => bullet.column);
  return {
    ...mapping,
    brand: find("brand_name", "brand"),
    productName: find("item_name"),
    productType: find("feed_product_type", "item_type"),
    keyFeatures: bullets[0] ?? null,
    ...(bullets.length > 1 ? { keyFeaturesMore: bullets.slice(1) } : {}),
    targetAudience: find("target_audience_keywords1", "target_audience_keywords", "target_audience_base"),
    keywords: find("generic_keywords", "generic_keywords1", "search_terms"),
    sku: find("item_sku"),
    description: find("product_description"),
  };
}
