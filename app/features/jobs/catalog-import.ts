// A seller's catalog file (issue 18, "catalogs in bulk"): CSV or TSV read here, XLSX read on the server by
// catalog-xlsx.server.ts into the same shape; then a proposed mapping of its columns to the listing facts,
// the mapping checked, and each row turned into facts, keywords and a store. Pure and browser-safe: the page
// may preview a CSV without uploading it. Refusals carry a reason (and numbers) the API and UI put in words.
import { z } from "zod";
import { maxKeywords, maxPhraseChars, phraseKey, type Keyword } from "#app/features/keywords/import.ts";
import { factLimits, listingFactsSchema, type ListingFacts } from "#app/features/listings/types.ts";
import { getMarketplace, marketplaces } from "#app/features/marketplaces/registry.ts";
import { workSlices, type WorkSlices } from "./work-slices.ts";

export const maxCatalogRows = 5000;
export const maxCatalogBytes = 10 * 1024 * 1024;

export type CatalogFormat = "csv" | "tsv" | "xlsx";
export type CatalogEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
export type CatalogDelimiter = "," | ";" | "\t";

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

// ---------------------------------------------------------------------------------------------------------
// Format and encoding

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const zipSignature = [0x50, 0x4b, 0x03, 0x04];
const emptyZipSignature = [0x50, 0x4b, 0x05, 0x06];
const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const xlsxName = /\.(xlsx|xlsm)$/i;
/** "EncryptedPackage" in UTF-16 LE, the name of the stream a password-protected .xlsx keeps its workbook in. */
const encryptedPackage = [..."EncryptedPackage"].flatMap((char) => [char.charCodeAt(0), 0]);

function includesBytes(bytes: Uint8Array, pattern: number[]): boolean {
  const first = pattern[0]!;
  for (let i = bytes.indexOf(first); i !== -1 && i + pattern.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    if (pattern.every((byte, j) => bytes[i + j] === byte)) return true;
  }
  return false;
}

/** XLSX by its ZIP signature; everything else is read as delimited text (a binary ".xlsx" is refused there). */
export function detectCatalogFormat(bytes: Uint8Array): "xlsx" | "text" {
  return startsWith(bytes, zipSignature) || startsWith(bytes, emptyZipSignature) ? "xlsx" : "text";
}

type Decoded = { ok: true; text: string; encoding: CatalogEncoding; bom: boolean } | Extract<CatalogRefusal, { reason: "binary" | "unsupportedEncoding" | "unsupportedFormat" }>;

/** Bytes decoded at a time: 1 MB is a few milliseconds, and the event loop turns between them. */
const decodeChunkBytes = 1024 * 1024;

async function decodeAs(encoding: CatalogEncoding, bytes: Uint8Array, bom: boolean, slices: WorkSlices): Promise<Decoded> {
  try {
    // TextDecoder drops the byte order mark itself, and keeps a character split between chunks whole.
    const decoder = new TextDecoder(encoding, { fatal: encoding !== "windows-1252" });
    let text = "";
    for (let offset = 0; offset < bytes.length; offset += decodeChunkBytes) {
      if (slices.due()) await slices.pause();
      text += decoder.decode(bytes.subarray(offset, offset + decodeChunkBytes), { stream: true });
    }
    text += decoder.decode();
    return { ok: true, text, encoding, bom };
  } catch {
    return { ok: false, reason: "unsupportedEncoding", encoding };
  }
}

/** Control characters other than tab, line feed, carriage return and form feed (and NUL, counted apart). */
const isControl = (code: number) => (code > 0 && code < 9) || code === 11 || (code > 13 && code < 32) || code === 127;

/**
 * The bytes as text: UTF-8 (with or without BOM), UTF-16 LE or BE (with a BOM, or ASCII-heavy text without),
 * else Windows-1252 (what "Latin-1" files really are). Binary files and known non-catalog formats refused.
 */
