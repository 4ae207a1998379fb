// Reading a CSV or TSV catalog: the bytes decoded (app/lib/csv/decode.ts), the delimiter found, and the records read
// by the one CSV/TSV reader (app/lib/csv/delimited.server.ts, docs/decisions/034) into CatalogRecords; an Excel
// "sep=" line honoured. An XLSX is read by ../catalog-xlsx.server.ts into the same CatalogRecords.
import { decodeText } from "#app/lib/csv/decode.ts";
import { delimiters, detectDelimiter, readDelimitedRecords } from "#app/lib/csv/delimited.server.ts";
import { workSlices, type WorkSlices } from "#app/lib/work-slices.ts";
import { detectCatalogFormat, maxCatalogBytes, type CatalogDelimiter, type CatalogEncoding, type CatalogResult } from "./catalog-file.ts";
import { CatalogRecords } from "./records.ts";

const xlsxName = /\.(xlsx|xlsm)$/i;

/** A CSV or TSV file's bytes as a catalog (an XLSX refused with needsXlsxReader: the server reads those). */
export async function readCatalogFile(bytes: Uint8Array, fileName?: string): Promise<CatalogResult> {
  if (bytes.length > maxCatalogBytes) return { ok: false, reason: "tooLarge", limit: maxCatalogBytes, found: bytes.length, what: "file" };
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (detectCatalogFormat(bytes) === "xlsx") return { ok: false, reason: "needsXlsxReader" };
  const slices = workSlices();
  const decoded = await decodeText(bytes, slices);
  // A damaged workbook: named .xlsx, but not the ZIP archive every .xlsx is.
  if (!decoded.ok) return decoded.reason === "binary" && fileName && xlsxName.test(fileName) ? { ok: false, reason: "unreadableXlsx", detail: "notZip" } : decoded;
  return readCatalogText(decoded.text, { encoding: decoded.encoding, bom: decoded.bom }, slices);
}

/** Decoded CSV/TSV text as a catalog (what readCatalogFile does after decoding; also for pasted text). */
export async function readCatalogText(text: string, meta: { encoding: CatalogEncoding; bom: boolean } = { encoding: "utf-8", bom: false }, slices: WorkSlices = workSlices()): Promise<CatalogResult> {
  let body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let skippedLines = 0;
  let delimiter: CatalogDelimiter | undefined;
  // Excel's hint line: "sep=;" names the delimiter and is no row of data.
  const hint = /^sep=(.)\r?\n/i.exec(body);
  if (hint && delimiters.includes(hint[1] as CatalogDelimiter)) {
    delimiter = hint[1] as CatalogDelimiter;
    body = body.slice(hint[0].length);
    skippedLines = 1;
  }
  if (body.trim() === "") return { ok: false, reason: "empty" };
  delimiter ??= detectDelimiter(body);
  const catalog = new CatalogRecords();
  const { unclosedQuote } = await readDelimitedRecords(body, delimiter, (cells, record) => catalog.add(cells, record + skippedLines), slices);
  if (unclosedQuote !== null) return { ok: false, reason: "unclosedQuote", row: unclosedQuote.record + skippedLines };
  return catalog.finish({ format: delimiter === "\t" ? "tsv" : "csv", encoding: meta.encoding, bom: meta.bom, delimiter }, slices);
}
