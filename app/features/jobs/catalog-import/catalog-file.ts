// A seller's catalog file (issue 18, "catalogs in bulk"): the limits, what reading one gives (a CatalogFile of
// header and rows, or a refusal with a reason and numbers the API and UI put in words) and its format by its first
// bytes. Reading is read-text.server.ts (CSV, TSV) and ../catalog-xlsx.server.ts (XLSX), both through records.ts;
// mapping.ts maps the header to the listing facts and rows.ts builds each row's facts. Browser-safe.
import type { TextEncodingName } from "#app/lib/csv/decode.ts";
import { startsWithBytes, zipSignature } from "#app/lib/csv/decode.ts";
import type { Delimiter } from "#app/lib/csv/delimited.server.ts";

export const maxCatalogRows = 5000;
export const maxCatalogBytes = 10 * 1024 * 1024;

export type CatalogFormat = "csv" | "tsv" | "xlsx";
export type CatalogEncoding = TextEncodingName;
export type CatalogDelimiter = Delimiter;

export interface CatalogFile {
  ok: true;
  format: CatalogFormat;
  /** How the text was decoded (an XLSX is always UTF-8 inside). */
  encoding: CatalogEncoding;
  /** Whether the file began with a byte order mark. */
  bom: boolean;
  /** CSV and TSV only. */
  delimiter?: CatalogDelimiter;
  /** The header row's cells, trimmed, spaces and line breaks collapsed ("" for a column without a name). */
  columns: string[];
  /** The data rows, empty ones removed, each exactly `columns.length` cells of text exactly as in the file. */
  rows: string[][];
  /** Each row's number in the file as a spreadsheet counts it (header row = 1 when it is the first). */
  rowNumbers: number[];
  /** The header's row number (title rows or an Amazon template's first two rows may come before it). */
  headerRow: number;
  /** A Seller Central flat file's TemplateType= value ("fptcustom"), when its first row has one. */
  templateType?: string;
  /** Rows with nothing in them between the header and the last row with data, left out. */
  emptyRowsSkipped: number;
  /** Rows between the header and the last row with data, empty ones included (rows.length + emptyRowsSkipped). */
  totalRows: number;
}

export type CatalogRefusal =
  /** Over 10 MB (or, for an XLSX, over its limit once unpacked): the API answers 413. */
  | { ok: false; reason: "tooLarge"; limit: number; found: number; what: "file" | "uncompressed" }
  /** Over 5,000 products (non-empty rows below the header): the API answers 413. */
  | { ok: false; reason: "tooManyRows"; limit: number; found: number }
  /** No bytes, no text, or a header with no row below it (its columns then given). */
  | { ok: false; reason: "empty"; columns?: string[] }
  | { ok: false; reason: "binary" }
  /** Text in an encoding that is named but not read (UTF-32), or bytes its byte order mark's encoding cannot decode. */
  | { ok: false; reason: "unsupportedEncoding"; encoding: string }
  /** A known kind of file that is not a catalog format: save it as .xlsx (without a password) or CSV. */
  | { ok: false; reason: "unsupportedFormat"; detected: "xls" | "encryptedXlsx" | "ods" | "numbers" | "pdf" | "html" | "xml" | "zip" }
  /** The first row with text has no letters (numbers only): the file has no header row. */
  | { ok: false; reason: "noHeader"; row: number }
  /** A quoted cell opened on this row is never closed: the rest of the file would be one cell. */
  | { ok: false; reason: "unclosedQuote"; row: number }
  /** A damaged workbook: `detail` is "notZip", "damaged", "encrypted", "noSheet" or "tooManyColumns". */
  | { ok: false; reason: "unreadableXlsx"; detail: string }
  /** An XLSX given to the browser-safe reader: the server's readCatalogUpload reads it. */
  | { ok: false; reason: "needsXlsxReader" };

export type CatalogResult = CatalogFile | CatalogRefusal;

const emptyZipSignature = [0x50, 0x4b, 0x05, 0x06];

/** XLSX by its ZIP signature; everything else is read as delimited text (a binary ".xlsx" is refused there). */
export function detectCatalogFormat(bytes: Uint8Array): "xlsx" | "text" {
  return startsWithBytes(bytes, zipSignature) || startsWithBytes(bytes, emptyZipSignature) ? "xlsx" : "text";
}

// ---------------------------------------------------------------------------------------------------------
// The fields a mapping gives a column (the page shows them, mapping.ts guesses and checks them)

export const catalogFields = ["brand", "productName", "productType", "keyFeatures", "targetAudience", "keywords", "marketplace"] as const;
export type CatalogField = (typeof catalogFields)[number];
export const requiredCatalogFields = ["brand", "productName"] as const satisfies readonly CatalogField[];

/** Columns only a Seller Central report's mapping names (seller-sku, asin1, item-description): kept with each row, not listing facts. */
export const reportFields = ["sku", "asin", "description"] as const;
export type ReportField = (typeof reportFields)[number];

/**
 * Each field's column (an index into `columns`), or null when no column holds it. A Seller Central report's
 * mapping may also name its SKU, ASIN and description columns, more key-feature columns (bullet_point2..5) and,
 * when the file has no brand column, the brand typed once for every row.
 */
export type CatalogMapping = Record<CatalogField, number | null> &
  Partial<Record<ReportField, number | null>> & {
    keyFeaturesMore?: number[];
    brandForAll?: string;
  };

/** A column's spreadsheet letter: 0 → "A", 26 → "AA" (for a column without a name). */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