export async function decodeCatalogText(bytes: Uint8Array, slices: WorkSlices = workSlices()): Promise<Decoded> {
  // An OLE compound file is an old .xls, or an .xlsx saved with a password (its "EncryptedPackage" stream).
  if (startsWith(bytes, oleSignature)) return { ok: false, reason: "unsupportedFormat", detected: includesBytes(bytes, encryptedPackage) ? "encryptedXlsx" : "xls" };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ok: false, reason: "unsupportedFormat", detected: "pdf" };
  if (startsWith(bytes, zipSignature)) return { ok: false, reason: "unsupportedFormat", detected: "zip" };
  if (startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) return { ok: false, reason: "unsupportedEncoding", encoding: "utf-32le" };
  if (startsWith(bytes, [0x00, 0x00, 0xfe, 0xff])) return { ok: false, reason: "unsupportedEncoding", encoding: "utf-32be" };

  let decoded: Decoded;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) decoded = await decodeAs("utf-8", bytes, true, slices);
  else if (startsWith(bytes, [0xff, 0xfe])) decoded = await decodeAs("utf-16le", bytes, true, slices);
  else if (startsWith(bytes, [0xfe, 0xff])) decoded = await decodeAs("utf-16be", bytes, true, slices);
  else {
    const sample = bytes.subarray(0, 65536);
    let zeros = 0;
    let oddZeros = 0;
    for (let i = 0; i < sample.length; i++) {
      if (sample[i] === 0) {
        zeros++;
        if (i % 2 === 1) oddZeros++;
      }
    }
    if (zeros > sample.length / 4 && (oddZeros > zeros * 0.95 || oddZeros < zeros * 0.05)) {
      // UTF-16 without a byte order mark: ASCII letters with a zero after them (LE) or before them (BE).
      decoded = await decodeAs(oddZeros > zeros / 2 ? "utf-16le" : "utf-16be", bytes, false, slices);
    } else if (zeros > 0) {
      return { ok: false, reason: "binary" };
    } else {
      decoded = await decodeAs("utf-8", bytes, false, slices);
      if (!decoded.ok) decoded = await decodeAs("windows-1252", bytes, false, slices);
    }
  }
  if (!decoded.ok) return decoded;

  // Text decoded from binary bytes is full of control characters (and, through Windows-1252, of the five
  // bytes it leaves undefined).
  const text = decoded.text;
  const end = Math.min(text.length, 65536);
  let odd = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0 || isControl(code) || (code >= 0x80 && code <= 0x9f)) odd++;
  }
  if (odd > Math.max(2, end / 100)) return { ok: false, reason: "binary" };
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  if (head.startsWith("<")) {
    if (/<(html|table|!doctype html)/.test(head)) return { ok: false, reason: "unsupportedFormat", detected: "html" };
    if (head.startsWith("<?xml")) return { ok: false, reason: "unsupportedFormat", detected: "xml" };
  }
  return decoded;
}

// ---------------------------------------------------------------------------------------------------------
// Delimited text (RFC 4180, leniently)

const QUOTE = 34;
const CR = 13;
const LF = 10;
const SPACE = 32;

/** What DelimitedCursor.next read: a cell with more of its record to come, a record's last cell, the text's last cell, or a quoted cell that never closes (no cell read). */
const CellEnd = { Cell: 0, Record: 1, Text: 2, Unclosed: 3 } as const;
type CellEnd = (typeof CellEnd)[keyof typeof CellEnd];

/**
 * One cell at a time of a CSV/TSV text, so a reader can stop between any two cells (a record of 200,000 cells
 * included): quoted cells may hold the delimiter, doubled quotes and line breaks; CRLF, LF or CR end a record;
 * a quote inside an unquoted cell is a plain character; text after a closing quote is kept.
 */
class DelimitedCursor {
  /** The cell `next` read. */
  cell = "";
  private i = 0;
  private readonly text: string;
  private readonly d: number;
  private readonly n: number;
  constructor(text: string, delimiter: CatalogDelimiter) {
    this.text = text;
    this.d = delimiter.charCodeAt(0);
    this.n = text.length;
  }

  private nextBreak(from: number): number {
    const { text, d, n } = this;
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === d || c === LF || c === CR) break;
      j++;
    }
    return j;
  }

  /** Reads the next cell (call only while the text has one: not on an empty text, nor after Text or Unclosed). */
  next(): CellEnd {
    const { text, d, n } = this;
    let start = this.i;
    // Spaces before an opening quote (`a, "b, c"`) belong to no cell.
    while (start < n && text.charCodeAt(start) === SPACE && d !== SPACE) start++;
    if (start < n && text.charCodeAt(start) === QUOTE) {
      let j = start + 1;
      let q: number;
      for (;;) {
        q = text.indexOf('"', j);
        if (q === -1) return CellEnd.Unclosed;
        if (text.charCodeAt(q + 1) !== QUOTE) break;
        j = q + 2;
      }
      const end = this.nextBreak(q + 1);
      this.cell = text.slice(start + 1, q).replaceAll('""', '"') + text.slice(q + 1, end).trimEnd();
      this.i = end;
    } else {
      const end = this.nextBreak(this.i);
      this.cell = text.slice(this.i, end);
      this.i = end;
    }
    if (this.i >= n) return CellEnd.Text;
    const c = text.charCodeAt(this.i);
    if (c === d) {
      this.i++;
      return CellEnd.Cell;
    }
    this.i += c === CR && text.charCodeAt(this.i + 1) === LF ? 2 : 1;
    return this.i >= n ? CellEnd.Text : CellEnd.Record;
  }
}

