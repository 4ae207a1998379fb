// A keyword file (POST /api/keywords/import, at most 2 MB) as a bank: the bytes decoded and the CSV/TSV read by
// the one reader the catalogs use too (app/lib/csv, docs/decisions/034), then the phrase and volume columns found
// by their names or their contents. UTF-16 is refused with its own message (keyword tools export UTF-8).
import { decodeText } from "#app/lib/csv/decode.ts";
import { delimiterOfFirstLine, readDelimitedRecords } from "#app/lib/csv/delimited.server.ts";
import { workSlices, type WorkSlices } from "#app/lib/work-slices.ts";
import { maxImportBytes, mergeKeywords, parseKeywordLines, parseVolume, volumeOf, type ImportCounts, type ImportFormat, type KeywordImport } from "./import.ts";

/** The bytes of a file as text: UTF-8 (with or without BOM), else Windows-1252; UTF-16 (and UTF-32) and binary refused. */
export async function decodeKeywordFile(bytes: Uint8Array, slices: WorkSlices = workSlices()): Promise<{ ok: true; text: string } | { ok: false; reason: "binary" | "utf16" | "empty" }> {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  const decoded = await decodeText(bytes, slices);
  if (decoded.ok) return decoded.encoding.startsWith("utf-16") ? { ok: false, reason: "utf16" } : { ok: true, text: decoded.text };
  if (decoded.reason === "unsupportedEncoding" && /^utf-(16|32)/.test(decoded.encoding)) return { ok: false, reason: "utf16" };
  return { ok: false, reason: "binary" };
}

/** Rows of a CSV/TSV text with something in them, the delimiter guessed from the first line. */
export async function parseDelimited(text: string, slices: WorkSlices = workSlices()): Promise<string[][]> {
  const rows: string[][] = [];
  const keep = (cells: string[]) => {
    if (cells.some((value) => value.trim() !== "")) rows.push(cells);
  };
  const { unclosedQuote } = await readDelimitedRecords(text, delimiterOfFirstLine(text), keep, slices);
  // A quote that never closes makes the rest of the file one cell, as a spreadsheet would read it.
  if (unclosedQuote) keep(unclosedQuote.cells);
  return rows;
}

const norm = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
const phraseHeaders = ["keyword phrase", "keyword", "keywords", "search term", "search terms", "search query", "phrase", "query"];
const volumeHeaders = ["search volume", "exact search volume", "exact match search volume", "search query volume", "volume", "broad search volume", "estimated search volume", "monthly search volume"];

/** A keyword export as a bank: the columns named by the header, or the first text and first numeric columns. */
export async function parseKeywordCsv(text: string, slices: WorkSlices = workSlices()): Promise<KeywordImport> {
  const rows = await parseDelimited(text, slices);
  if (rows.length === 0) return { ok: false, reason: "empty" };
  const header: string[] = [];
  const names: string[] = [];
  for (const cell of rows[0]!) {
    if ((header.length & 1023) === 1023 && slices.due()) await slices.pause();
    header.push(cell.trim());
    names.push(norm(cell.trim()));
  }
  const data = rows.slice(1);
  let phraseIndex = phraseHeaders.map((name) => names.indexOf(name)).find((index) => index !== -1) ?? -1;
  let volumeIndex = volumeHeaders.map((name) => names.indexOf(name)).find((index) => index !== -1) ?? -1;
  if (volumeIndex === -1) volumeIndex = names.findIndex((name) => name.includes("search volume"));
  const format: ImportFormat = names.includes("keyword phrase") && names.includes("search volume") ? "helium10" : names.includes("keyword") && names.some((name) => name.includes("search volume")) ? "jungleScout" : "csv";
  if (phraseIndex === -1 || volumeIndex === -1) {
    // Any CSV: the first mostly-text column is the phrase, the first mostly-numeric one the volume.
    const sample = data.slice(0, 50);
    const numericShare = (column: number) => {
      const values = sample.map((row) => row[column] ?? "").filter((value) => value.trim() !== "");
      return values.length === 0 ? 0 : values.filter((value) => !Number.isNaN(parseVolume(value)) && parseVolume(value) !== null).length / values.length;
    };
    // Words, not codes: an ASIN or SKU column is not the phrase.
    const hasText = (column: number) => sample.some((row) => /\p{L}/u.test(row[column] ?? "") && !/^[A-Z0-9-]{6,}$/.test((row[column] ?? "").trim()));
    /** The first column `test` accepts, looked for in slices (a header may have two million cells). */
    const firstColumn = async (test: (column: number) => boolean) => {
      for (let column = 0; column < header.length; column++) {
        if ((column & 255) === 255 && slices.due()) await slices.pause();
        if (test(column)) return column;
      }
      return -1;
    };
    if (phraseIndex === -1) phraseIndex = await firstColumn((column) => hasText(column) && numericShare(column) < 0.5);
    if (volumeIndex === -1) volumeIndex = await firstColumn((column) => column !== phraseIndex && numericShare(column) >= 0.8);
  }
  if (phraseIndex === -1) return { ok: false, reason: "noPhraseColumn", columns: header.filter(Boolean) };
  const counts: ImportCounts = { tooLong: 0, badVolume: 0, duplicates: 0 };
  const raw = data.map((row) => ({ phrase: row[phraseIndex] ?? "", volume: volumeIndex === -1 ? null : volumeOf(row[volumeIndex], counts) }));
  const done = await mergeKeywords(raw, counts, slices);
  if (!done.ok) return { ok: false, reason: done.reason, count: done.count, columns: header };
  return { ok: true, format, columns: header, phraseColumn: header[phraseIndex] ?? null, volumeColumn: volumeIndex === -1 ? null : (header[volumeIndex] ?? null), keywords: done.keywords, counts };
}

/** A file's bytes as a bank (refusing what is too large, binary or UTF-16). */
export async function importKeywordFile(bytes: Uint8Array): Promise<KeywordImport> {
  if (bytes.length > maxImportBytes) return { ok: false, reason: "tooLarge" };
  const slices = workSlices();
  const decoded = await decodeKeywordFile(bytes, slices);
  if (!decoded.ok) return { ok: false, reason: decoded.reason };
  const text = decoded.text;
  // A list with no delimiter at all is pasted-style lines.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return /[\t,;]/.test(firstLine) || phraseHeaders.includes(norm(firstLine)) ? parseKeywordCsv(text, slices) : parseKeywordLines(text, slices);
}
