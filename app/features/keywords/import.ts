// A seller's keyword research into a keyword bank (issue 16): pasted lines, or a CSV/TSV export from
// Helium 10 (Cerebro, Magnet), Jungle Scout, or any CSV whose first text column is the phrase and first
// numeric column the volume. Pure and browser-safe; refusals carry a reason the UI and API put in words.
// Reading runs in slices that let the event loop turn (issue 30): 2 MB of commas is two million cells.
import { workSlices, type WorkSlices } from "#app/features/jobs/work-slices.ts";

export const maxKeywords = 5000;
export const maxPhraseChars = 200;
export const maxImportBytes = 2 * 1024 * 1024;

export interface Keyword {
  phrase: string;
  volume: number | null;
}

export type ImportFormat = "helium10" | "jungleScout" | "csv" | "lines";

export interface ImportCounts {
  /** Phrases over 200 characters, left out. */
  tooLong: number;
  /** Volumes that were not numbers, kept as absent. */
  badVolume: number;
  /** Phrases that appeared again (case and spacing aside), merged keeping the higher volume. */
  duplicates: number;
}

export type KeywordImport =
  | { ok: true; format: ImportFormat; columns: string[]; phraseColumn: string | null; volumeColumn: string | null; keywords: Keyword[]; counts: ImportCounts }
  | { ok: false; reason: "binary" | "utf16" | "empty" | "noPhraseColumn" | "tooMany" | "tooLarge"; columns?: string[]; count?: number };

/** The key phrases merge on: lower case, single spaces. */
export const phraseKey = (phrase: string) => phrase.toLowerCase().replace(/\s+/g, " ").trim();

/** "12,400", "12400", "1.2k" → a whole number; "-", "n/a", "" → null (absent); anything else → NaN (not a number). */
export function parseVolume(raw: string | undefined): number | null {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "" || text === "-" || text === "–" || text === "n/a" || text === ">" || text === "<") return null;
  const k = /^(\d+(?:[.,]\d+)?)\s*k$/.exec(text);
  if (k) return Math.round(Number(k[1]!.replace(",", ".")) * 1000);
  // Volumes are whole numbers: "12.400" is twelve thousand four hundred (a European thousands point).
  if (/^\d{1,3}(?:\.\d{3})+$/.test(text)) return Number(text.replace(/\./g, ""));
  const plain = text.replace(/[\s,'’]/g, "").replace(/^([<>]=?|~)/, "");
  if (/^\d+(?:\.\d+)?$/.test(plain)) return Math.round(Number(plain));
  return Number.NaN;
}

/** Merges duplicates, drops over-long phrases, and checks the count. */
async function finish(raw: { phrase: string; volume: number | null }[], counts: ImportCounts, slices: WorkSlices): Promise<{ ok: true; keywords: Keyword[] } | { ok: false; reason: "tooMany" | "empty"; count: number }> {
  const byKey = new Map<string, Keyword>();
  let work = 0;
  for (const { phrase, volume } of raw) {
    if ((++work & 1023) === 0 && slices.due()) await slices.pause();
    const clean = phrase.replace(/\s+/g, " ").trim();
    if (clean === "") continue;
    if (clean.length > maxPhraseChars) {
      counts.tooLong++;
      continue;
    }
    const key = phraseKey(clean);
    const seen = byKey.get(key);
    if (seen) {
      counts.duplicates++;
      if (volume !== null && (seen.volume === null || volume > seen.volume)) seen.volume = volume;
    } else {
      byKey.set(key, { phrase: clean, volume });
    }
  }
  const keywords = [...byKey.values()];
  if (keywords.length === 0) return { ok: false, reason: "empty", count: 0 };
  if (keywords.length > maxKeywords) return { ok: false, reason: "tooMany", count: keywords.length };
  return { ok: true, keywords };
}

function volumeOf(raw: string | undefined, counts: ImportCounts): number | null {
  const volume = parseVolume(raw);
  if (Number.isNaN(volume)) {
    counts.badVolume++;
    return null;
  }
  return volume;
}

/** Pasted lines: a phrase a line, optionally a tab or a comma and a volume. */
export async function parseKeywordLines(text: string, slices: WorkSlices = workSlices()): Promise<KeywordImport> {
  const counts: ImportCounts = { tooLong: 0, badVolume: 0, duplicates: 0 };
  const raw: { phrase: string; volume: number | null }[] = [];
  let work = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if ((++work & 1023) === 0 && slices.due()) await slices.pause();
    if (line.trim() === "") continue;
    const tab = line.split("\t");
    if (tab.length > 1) {
      raw.push({ phrase: tab[0]!, volume: volumeOf(tab[1], counts) });
      continue;
    }
    // "phrase, 1200": the part after the last comma is a volume only when it looks like one.
    const comma = /^(.*),\s*([\d.,\s]+k?)\s*$/i.exec(line);
    if (comma && !Number.isNaN(parseVolume(comma[2])) && comma[1]!.trim() !== "") raw.push({ phrase: comma[1]!, volume: parseVolume(comma[2]) });
    else raw.push({ phrase: line, volume: null });
  }
  const done = await finish(raw, counts, slices);
  if (!done.ok) return { ok: false, reason: done.reason, count: done.count };
  return { ok: true, format: "lines", columns: [], phraseColumn: null, volumeColumn: null, keywords: done.keywords, counts };
}