/**
 * Records of a CSV/TSV text, all at once (for a sample: the whole file goes through readDelimitedRecords).
 * `unclosedQuote` is the record (1-based) whose quoted cell never closes.
 */
export function parseDelimitedRecords(text: string, delimiter: CatalogDelimiter, maxRecords = Infinity): { records: string[][]; unclosedQuote: number | null } {
  const records: string[][] = [];
  if (text.length === 0) return { records, unclosedQuote: null };
  const cursor = new DelimitedCursor(text, delimiter);
  let row: string[] = [];
  for (;;) {
    const end = cursor.next();
    if (end === CellEnd.Unclosed) return { records, unclosedQuote: records.length + 1 };
    row.push(cursor.cell);
    if (end === CellEnd.Cell) continue;
    records.push(row);
    row = [];
    if (end === CellEnd.Text || records.length >= maxRecords) return { records, unclosedQuote: null };
  }
}

/**
 * The same records handed to `onRecord` one by one, in slices that let the event loop turn (a 10 MB file of line
 * feeds is ten million records): nothing but the record being read is held here.
 */
export async function readDelimitedRecords(text: string, delimiter: CatalogDelimiter, onRecord: (cells: string[]) => void, slices: WorkSlices = workSlices()): Promise<{ unclosedQuote: number | null }> {
  if (text.length === 0) return { unclosedQuote: null };
  const cursor = new DelimitedCursor(text, delimiter);
  let records = 0;
  let row: string[] = [];
  for (let cells = 1; ; cells++) {
    // The clock is read every 1,024 cells: a cell is at most a few microseconds of work.
    if ((cells & 1023) === 0 && slices.due()) await slices.pause();
    const end = cursor.next();
    if (end === CellEnd.Unclosed) return { unclosedQuote: records + 1 };
    row.push(cursor.cell);
    if (end === CellEnd.Cell) continue;
    onRecord(row);
    records++;
    row = [];
    if (end === CellEnd.Text) return { unclosedQuote: null };
  }
}

const delimiters: readonly CatalogDelimiter[] = ["\t", ";", ","];
const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * The delimiter that splits the first records into the same number of cells (more than one) most often;
 * ties go to tab, then semicolon, then comma (a comma is likelier inside a German or French cell).
 */
export function detectDelimiter(text: string): CatalogDelimiter {
  const sample = text.slice(0, 65536);
  let best: { delimiter: CatalogDelimiter; score: number } = { delimiter: ",", score: 0 };
  for (const delimiter of delimiters) {
    const counts = parseDelimitedRecords(sample, delimiter, 40)
      .records.filter((record) => !isBlank(record))
      .map((record) => {
        let width = record.length;
        while (width > 1 && record[width - 1]!.trim() === "") width--;
        return width;
      });
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 1) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    for (const [width, times] of frequency) {
      // Agreement counts most; among equals, more columns.
      const score = times * 1000 + width;
      if (score > best.score) best = { delimiter, score };
    }
  }
  if (best.score === 0) {
    // No two rows agree (a header and nothing else, lines of ";;;"): the delimiter seen most, if any.
    const seen = delimiters.map((delimiter) => ({ delimiter, times: sample.split(delimiter).length - 1 })).sort((a, b) => b.times - a.times)[0]!;
    if (seen.times > 0) return seen.delimiter;
  }
  return best.delimiter;
}

/** A CSV or TSV file's bytes as a catalog (an XLSX refused with needsXlsxReader: the server reads those). */
export async function readCatalogFile(bytes: Uint8Array, fileName?: string): Promise<CatalogResult> {
  if (bytes.length > maxCatalogBytes) return { ok: false, reason: "tooLarge", limit: maxCatalogBytes, found: bytes.length, what: "file" };
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if (detectCatalogFormat(bytes) === "xlsx") return { ok: false, reason: "needsXlsxReader" };
  const slices = workSlices();
  const decoded = await decodeCatalogText(bytes, slices);
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
  let row = 1 + skippedLines;
  const { unclosedQuote } = await readDelimitedRecords(body, delimiter, (cells) => catalog.add(cells, row++), slices);
  if (unclosedQuote !== null) return { ok: false, reason: "unclosedQuote", row: unclosedQuote + skippedLines };
  return catalog.finish({ format: delimiter === "\t" ? "tsv" : "csv", encoding: meta.encoding, bom: meta.bom, delimiter }, slices);
}

// ---------------------------------------------------------------------------------------------------------
// Records → header, rows and counts (shared by the text and XLSX readers)

const headerName = (cell: string) => cell.replace(/\s+/g, " ").trim();

/** A row's cells by column (0-based), for a workbook row with a value far to the right: only its values are held. */
export interface SparseCells {
  width: number;
  values: Map<number, string>;
}
type RecordCells = string[] | SparseCells;

