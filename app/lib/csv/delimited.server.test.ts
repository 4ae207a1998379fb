import { describe, expect, it } from "vitest";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { delimiterOfFirstLine, detectDelimiter, readDelimitedRecords, sampleDelimitedRecords, type Delimiter } from "./delimited.server.ts";

/** Every record with its number, and the unclosed quote if any. */
async function read(text: string, delimiter: Delimiter = ",") {
  const records: { cells: string[]; record: number }[] = [];
  const { unclosedQuote } = await readDelimitedRecords(text, delimiter, (cells, record) => records.push({ cells, record }));
  return { records, unclosedQuote };
}
const cellsOf = async (text: string, delimiter: Delimiter = ",") => (await read(text, delimiter)).records.map((record) => record.cells);

describe("readDelimitedRecords: RFC 4180 through csv-parse", () => {
  it("reads quoted cells with delimiters, doubled quotes and line breaks (CRLF, LF and CR) inside them", async () => {
    const text = 'SKU,Name,Features\r\nBB-1,"Board, large (18"" x 12"")","Juice groove\r\nReversible\nOiled\rOak"\r\nBB-2,Set,"6 pieces"\r\n';
    expect(await cellsOf(text)).toEqual([
      ["SKU", "Name", "Features"],
      ["BB-1", 'Board, large (18" x 12")', "Juice groove\r\nReversible\nOiled\rOak"],
      ["BB-2", "Set", "6 pieces"],
    ]);
  });

  it("ends records at CRLF, LF or CR, mixed in one file, and numbers them counting empty lines", async () => {
    const { records } = await read("a,b\r\nc,d\ne,f\rg,h\n\n\r\n\ni,j");
    expect(records).toEqual([
      { cells: ["a", "b"], record: 1 },
      { cells: ["c", "d"], record: 2 },
      { cells: ["e", "f"], record: 3 },
      { cells: ["g", "h"], record: 4 },
      { cells: ["i", "j"], record: 8 },
    ]);
  });

  it("keeps cells exactly: spaces, stray quotes, a quote after spaces opening a quoted cell, text after a closing quote", async () => {
    const text = ['  Lamp  ,12" pizza stone, "quoted, after a space",x', '"a" b,"c" ,"""d""",""', '\t tab first,"e""f"   g  ,'].join("\n");
    expect(await cellsOf(text)).toEqual([
      ["  Lamp  ", '12" pizza stone', "quoted, after a space", "x"],
      ["a b", "c", '"d"', ""],
      ["\t tab first", 'e"f   g', ""],
    ]);
  });

  it("reads records of any width one after the other (the first one's width is no rule)", async () => {
    expect(await cellsOf("a\nb,c,d\ne,f\n,\n")).toEqual([["a"], ["b", "c", "d"], ["e", "f"], ["", ""]]);
  });

  it("reads semicolons and tabs, a multi-byte character split between two 16 KB pieces intact", async () => {
    expect(await cellsOf("Marke;Preis\nHolzwerk;39,90 €\n", ";")).toEqual([
      ["Marke", "Preis"],
      ["Holzwerk", "39,90 €"],
    ]);
    const long = `${"x".repeat(16 * 1024 - 1)}ö`;
    expect(await cellsOf(`a\tb\n${long}\t竹 🍣\n`, "\t")).toEqual([
      ["a", "b"],
      [long, "竹 🍣"],
    ]);
  });

  it("reports a quoted cell that never closes with its record (empty lines counted), the cells before it and the rest of the text", async () => {
    const { records, unclosedQuote } = await read('Brand,Name\n\nAcme,Lamp\nAcme,"Desk, oak\nAcme,Chair\n');
    expect(records.map((record) => record.record)).toEqual([1, 3]);
    expect(unclosedQuote).toEqual({ record: 4, cells: ["Acme", "Desk, oak\nAcme,Chair\n"] });
  });

  it("reads nothing from an empty text", async () => {
    expect(await read("")).toEqual({ records: [], unclosedQuote: null });
  });
});

describe("readDelimitedRecords: hostile texts in slices", () => {
  it.each([
    ["10 MB of line feeds", `a,b\n${"\n".repeat(10 * 1024 * 1024)}c,d\n`, 2],
    ["a record of 200,000 cells", `${Array.from({ length: 200_000 }, (_, i) => `Column ${i + 1}`).join(",")}\nAcme,Lamp\n`, 2],
    ["200,000 records of differing widths", `a,b,c\n${"x,\ny\n".repeat(100_000)}`, 200_001],
  ])("%s: a 10 ms timer never waits on more than 200 ms of reading", async (_, text, count) => {
    const watch = watchEventLoop();
    const { records } = await read(text);
    const { blockedMs } = watch.stop();
    expect(records).toHaveLength(count);
    expect(blockedMs).toBeLessThan(200);
  });
});

describe("detectDelimiter and delimiterOfFirstLine", () => {
  it("takes the delimiter the first records agree on, not commas inside German cells or quoted semicolons", () => {
    expect(detectDelimiter("Marke;Preis;Merkmale\nA;1,5;rot, blau, grün\nB;2,5;klein, leicht\n")).toBe(";");
    expect(detectDelimiter("Brand\tName\tFeatures\nA\tB\tx, y; z\n")).toBe("\t");
    expect(detectDelimiter('Brand,Name\nA,"x; y; z"\n')).toBe(",");
    expect(detectDelimiter("Brand\nAcme\n")).toBe(",");
    expect(detectDelimiter(";;;\n;;;\n")).toBe(";");
  });

  it("samples the first records, empty lines counted toward them, a cut-off quote ending the sample", () => {
    expect(sampleDelimitedRecords("a,b\n\nc,d\ne,f\n", ",", 3)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(sampleDelimitedRecords('a,b\nc,"d', ",", 40)).toEqual([["a", "b"]]);
  });

  it("keyword files: the delimiter the first line is split by most, quoted text aside", () => {
    expect(delimiterOfFirstLine('Keyword;"Search, Volume"\nyoga mat,1\n')).toBe(";");
    expect(delimiterOfFirstLine("Keyword\nyoga mat, thick\n")).toBe("\t");
    expect(delimiterOfFirstLine("Keyword,Volume\r\n")).toBe(",");
  });
});