/** The bytes of a file as text: UTF-8 (with or without BOM), else Windows-1252; UTF-16 and binary refused. */
export function decodeKeywordFile(bytes: Uint8Array): { ok: true; text: string } | { ok: false; reason: "binary" | "utf16" | "empty" } {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return { ok: false, reason: "utf16" };
  const sample = bytes.subarray(0, 4096);
  let zeros = 0;
  let evenZeros = 0;
  let controls = 0;
  sample.forEach((byte, i) => {
    if (byte === 0) {
      zeros++;
      if (i % 2 === 1) evenZeros++;
    } else if (byte < 9 || (byte > 13 && byte < 32)) controls++;
  });
  // UTF-16 without a BOM: ASCII text with a zero after (or before) every character.
  if (zeros > sample.length / 4 && (evenZeros > zeros * 0.9 || evenZeros < zeros * 0.1)) return { ok: false, reason: "utf16" };
  if (zeros > 0 || controls > sample.length / 20) return { ok: false, reason: "binary" };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(body) };
  } catch {
    return { ok: true, text: new TextDecoder("windows-1252").decode(body) };
  }
}

/** Rows of a CSV/TSV text (quotes and doubled quotes honoured), the delimiter guessed from the first line. */
export async function parseDelimited(text: string, slices: WorkSlices = workSlices()): Promise<string[][]> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const outside = firstLine.replace(/"[^"]*"/g, "");
  const delimiter = [..."\t,;"].map((d) => ({ d, n: outside.split(d).length })).sort((a, b) => b.n - a.n)[0]!.d;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if ((i & 4095) === 0 && slices.due()) await slices.pause();
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === delimiter) {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      if (row.some((value) => value.trim() !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  row.push(cell);
  if (row.some((value) => value.trim() !== "")) rows.push(row);
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
  const done = await finish(raw, counts, slices);
  if (!done.ok) return { ok: false, reason: done.reason, count: done.count, columns: header };
  return { ok: true, format, columns: header, phraseColumn: header[phraseIndex] ?? null, volumeColumn: volumeIndex === -1 ? null : (header[volumeIndex] ?? null), keywords: done.keywords, counts };
}

/** A file's bytes as a bank (refusing what is too large, binary or UTF-16). */
export async function importKeywordFile(bytes: Uint8Array): Promise<KeywordImport> {
  if (bytes.length > maxImportBytes) return { ok: false, reason: "tooLarge" };
  const decoded = decodeKeywordFile(bytes);
  if (!decoded.ok) return { ok: false, reason: decoded.reason };
  const text = decoded.text;
  // A list with no delimiter at all is pasted-style lines.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return /[\t,;]/.test(firstLine) || phraseHeaders.includes(norm(firstLine)) ? parseKeywordCsv(text, workSlices()) : parseKeywordLines(text, workSlices());
}