const cellAt = (cells: RecordCells, column: number) => (Array.isArray(cells) ? cells[column] : cells.values.get(column)) ?? "";
const cellCount = (cells: RecordCells) => (Array.isArray(cells) ? cells.length : cells.width);
const valuesOf = (cells: RecordCells): Iterable<[number, string]> => (Array.isArray(cells) ? cells.entries() : cells.values);
/** How many cells hold something, counted no further than `upTo` (a header of 200,000 names need not be counted). */
function filled(cells: RecordCells, upTo: number): number {
  let count = 0;
  if (Array.isArray(cells)) {
    for (let i = 0; i < cells.length && count < upTo; i++) if (cells[i]!.trim() !== "") count++;
  } else for (const cell of cells.values.values()) if (cell.trim() !== "" && ++count >= upTo) break;
  return count;
}
function hasLetter(cells: RecordCells): boolean {
  for (const [, cell] of valuesOf(cells)) if (/\p{L}/u.test(cell)) return true;
  return false;
}
/** One past the last column holding something (0 for an empty row). */
function usedWidth(cells: RecordCells): number {
  if (Array.isArray(cells)) {
    let used = cells.length;
    while (used > 0 && cells[used - 1]!.trim() === "") used--;
    return used;
  }
  let used = 0;
  for (const [column, cell] of cells.values) if (column >= used && cell.trim() !== "") used = column + 1;
  return used;
}

/**
 * Records fed one at a time with their row numbers, rising (a row number skipped is an empty row), kept only as
 * far as a catalog needs them: the header found (title rows above it and an Amazon flat file's first two rows
 * passed over), empty rows counted and left out, rows past the limit counted but not kept. `finish` checks the
 * limits and gives every row the header's width, columns with neither a name nor a value dropped.
 */
export class CatalogRecords {
  /** The first rows with text (at most ten) while the header is not yet known. */
  private head: { cells: RecordCells; row: number }[] = [];
  private header: { cells: RecordCells; row: number } | null = null;
  private lastRow = 0;
  /** Empty rows since the last row with text: counted once a row with text follows (trailing ones are not rows). */
  private emptyRun = 0;
  private emptyRowsSkipped = 0;
  private found = 0;
  private width = 0;
  private readonly kept: RecordCells[] = [];
  private readonly rowNumbers: number[] = [];

  add(cells: RecordCells, row: number): void {
    if (this.header) return this.addRow(cells, row);
    if (filled(cells, 1) === 0) return;
    this.head.push({ cells, row });
    if (this.head.length === 10) this.chooseHeader();
  }

  private chooseHeader(): void {
    const head = this.head;
    let index = 0;
    if (/^TemplateType=/i.test(cellAt(head[0]!.cells, 0).trim()) && head.length >= 3) {
      // An Amazon flat file: a settings row, a row of labels, then the attribute names (item_name, brand_name…).
      index = 2;
    } else if (filled(head[0]!.cells, 2) === 1) {
      // A title row ("Katalog Stand März") above the header: the first row with two names or more.
      index = Math.max(0, head.findIndex((record) => filled(record.cells, 2) >= 2));
    }
    this.header = head[index]!;
    this.width = cellCount(this.header.cells);
    this.lastRow = this.header.row;
    this.head = [];
    for (const record of head.slice(index + 1)) this.addRow(record.cells, record.row);
  }

  private addRow(cells: RecordCells, row: number): void {
    this.emptyRun += row - this.lastRow - 1;
    this.lastRow = row;
    // Cells past the header count only when they hold something.
    const used = usedWidth(cells);
    if (used === 0) {
      this.emptyRun++;
      return;
    }
    this.emptyRowsSkipped += this.emptyRun;
    this.emptyRun = 0;
    // Past the limit a row is only counted: the refusal says how many there are.
    if (++this.found > maxCatalogRows) return;
    this.kept.push(cells);
    this.rowNumbers.push(row);
    this.width = Math.max(this.width, used);
  }

