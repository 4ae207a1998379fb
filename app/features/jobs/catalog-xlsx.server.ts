// A catalog in an Excel workbook (.xlsx), read on the server with read-excel-file into the shape the CSV reader
// gives (catalog-import.ts): the first sheet only, every cell as the text a seller sees, formulas never run (a
// formula cell gives the value Excel saved with it). readCatalogUpload is the one entry for any uploaded file.
import { inflateRawSync } from "node:zlib";
import { catalogFromRecords, detectCatalogFormat, maxCatalogBytes, maxCatalogRows, readCatalogFile, type CatalogResult } from "./catalog-import.ts";

/**
 * Most an .xlsx may unpack to. 5,000 rows of long listing text come to some tens of MB of XML; a 10 MB file
 * that unpacks to more is a ZIP bomb or not a catalog, and is refused before anything is unpacked.
 */
export const maxXlsxUncompressedBytes = 100 * 1024 * 1024;

/**
 * Most cells the first sheet may span (last row with a value × last column with a value): read-excel-file
 * builds that whole rectangle, so one value in XFD1048576 would ask for 17 billion cells. 3 million is 5,000
 * rows of an Amazon flat file's 300 columns with room to spare.
 */
export const maxXlsxCells = 3_000_000;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/** The entries of a ZIP archive as its central directory lists them (nothing unpacked), or null if it has none. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of central directory record: 22 bytes, then a comment of up to 65,535 bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const names = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength + extraLength > bytes.length) return null;
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    };
    // ZIP64: a field of all ones is in the extra block 0x0001, in the order uncompressed, compressed, offset.
    const wide = (["uncompressedSize", "compressedSize", "localOffset"] as const).filter((field) => entry[field] === 0xffffffff);
    if (wide.length > 0) {
      let extra = offset + 46 + nameLength;
      const extraEnd = extra + extraLength;
      for (const field of wide) entry[field] = Number.MAX_SAFE_INTEGER;
      while (extra + 4 <= extraEnd) {
        const id = view.getUint16(extra, true);
        const size = view.getUint16(extra + 2, true);
        if (id === 0x0001) {
          wide.forEach((field, i) => {
            if (8 * (i + 1) <= size) entry[field] = Number(view.getBigUint64(extra + 4 + 8 * i, true));
          });
          break;
        }
        extra += 4 + size;
      }
    }
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes, unpacked no further than the size the directory gives (a ZIP bomb lies about it): null if damaged. */
function unpackEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  if (entry.flags & 1) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return null;
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length) return null;
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return packed.length === entry.uncompressedSize ? packed : null;
  if (entry.method !== 8) return null;
  try {
    const unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    return unpacked.length === entry.uncompressedSize ? unpacked : null;
  } catch {
    return null;
  }
}

/** The first sheet's path, as read-excel-file finds it: the workbook's first <sheet>, through its relationship. */
function firstSheetPath(workbook: string, relationships: string): string | null {
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbook)?.[0];
  const id = sheet && /\s(?:\w+:)?id="([^"]+)"/.exec(sheet)?.[1];
  if (!id) return null;
  for (const [relationship] of relationships.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (/\sId="([^"]+)"/.exec(relationship)?.[1] !== id) continue;
    const target = /\sTarget="([^"]+)"/.exec(relationship)?.[1];
    if (!target) return null;
    return target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  }
  return null;
}

