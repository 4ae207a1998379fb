import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importKeywordFile, maxImportBytes, parseKeywordLines, parseVolume } from "./import.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/keywords/${name}`, import.meta.url)));

describe("importKeywordFile", () => {
  it("reads a Helium 10 Cerebro export: phrase and volume by header, duplicates merged keeping the higher volume, '-' as no volume", () => {
    const result = importKeywordFile(fixture("helium10-cerebro.csv"));
    expect(result).toMatchObject({ ok: true, format: "helium10", phraseColumn: "Keyword Phrase", volumeColumn: "Search Volume", counts: { duplicates: 1, badVolume: 0, tooLong: 0 } });
    if (!result.ok) return;
    expect(result.keywords).toEqual([
      { phrase: "bamboo cutting board", volume: 12400 },
      { phrase: "cutting boards for kitchen", volume: 45210 },
      { phrase: "juice groove cutting board", volume: 3050 },
      { phrase: "butcher block", volume: null },
    ]);
  });
  it("reads a Jungle Scout export by its exact search volume; N/A is absent", () => {
    const result = importKeywordFile(fixture("jungle-scout.csv"));
    expect(result).toMatchObject({ ok: true, format: "jungleScout", phraseColumn: "Keyword", volumeColumn: "Exact Search Volume" });
    if (!result.ok) return;
    expect(result.keywords.map((k) => [k.phrase, k.volume])).toEqual([
      ["yoga mat", 152300],
      ["yoga mat thick", 33800],
      ["non slip yoga mat", 12950],
      ["tapis de yoga", null],
    ]);
  });
  it("reads a Latin-1 file with semicolons: the first text column and the first numeric column", () => {
    const result = importKeywordFile(fixture("latin1-generic.csv"));
    expect(result).toMatchObject({ ok: true, format: "csv", phraseColumn: "Suchbegriff", volumeColumn: "Suchvolumen" });
    if (result.ok) expect(result.keywords).toEqual([{ phrase: "Schneidebrett Holz", volume: 8100 }, { phrase: "Küchenbrett groß", volume: 2400 }]);
  });
  it("reads a UTF-8 file with a BOM and tabs; a volume that is not a number is absent and counted", () => {
    const result = importKeywordFile(fixture("utf8-bom.tsv"));
    expect(result).toMatchObject({ ok: true, phraseColumn: "Search Term", volumeColumn: "Volume", counts: { badVolume: 1 } });
    if (result.ok) expect(result.keywords).toEqual([{ phrase: "planche à découper", volume: 5400 }, { phrase: "planche bambou", volume: null }]);
  });
  it("refuses UTF-16 and binary files", () => {
    expect(importKeywordFile(fixture("utf16.csv"))).toEqual({ ok: false, reason: "utf16" });
    expect(importKeywordFile(fixture("spreadsheet.xlsx"))).toEqual({ ok: false, reason: "binary" });
  });
  it("names the columns found when none holds phrases", () => {
    expect(importKeywordFile(fixture("no-phrase.csv"))).toEqual({ ok: false, reason: "noPhraseColumn", columns: ["ASIN", "Price", "Rating"] });
  });
  it("refuses more than 2 MB, more than 5,000 phrases, and an empty file", () => {
    expect(importKeywordFile(new Uint8Array(maxImportBytes + 1).fill(97))).toEqual({ ok: false, reason: "tooLarge" });
    const many = `Keyword,Search Volume\n${Array.from({ length: 5001 }, (_, i) => `phrase ${i},${i}`).join("\n")}`;
    expect(importKeywordFile(new TextEncoder().encode(many))).toMatchObject({ ok: false, reason: "tooMany", count: 5001 });
    expect(importKeywordFile(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
  });
  it("reads a single column with a header as phrases", () => {
    const result = importKeywordFile(new TextEncoder().encode("Keyword\nyoga mat\nyoga block\n"));
    expect(result).toMatchObject({ ok: true, keywords: [{ phrase: "yoga mat", volume: null }, { phrase: "yoga block", volume: null }] });
  });
});

describe("parseKeywordLines", () => {
  it("takes a phrase a line, with an optional tab or comma and volume; merges case and spacing", () => {
    const result = parseKeywordLines("yoga mat\t152300\nYoga  Mat, 160000\nthick yoga mat, 2.5k\nmat for yoga, pilates and stretching\n\n");
    expect(result).toMatchObject({ ok: true, format: "lines", counts: { duplicates: 1 } });
    if (result.ok)
      expect(result.keywords).toEqual([
        { phrase: "yoga mat", volume: 160000 },
        { phrase: "thick yoga mat", volume: 2500 },
        { phrase: "mat for yoga, pilates and stretching", volume: null },
      ]);
  });
  it("skips and counts phrases over 200 characters", () => {
    const result = parseKeywordLines(`${"x".repeat(201)}\nok phrase`);
    expect(result).toMatchObject({ ok: true, counts: { tooLong: 1 }, keywords: [{ phrase: "ok phrase", volume: null }] });
  });
});

describe("parseVolume", () => {
  it.each([
    ["12,400", 12400],
    ["12400", 12400],
    ["1.2k", 1200],
    ["12.400", 12400],
    [">1,000", 1000],
    ["-", null],
    ["", null],
  ])("reads %s as %s", (raw, volume) => expect(parseVolume(raw)).toBe(volume));
  it("says NaN for words", () => expect(parseVolume("lots")).toBeNaN());
});