  async finish(meta: { format: CatalogFormat; encoding: CatalogEncoding; bom: boolean; delimiter?: CatalogDelimiter }, slices: WorkSlices = workSlices()): Promise<CatalogResult> {
    if (!this.header) {
      if (this.head.length === 0) return { ok: false, reason: "empty" };
      this.chooseHeader();
    }
    const header = this.header!;
    if (!hasLetter(header.cells)) return { ok: false, reason: "noHeader", row: header.row };
    if (this.found > maxCatalogRows) return { ok: false, reason: "tooManyRows", limit: maxCatalogRows, found: this.found };
    const { kept, width } = this;
    const names: string[] = [];
    // A column with no name and nothing in it (a trailing delimiter) is no column.
    const keep: boolean[] = [];
    let work = 0;
    for (let column = 0; column < width; column++) {
      if ((++work & 1023) === 0 && slices.due()) await slices.pause();
      const name = headerName(cellAt(header.cells, column));
      names.push(name);
      keep.push(name !== "");
    }
    if (kept.length === 0) return { ok: false, reason: "empty", columns: names.filter(Boolean) };

    for (const row of kept) {
      for (const [column, cell] of valuesOf(row)) {
        if ((++work & 4095) === 0 && slices.due()) await slices.pause();
        if (column < width && !keep[column] && cell.trim() !== "") keep[column] = true;
      }
    }
    const keptColumns: number[] = [];
    for (let column = 0; column < width; column++) if (keep[column]) keptColumns.push(column);
    const columns = keptColumns.map((column) => names[column]!);
    const rows: string[][] = [];
    for (const row of kept) {
      const cells: string[] = [];
      for (const column of keptColumns) {
        if ((++work & 4095) === 0 && slices.due()) await slices.pause();
        cells.push(cellAt(row, column));
      }
      rows.push(cells);
    }
    return {
      ok: true,
      format: meta.format,
      encoding: meta.encoding,
      bom: meta.bom,
      ...(meta.delimiter ? { delimiter: meta.delimiter } : {}),
      columns,
      rows,
      rowNumbers: this.rowNumbers,
      headerRow: header.row,
      emptyRowsSkipped: this.emptyRowsSkipped,
      totalRows: kept.length + this.emptyRowsSkipped,
    };
  }
}

/** Rows of cells (row i of `records` being the file's row `firstRow + i`) as a catalog, as CatalogRecords reads them. */
export async function catalogFromRecords(records: string[][], meta: { format: CatalogFormat; encoding: CatalogEncoding; bom: boolean; delimiter?: CatalogDelimiter; firstRow?: number }): Promise<CatalogResult> {
  const catalog = new CatalogRecords();
  const firstRow = meta.firstRow ?? 1;
  records.forEach((cells, i) => catalog.add(cells, firstRow + i));
  return catalog.finish(meta);
}

/** A column's spreadsheet letter: 0 → "A", 26 → "AA" (for a column without a name). */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// ---------------------------------------------------------------------------------------------------------
// Mapping

export const catalogFields = ["brand", "productName", "productType", "keyFeatures", "targetAudience", "keywords", "marketplace"] as const;
export type CatalogField = (typeof catalogFields)[number];
export const requiredCatalogFields = ["brand", "productName"] as const satisfies readonly CatalogField[];

/** Each field's column (an index into `columns`), or null when no column holds it. */
export type CatalogMapping = Record<CatalogField, number | null>;

/** The last column a mapping may name (0-based): an Amazon flat file has about 300. */
const maxMappedColumn = 1000;
const columnIndex = z.number().int().min(0).max(maxMappedColumn).nullable();
export const catalogMappingSchema = z.object({
  brand: columnIndex,
  productName: columnIndex,
  productType: columnIndex.default(null),
  keyFeatures: columnIndex.default(null),
  targetAudience: columnIndex.default(null),
  keywords: columnIndex.default(null),
  marketplace: columnIndex.default(null),
});

/** A header as words: lower case, accents off, "bullet_point1" → "bullet point 1". */
export const normalizeHeader = (header: string) =>
  header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/(\p{L})(\d)/gu, "$1 $2")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * What headers say, in English, German, French, Spanish, Italian and Dutch. `names` match the whole header or
 * a run of its words ("Product Title (DE)"); `weak` ones only the whole header, and lose to any name.
 * `not` rules a header out ("Country of origin" is no store).
 */
