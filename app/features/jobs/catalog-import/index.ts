// A seller's catalog file, from upload to listings to write (issue 18): reading (read-text.server.ts, and
// ../catalog-xlsx.server.ts for workbooks, both into records.ts), mapping (mapping.ts) and row building (rows.ts).
// The API and the tests import from here; the page imports catalog-file.ts and mapping.ts, which need no reader.
export * from "./catalog-file.ts";
export * from "./mapping.ts";
export { readCatalogFile, readCatalogText } from "./read-text.server.ts";
export { CatalogRecords, type SparseCells } from "./records.ts";
export * from "./rows.ts";
export * from "./seller-central.ts";
export { detectDelimiter } from "#app/lib/csv/delimited.server.ts";
