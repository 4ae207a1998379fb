// A seller's keyword research into a keyword bank (issue 16): pasted lines, or a CSV/TSV export from
// Helium 10 (Cerebro, Magnet), Jungle Scout, or any CSV whose first text column is the phrase and first
// numeric column the volume. Pure and browser-safe (the pasted lines); files are read on the server by
// import-file.server.ts. Refusals carry a reason the UI and API put in words. Reading runs in slices that let
// the event loop turn (issue 30): 2 MB of commas is two million cells.
import { workSlices, type WorkSlices } from "#app/lib/work-slices.ts";

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
export async function mergeKeywords(raw: { phrase: string; volume: number | null }[], counts: ImportCounts, slices: WorkSlices): Promise<{ ok: true; keywords: Keyword[] } | { ok: false; reason: "tooMany" | "empty"; count: number }> {
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

export function volumeOf(raw: string | undefined, counts: ImportCounts): number | null {
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
  const done = await mergeKeywords(raw, counts, slices);
  if (!done.ok) return { ok: false, reason: done.reason, count: done.count };
  return { ok: true, format: "lines", columns: [], phraseColumn: null, volumeColumn: null, keywords: done.keywords, counts };
}