const hints: Record<CatalogField, { names: string[]; weak: string[]; not?: string[] }> = {
  brand: {
    names: ["brand", "brand name", "marke", "markenname", "marque", "nom de marque", "marca", "nombre de marca", "marchio", "merk", "merknaam"],
    weak: ["manufacturer", "hersteller", "fabricant", "fabricante", "produttore", "fabrikant", "vendor"],
  },
  productName: {
    names: ["product name", "product title", "item name", "item title", "title", "produktname", "produktbezeichnung", "produkttitel", "artikelname", "artikelbezeichnung", "titel", "nom du produit", "nom de produit", "nom produit", "titre", "titre du produit", "nombre del producto", "nombre de producto", "nombre producto", "titulo", "titulo del producto", "nome prodotto", "nome del prodotto", "titolo", "productnaam"],
    weak: ["name", "nom", "nombre", "nome", "naam", "bezeichnung", "product", "produkt", "produit", "producto", "prodotto", "artikel", "article", "articulo", "item"],
  },
  productType: {
    names: ["product type", "product category", "category", "item type", "item type keyword", "feed product type", "produktart", "produkttyp", "produktkategorie", "kategorie", "warengruppe", "artikelart", "artikeltyp", "type de produit", "type produit", "categorie", "categorie de produit", "tipo de producto", "tipo producto", "categoria", "categoria de producto", "tipo di prodotto", "producttype", "productcategorie"],
    weak: ["type", "typ", "tipo", "art", "sorte", "genre", "gattung"],
  },
  keyFeatures: {
    names: ["key features", "key product features", "product features", "features", "feature", "bullet points", "bullet point", "bullets", "highlights", "merkmale", "produktmerkmale", "hauptmerkmale", "eigenschaften", "besonderheiten", "vorteile", "aufzahlungspunkte", "stichpunkte", "caracteristiques", "caracteristiques cles", "points forts", "points cles", "puces", "caracteristicas", "caracteristicas clave", "puntos clave", "vinetas", "caratteristiche", "punti elenco", "kenmerken"],
    weak: ["description", "product description", "beschreibung", "produktbeschreibung", "description du produit", "descripcion", "descripcion del producto", "descrizione", "beschrijving", "details", "usp", "usps"],
  },
  targetAudience: {
    names: ["target audience", "audience", "target group", "target customer", "target customers", "zielgruppe", "zielkunden", "public cible", "audience cible", "cible", "publico objetivo", "publico", "audiencia", "pubblico", "destinatari", "doelgroep"],
    weak: ["target", "for", "fur", "pour", "para", "public", "department", "department name", "abteilung", "gender", "geschlecht", "age group", "altersgruppe"],
  },
  keywords: {
    names: ["keywords", "keyword", "key words", "search terms", "search term", "generic keywords", "generic keyword", "backend keywords", "backend search terms", "suchbegriffe", "suchbegriff", "schlusselworter", "schlusselwort", "stichworter", "stichworte", "mots cles", "mot cle", "mots clefs", "termes de recherche", "palabras clave", "palabra clave", "terminos de busqueda", "parole chiave", "zoekwoorden", "trefwoorden"],
    weak: ["tags", "tag", "search", "suche"],
  },
  marketplace: {
    names: ["marketplace", "marketplace id", "amazon marketplace", "marktplatz", "place de marche", "marche", "mercado", "mercato", "marktplaats", "amazon store", "amazon site", "storefront"],
    weak: ["country", "country code", "store", "land", "pays", "pais", "paese", "site", "shop", "market", "markt", "locale", "region", "domain", "tienda", "boutique"],
    not: ["origin", "herkunft", "ursprung", "herkunftsland", "ursprungsland", "origine", "origen", "provenance", "currency", "wahrung"],
  },
};

const normalizedHints = Object.fromEntries(
  catalogFields.map((field) => [field, { names: hints[field].names.map(normalizeHeader), weak: hints[field].weak.map(normalizeHeader), not: (hints[field].not ?? []).map(normalizeHeader) }]),
) as Record<CatalogField, { names: string[]; weak: string[]; not: string[] }>;

function hintScore(field: CatalogField, header: string): number {
  if (header === "") return 0;
  const { names, weak, not } = normalizedHints[field];
  const padded = ` ${header} `;
  if (not.some((word) => padded.includes(` ${word} `) || (word.length >= 7 && header.includes(word)))) return 0;
  if (names.includes(header)) return 400;
  if (weak.includes(header)) return 300;
  let best = 0;
  const compact = header.replace(/ /g, "");
  for (const name of names) {
    // A run of whole words ("Product Title (DE)"), longer names first…
    if (padded.includes(` ${name} `)) best = Math.max(best, 200 + name.length);
    // …or, for a long one-word name, inside a compound ("Hauptsuchbegriffe", "Produktnamen").
    else if (!name.includes(" ") && name.length >= 7 && compact.includes(name)) best = Math.max(best, 100 + name.length);
  }
  return best;
}

/** A guess at each field's column from the header names: the best matches first, each column used once. */
export function proposeMapping(columns: readonly string[]): CatalogMapping {
  // Only columns a mapping may name are weighed: a header of 200,000 names would otherwise take seconds.
  const normalized = columns.slice(0, maxMappedColumn + 1).map(normalizeHeader);
  const candidates: { field: CatalogField; column: number; score: number }[] = [];
  catalogFields.forEach((field) =>
    normalized.forEach((header, column) => {
      const score = hintScore(field, header);
      if (score > 0) candidates.push({ field, column, score });
    }),
  );
  candidates.sort((a, b) => b.score - a.score || a.column - b.column || catalogFields.indexOf(a.field) - catalogFields.indexOf(b.field));
  const mapping: CatalogMapping = { brand: null, productName: null, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null };
  const used = new Set<number>();
  for (const { field, column } of candidates) {
    if (mapping[field] !== null || used.has(column)) continue;
    mapping[field] = column;
    used.add(column);
  }
  return mapping;
}