/** Letters of a cell reference as a 1-based column number: "A" → 1, "XFD" → 16384. */
const columnNumber = (letters: string) => [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/** The last row and column holding a value (<v>, an inline string or a formula) in a sheet's XML. */
function sheetExtent(xml: string): { rows: number; columns: number } {
  let rows = 0;
  let columns = 0;
  for (const match of xml.matchAll(/<(?:\w+:)?c\b[^>]*?\sr="([A-Z]{1,3})(\d{1,7})"[^>]*>\s*<(?:\w+:)?(?:v|is|f)\b/g)) {
    columns = Math.max(columns, columnNumber(match[1]!));
    rows = Math.max(rows, Number(match[2]));
  }
  return { rows, columns };
}

/** The value a cell shows, as text. A number read by read-excel-file is kept as the string the file holds. */
class XlsxNumber {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A number as Excel's General format shows it: up to 15 significant digits, no float noise (0.1 + 0.2 → 0.3). */
function numberText(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  return String(Number(value.toPrecision(15)));
}

/** A date cell as ISO text: "2026-03-01", "2026-03-01 14:30", or "14:30" for a time alone. */
function dateText(date: Date): string {
  const rounded = new Date(Math.round(date.getTime() / 1000) * 1000);
  const day = `${rounded.getUTCFullYear()}-${pad(rounded.getUTCMonth() + 1)}-${pad(rounded.getUTCDate())}`;
  const seconds = rounded.getUTCSeconds();
  const time = `${pad(rounded.getUTCHours())}:${pad(rounded.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ""}`;
  if (day <= "1899-12-31") return time;
  return time === "00:00" ? day : `${day} ${time}`;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (value instanceof XlsxNumber) return numberText(value.text);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : dateText(value);
  return String(value);
}

/** An .xlsx file's first sheet as a catalog. */
export async function readCatalogXlsx(bytes: Uint8Array): Promise<CatalogResult> {
  if (bytes.length > maxCatalogBytes) return { ok: false, reason: "tooLarge", limit: maxCatalogBytes, found: bytes.length, what: "file" };
  const entries = zipEntries(bytes);
  if (!entries) return { ok: false, reason: "unreadableXlsx", detail: "notZip" };
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has("xl/workbook.xml")) {
    if (names.has("content.xml") && names.has("mimetype")) return { ok: false, reason: "unsupportedFormat", detected: "ods" };
    if ([...names].some((name) => name.startsWith("Index/"))) return { ok: false, reason: "unsupportedFormat", detected: "numbers" };
    return { ok: false, reason: "unsupportedFormat", detected: "zip" };
  }
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > maxXlsxUncompressedBytes) return { ok: false, reason: "tooLarge", limit: maxXlsxUncompressedBytes, found: unpacked, what: "uncompressed" };

  // Unpack what read-excel-file will (every .xml and .rels) here first, each no bigger than the directory says,
  // and size up the first sheet: nothing read-excel-file then builds can outgrow the limits.
  const parts = new Map<string, Uint8Array>();
  for (const entry of entries) {
    if (!/\.(xml|rels)$/.test(entry.name)) continue;
    const content = unpackEntry(bytes, entry);
    if (!content) return { ok: false, reason: "unreadableXlsx", detail: entry.flags & 1 ? "encrypted" : "damaged" };
    if (entry.name === "xl/workbook.xml" || entry.name === "xl/_rels/workbook.xml.rels" || entry.name.startsWith("xl/worksheets/")) parts.set(entry.name, content);
  }
  const decoder = new TextDecoder();
  const text = (name: string) => decoder.decode(parts.get(name) ?? new Uint8Array());
  const first = firstSheetPath(text("xl/workbook.xml"), text("xl/_rels/workbook.xml.rels"));
  // The first sheet, or (when it cannot be told) every sheet, to be safe.
  const sheets = first && parts.has(first) ? [first] : [...parts.keys()].filter((name) => name.startsWith("xl/worksheets/"));
  const extent = sheets.map((name) => sheetExtent(text(name))).reduce((a, b) => ({ rows: Math.max(a.rows, b.rows), columns: Math.max(a.columns, b.columns) }), { rows: 0, columns: 0 });
  parts.clear();
  if (extent.rows * extent.columns > maxXlsxCells) {
    // The sheet runs past row 5,001 (a stray value far below counts: Excel's used range ends there too).
    if (extent.rows - 1 > maxCatalogRows) return { ok: false, reason: "tooManyRows", limit: maxCatalogRows, found: extent.rows - 1 };
    return { ok: false, reason: "unreadableXlsx", detail: "tooManyColumns" };
  }

  // The library is imported with the first workbook, not at start (docs/decisions/021-lean-server-memory.md).
  const { readSheet } = await import("read-excel-file/node");
  let sheet: unknown[][];
  try {
    sheet = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 1, { trim: false, parseNumber: (text: string) => new XlsxNumber(text) });
  } catch (error) {
    const code = error && typeof error === "object" && "code" in error && typeof error.code === "string" ? error.code : null;
    return { ok: false, reason: "unreadableXlsx", detail: code ?? (error instanceof Error ? error.message : String(error)) };
  }
  // read-excel-file gives rows from row 1, an empty row as a row of nulls: row i is the sheet's row i + 1.
  const records = sheet.map((row) => row.map(cellText));
  return catalogFromRecords(records, { format: "xlsx", encoding: "utf-8", bom: false, firstRow: 1 });
}

/** Any uploaded catalog: an .xlsx through read-excel-file, CSV or TSV through the text reader. */
export async function readCatalogUpload(bytes: Uint8Array, fileName?: string): Promise<CatalogResult> {
  return detectCatalogFormat(bytes) === "xlsx" ? readCatalogXlsx(bytes) : readCatalogFile(bytes, fileName);
}
