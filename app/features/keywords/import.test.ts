import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importKeywordFile } from "./import-file.server.ts";
import { maxImportBytes, parseKeywordLines, parseVolume } from "./import.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/keywords/${name}`, import.meta.url)));

describe("importKeywordFile", () => {
  it("reads a Helium 10 Cerebro export: phrase and volume by header, duplicates merged keeping the higher volume, '-' as no volume", async () => {
    const result = await importKeywordFile(fixture("helium10-cerebro.csv"));
    expect(result).toMatchObject({ ok: true, format: "helium10", phraseColumn: "Keyword Phrase", volumeColumn: "Search Volume", counts: { duplicates: 1, badVolume: 0, tooLong: 0 } });
    if (!result.ok) return;
    expect(result.keywords).toEqual([
      { phrase: "bamboo cutting board", volume: 12400 },
      { phrase: "cutting boards for kitchen", volume: 45210 },
      { phrase: "juice groove cutting board", volume: 3050 },
      { phrase: "butcher block", volume: null },
    ]);
  });
  it("reads a Jungle Scout export by its exact search volume; N/A is absent", async () => {
    const result = await importKeywordFile(fixture("jungle-scout.csv"));
    expect(result).toMatchObject({ ok: true, format: "jungleScout", phraseColumn: "Keyword", volumeColumn: "Exact Search Volume" });
    if (!result.ok) return;
    expect(result.keywords.map((k) => [k.phrase, k.volume])).toEqual([
      ["yoga mat", 152300],
      ["yoga mat thick", 33800],
      ["non slip yoga mat", 12950],
      ["tapis de yoga", null],
    ]);
  });
  it("reads a Latin-1 file with semicolons: the first text column and the first numeric column", async () => {
    const result = await importKeywordFile(fixture("latin1-generic.csv"));
    expect(result).toMatchObject({ ok: true, format: "csv", phraseColumn: "Suchbegriff", volumeColumn: "Suchvolumen" });
    if (result.ok) expect(result.keywords).toEqual([{ phrase: "Schneidebrett Holz", volume: 8100 }, { phrase: "Küchenbrett groß", volume: 2400 }]);
  });
  it("reads a UTF-8 file with a BOM and tabs; a volume that is not a number is absent and counted", async () => {
    const result = await importKeywordFile(fixture("utf8-bom.tsv"));
    expect(result).toMatchObject({ ok: true, phraseColumn: "Search Term", volumeColumn: "Volume", counts: { badVolume: 1 } });
    if (result.ok) expect(result.keywords).toEqual([{ phrase: "planche à découper", volume: 5400 }, { phrase: "planche bambou", volume: null }]);
  });
  it("refuses UTF-16 and binary files", async () => {
    expect(await importKeywordFile(fixture("utf16.csv"))).toEqual({ ok: false, reason: "utf16" });
    expect(await importKeywordFile(fixture("spreadsheet.xlsx"))).toEqual({ ok: false, reason: "binary" });
  });
  it("names the columns found when none holds phrases", async () => {
    expect(await importKeywordFile(fixture("no-phrase.csv"))).toEqual({ ok: false, reason: "noPhraseColumn", columns: ["ASIN", "Price", "Rating"] });
  });
  it("refuses more than 2 MB, more than 5,000 phrases, and an empty file", async () => {
    expect(await importKeywordFile(new Uint8Array(maxImportBytes + 1).fill(97))).toEqual({ ok: false, reason: "tooLarge" });
    const many = `Keyword,Search Volume\n${Array.from({ length: 5001 }, (_, i) => `phrase ${i},${i}`).join("\n")}`;
    expect(await importKeywordFile(new TextEncoder().encode(many))).toMatchObject({ ok: false, reason: "tooMany", count: 5001 });
    expect(await importKeywordFile(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
  });
  it("reads a single column with a header as phrases", async () => {
    const result = await importKeywordFile(new TextEncoder().encode("Keyword\nyoga mat\nyoga block\n"));
    expect(result).toMatchObject({ ok: true, keywords: [{ phrase: "yoga mat", volume: null }, { phrase: "yoga block", volume: null }] });
  });
});

describe("parseKeywordLines", () => {
  it("takes a phrase a line, with an optional tab or comma and volume; merges case and spacing", async () => {
    const result = await parseKeywordLines("yoga mat\t152300\nYoga  Mat, 160000\nthick yoga mat, 2.5k\nmat for yoga, pilates and stretching\n\n");
    expect(result).toMatchObject({ ok: true, format: "lines", counts: { duplicates: 1 } });
    if (result.ok)
      expect(result.keywords).toEqual([
        { phrase: "yoga mat", volume: 160000 },
        { phrase: "thick yoga mat", volume: 2500 },
        { phrase: "mat for yoga, pilates and stretching", volume: null },
      ]);
  });
  it("skips and counts phrases over 200 characters", async () => {
    const result = await parseKeywordLines(`${"x".repeat(201)}\nok phrase`);
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

describe("importKeywordFile on hostile files (issue 30)", () => {
  it("reads 2 MB of commas, of line feeds and of short lines in slices: the main thread never works 200 ms without a turn of the event loop", async () => {
    const commas = new Uint8Array(maxImportBytes).fill(44);
    commas.set(new TextEncoder().encode("Keyword\n"));
    const lineFeeds = new Uint8Array(maxImportBytes).fill(10);
    lineFeeds.set(new TextEncoder().encode("Keyword,Search Volume\nyoga mat,1\n"));
    const shortLines = new Uint8Array(maxImportBytes).map((_, i) => (i % 11 === 10 ? 10 : 97 + (i % 7)));
    for (const bytes of [commas, lineFeeds, shortLines]) {
      const cpuMs = () => {
        const { user, system } = process.threadCpuUsage();
        return (user + system) / 1000;
      };
      let lastCpu = cpuMs();
      let worstBlockMs = 0;
      const timer = setInterval(() => {
        const cpu = cpuMs();
        worstBlockMs = Math.max(worstBlockMs, cpu - lastCpu);
        lastCpu = cpu;
      }, 10);
      await importKeywordFile(bytes);
      clearInterval(timer);
      worstBlockMs = Math.max(worstBlockMs, cpuMs() - lastCpu);
      expect(worstBlockMs).toBeLessThan(200);
    }
  });
});