export type MappingCheck =
  | { ok: true; mapping: CatalogMapping }
  | {
      ok: false;
      /** Required fields (brand, product name) with no column. */
      missing: CatalogField[];
      /** Columns given to more than one field. */
      duplicates: { column: number; fields: CatalogField[] }[];
      /** Fields pointing past the last column. */
      outOfRange: CatalogField[];
    };

/** The mapping step's check: brand and product name mapped, no column twice, every column in the file. */
export function validateMapping(mapping: CatalogMapping, columns: readonly string[]): MappingCheck {
  const missing = requiredCatalogFields.filter((field) => mapping[field] === null || mapping[field] === undefined);
  const outOfRange = catalogFields.filter((field) => {
    const column = mapping[field];
    return column !== null && column !== undefined && (!Number.isInteger(column) || column < 0 || column >= columns.length);
  });
  const byColumn = new Map<number, CatalogField[]>();
  for (const field of catalogFields) {
    const column = mapping[field];
    if (column === null || column === undefined) continue;
    byColumn.set(column, [...(byColumn.get(column) ?? []), field]);
  }
  const duplicates = [...byColumn].filter(([, fields]) => fields.length > 1).map(([column, fields]) => ({ column, fields }));
  if (missing.length > 0 || duplicates.length > 0 || outOfRange.length > 0) return { ok: false, missing: [...missing], duplicates, outOfRange };
  return { ok: true, mapping };
}

// ---------------------------------------------------------------------------------------------------------
// Marketplace cells

const foldText = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

let marketplaceNames: Map<string, string> | null = null;

/** Every way a cell may name a store: its domain, the domain's end, country code and name, Amazon's marketplace id. */
function namesOfStores(): Map<string, string> {
  if (marketplaceNames) return marketplaceNames;
  const names = new Map<string, string>();
  const add = (name: string, id: string) => {
    const key = foldText(name);
    if (key && !names.has(key)) names.set(key, id);
  };
  const regionNames = ["en", "de", "fr", "es", "it", "nl", "pl", "sv", "pt", "tr", "ja", "ar"].flatMap((locale) => {
    try {
      return [new Intl.DisplayNames([locale], { type: "region" })];
    } catch {
      // A runtime without that locale's names: the others still match.
      return [];
    }
  });
  for (const marketplace of marketplaces) {
    add(marketplace.id, marketplace.id);
    add(marketplace.id.replace(/^amazon\./, ""), marketplace.id);
    add(marketplace.country, marketplace.id);
    add(marketplace.marketplaceId, marketplace.id);
    for (const names of regionNames) {
      const name = names.of(marketplace.country);
      if (name && name !== marketplace.country) add(name, marketplace.id);
    }
  }
  for (const [alias, id] of [
    ["uk", "amazon.co.uk"],
    ["great britain", "amazon.co.uk"],
    ["britain", "amazon.co.uk"],
    ["england", "amazon.co.uk"],
    ["usa", "amazon.com"],
    ["united states of america", "amazon.com"],
    ["america", "amazon.com"],
  ] as const)
    add(alias, id);
  marketplaceNames = names;
  return names;
}

/**
 * The store a cell names, or null: "amazon.de", "www.amazon.de", "https://www.amazon.de/", "Amazon DE", "de",
 * "DE", "Germany", "Deutschland", "Allemagne", "A1PA6795UKMFR9" are all amazon.de; "UK" is amazon.co.uk.
 */
export function resolveMarketplace(value: string): string | null {
  let key = foldText(value)
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/.*$/, "");
  const known = getMarketplace(key);
  if (known) return known.id;
  key = key.replace(/^amazon(?:[ ._-]+|$)/, "").trim();
  return namesOfStores().get(key) ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Rows → facts, keywords and a store

export type CatalogProblemCode =
  /** Brand or product name empty: the row is left out. */
  | "missing"
  /** A text over its limit, cut to it (`limit` characters): the row is kept. */
  | "tooLong"
  /** A marketplace cell that names no Amazon store (`value`): the row is left out. */
  | "unknownMarketplace"
  /** Keyword phrases over 200 characters, left out (`count` of them): the row is kept. */
  | "keywordTooLong"
  /** More keyword phrases than a bank holds, the rest left out (`limit`): the row is kept. */
  | "tooManyKeywords";

export interface CatalogProblem {
  /** The row's number in the file, as a spreadsheet counts it. */
  row: number;
  field: CatalogField;
  code: CatalogProblemCode;
  /** Whether the row is left out (for this problem or another one on the same row). */
  skipped: boolean;
  limit?: number;
  count?: number;
  value?: string;
}

export interface CatalogRow {
  /** The row's number in the file, as a spreadsheet counts it (the header being row 1). */
  index: number;
  facts: ListingFacts;
  keywords: Keyword[];
  /** A store id from the registry ("amazon.de"). */
  marketplace: string;
}

/** Cut to `max` characters, at a space near the end rather than inside a word, never inside a surrogate pair. */
function cutText(text: string, max: number): string {
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  if (/\S/.test(text[max] ?? " ")) {
    const space = cut.search(/\s\S*$/);
    if (space > max * 0.8) cut = cut.slice(0, space);
  }
  return cut.trimEnd();
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const lines = (value: string) =>
  value
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");

/** A keyword cell's phrases: split on ; , | tabs and line breaks (and their full-width forms), deduplicated. */
export function splitKeywordCell(cell: string): { phrases: string[]; tooLong: number } {
  const seen = new Set<string>();
  const phrases: string[] = [];
  let tooLong = 0;
  for (const part of cell.split(/[;,|\t\r\n、，；｜]+/)) {
    const phrase = oneLine(part);
    if (phrase === "") continue;
    if (phrase.length > maxPhraseChars) {
      tooLong++;
      continue;
    }
    const key = phraseKey(phrase);
    if (seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  return { phrases, tooLong };
}

const factFields = ["brand", "productName", "productType", "keyFeatures", "targetAudience"] as const;

/**
 * The rows as listings to write: facts trimmed and cut to their limits, keywords split, the store resolved
 * (an empty cell or no marketplace column: `defaults.marketplace`). A row without brand or product name, or
 * naming an unknown store, is left out and reported; cuts are reported and the row kept.
 */
export function toCatalogRows(file: Pick<CatalogFile, "rows" | "rowNumbers">, mapping: CatalogMapping, defaults: { marketplace: string }): { rows: CatalogRow[]; problems: CatalogProblem[] } {
  if (!getMarketplace(defaults.marketplace)) throw new Error(`toCatalogRows: unknown default marketplace ${defaults.marketplace}`);
  const rows: CatalogRow[] = [];
  const problems: CatalogProblem[] = [];
  file.rows.forEach((cells, i) => {
    const row = file.rowNumbers[i] ?? i + 2;
    const cell = (field: CatalogField) => {
      const column = mapping[field];
      return column === null || column === undefined ? "" : (cells[column] ?? "");
    };
    const rowProblems: CatalogProblem[] = [];
    const values = {} as Record<(typeof factFields)[number], string>;
    for (const field of factFields) {
      const text = field === "keyFeatures" ? lines(cell(field)) : oneLine(cell(field));
      const limit = factLimits[field];
      if (text.length > limit) {
        values[field] = cutText(text, limit);
        rowProblems.push({ row, field, code: "tooLong", skipped: false, limit });
      } else values[field] = text;
    }
    for (const field of requiredCatalogFields) if (values[field] === "") rowProblems.push({ row, field, code: "missing", skipped: true });

    let marketplace = defaults.marketplace;
    const storeCell = oneLine(cell("marketplace"));
    if (storeCell !== "") {
      const resolved = resolveMarketplace(storeCell);
      if (resolved) marketplace = resolved;
      else rowProblems.push({ row, field: "marketplace", code: "unknownMarketplace", skipped: true, value: storeCell.slice(0, 100) });
    }

    const { phrases, tooLong } = splitKeywordCell(cell("keywords"));
    if (tooLong > 0) rowProblems.push({ row, field: "keywords", code: "keywordTooLong", skipped: false, count: tooLong, limit: maxPhraseChars });
    if (phrases.length > maxKeywords) rowProblems.push({ row, field: "keywords", code: "tooManyKeywords", skipped: false, count: phrases.length, limit: maxKeywords });
    const keywords = phrases.slice(0, maxKeywords).map((phrase) => ({ phrase, volume: null }));

    const skipped = rowProblems.some((problem) => problem.skipped);
    if (!skipped) {
      const facts = listingFactsSchema.safeParse({ ...values, wordsToAvoid: "" });
      if (facts.success) rows.push({ index: row, facts: facts.data, keywords, marketplace });
      else {
        // Cannot happen after the cuts above; reported rather than thrown should the schema change.
        const field = (facts.error.issues[0]?.path[0] as CatalogField | undefined) ?? "productName";
        rowProblems.push({ row, field, code: "missing", skipped: true });
      }
    }
    // A skipped row's other problems still say everything that is wrong with it, so the seller fixes it at once.
    if (rowProblems.some((problem) => problem.skipped)) for (const problem of rowProblems) problem.skipped = true;
    problems.push(...rowProblems);
  });
  return { rows, problems };
}
