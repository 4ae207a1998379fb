// Hostile catalog uploads (issue 30, items 1 and 2 and the CSV paragraph): a workbook over the limits is refused
// however its sheet XML spells a cell's place, the bytes parsed are the bytes the central directory lists and
// sizes, and no upload keeps the event loop from turning for more than a moment.
import { describe, expect, it } from "vitest";
import { watchEventLoop } from "#tests/support/event-loop.ts";
import { hostileUploads, hostileWorkbook, workbookParts, zeroBomb, zipArchive, type ZipPart } from "#tests/support/hostile-catalogs.ts";
import { readCatalogUpload, readCatalogXlsx, maxXlsxUncompressedBytes } from "./catalog-xlsx.server.ts";

const sheet = (sheetData: string, namespaces = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"') => `<?xml version="1.0" encoding="UTF-8"?><worksheet ${namespaces}><sheetData>${sheetData}</sheetData></worksheet>`;
const inline = (text: string) => `<is><t>${text}</t></is>`;
const tooManyColumns = { ok: false, reason: "unreadableXlsx", detail: "tooManyColumns" };

describe("a workbook over the limits is refused before it is built, however its sheet spells a reference", () => {
  it("a value at A99999999 (8 digits), spelled plainly, with an entity, or with spaces around =", async () => {
    const far = { ok: false, reason: "tooManyRows", limit: 5000, found: 99_999_998 };
    expect(await readCatalogXlsx(hostileWorkbook(`<row r="99999999"><c r="A99999999" t="inlineStr">${inline("far")}</c></row>`))).toEqual(far);
    expect(await readCatalogXlsx(hostileWorkbook(`<row r="99999999"><c r="&#65;99999999" t="inlineStr">${inline("far")}</c></row>`))).toEqual(far);
    expect(await readCatalogXlsx(hostileWorkbook(`<row r = '99999999' ><c r = '&#x41;99999999' t = 'inlineStr'>${inline("far")}</c></row>`))).toEqual(far);
    // A cell without r after one far below continues on its row.
    expect(await readCatalogXlsx(hostileWorkbook(`<row r="99999999"><c r="A99999999"/><c t="inlineStr">${inline("far")}</c></row>`))).toEqual(far);
  });

  it("XFD on 3,000 rows, in single quotes, as character references, with namespace prefixes, and cells without r", async () => {
    const rows = (cell: (n: number) => string) => Array.from({ length: 3000 }, (_, i) => cell(i + 3)).join("");
    expect(await readCatalogXlsx(hostileWorkbook(rows((n) => `<row r='${n}'><c r='XFD${n}' t='inlineStr'>${inline("x")}</c></row>`)))).toEqual(tooManyColumns);
    expect(await readCatalogXlsx(hostileWorkbook(rows((n) => `<row r="${n}"><c r="&#88;&#x46;&#68;${n}" t="inlineStr">${inline("x")}</c></row>`)))).toEqual(tooManyColumns);
    const prefixed = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    expect(await readCatalogXlsx(hostileWorkbook(rows((n) => `<x:row r="${n}"><x:c r="XFD${n}"><x:v>1</x:v></x:c></x:row>`), prefixed))).toEqual(tooManyColumns);
    // 16,000 cells without r on row 3, then on row 200: 3.2 million cells spanned.
    const unnamed = "<c><v>1</v></c>".repeat(16_000);
    expect(await readCatalogXlsx(hostileWorkbook(`<row>${unnamed}</row><row r="200">${unnamed}</row>`))).toEqual(tooManyColumns);
    // One past XFD, reached without any r.
    expect(await readCatalogXlsx(hostileWorkbook(`<row>${"<c><v>1</v></c>".repeat(16_385)}</row>`))).toEqual(tooManyColumns);
  });

  it("places cells where XML says they are: quotes, references, prefixes, whitespace and cells without r read as Excel reads them", async () => {
    const prefixed = 'xmlns:s="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const xml = sheet(
      `<s:row r='1'><s:c r = 'A1' t="inlineStr"><s:is><s:t>Brand</s:t></s:is></s:c><s:c t="inlineStr"><s:is><s:t>Product name</s:t></s:is></s:c></s:row>` +
        `<s:row r="2"><s:c r="&#66;2" t="inlineStr"><s:is><s:t>Lamp</s:t></s:is></s:c><s:c r="A2" t="inlineStr"><s:is><s:t>Acme</s:t></s:is></s:c></s:row>` +
        `<s:row><s:c t="inlineStr"><s:is><s:t>Acme</s:t></s:is></s:c><s:c t="inlineStr"><s:is><s:t><![CDATA[Desk & chair]]></s:t></s:is></s:c></s:row>`,
      prefixed,
    );
    // <dimension> says nothing about where values are: a huge one is no reason to refuse, nor a reason to read further.
    const withDimension = xml.replace("<s:sheetData>", '<s:dimension ref="A1:XFD1048576"/><s:sheetData>');
    const file = await readCatalogXlsx(zipArchive(workbookParts(withDimension)));
    expect(file).toMatchObject({ ok: true, columns: ["Brand", "Product name"], rows: [["Acme", "Lamp"], ["Acme", "Desk & chair"]], rowNumbers: [2, 3] });
  });

  it("reads shared strings (rich text runs joined, phonetic guides left out, _xHHHH_ escapes), custom date formats, 1904 dates, errors as empty", async () => {
    const parts = workbookParts(
      sheet(
        `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>` +
          `<row r="2"><c r="A2" t="s"><v>4</v></c><c r="B2" s="1"><v>1</v></c><c r="C2" t="e"><v>#N/A</v></c><c r="D2" t="d"><v>2026-03-01T14:30:00Z</v></c></row>`,
      ),
    );
    parts[2]!.data = String(parts[2]!.data).replace("<sheets>", '<workbookPr date1904="1"/><sheets>');
    parts[3]!.data = String(parts[3]!.data).replace(
      "</Relationships>",
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="/xl/styles.xml"/></Relationships>',
    );
    const strings = ["<si><t>Brand</t></si>", "<si><r><t>Product </t></r><r><rPr><b/></rPr><t>name</t></r><rPh><t>ignored</t></rPh></si>", "<si><t>Error</t></si>", "<si><t>Since</t></si>", "<si><t>Acme_x000D_</t></si>"];
    const more: ZipPart[] = [
      { name: "xl/sharedStrings.xml", data: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.join("")}</sst>` },
      { name: "xl/styles.xml", data: `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts><numFmt numFmtId="170" formatCode="[$-407]dd/mm/yyyy;@"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="170"/></cellXfs></styleSheet>` },
    ];
    const file = await readCatalogXlsx(zipArchive([...parts, ...more]));
    // Day 1 of the 1904 system is 2 January 1904.
    expect(file).toMatchObject({ ok: true, columns: ["Brand", "Product name", "Error", "Since"], rows: [["Acme\r", "1904-01-02", "", "2026-03-01 14:30"]] });
  });
});

describe("the bytes checked are the bytes parsed", () => {
  const listed = sheet(`<row r="1"><c r="A1" t="inlineStr">${inline("Brand")}</c><c r="B1" t="inlineStr">${inline("Product name")}</c></row><row r="2"><c r="A2" t="inlineStr">${inline("Acme")}</c><c r="B2" t="inlineStr">${inline("Lamp")}</c></row>`);

  it("an unlisted local entry named like the first sheet is never read: the listed sheet is", async () => {
    const shadow = sheet(`<row r="1"><c r="A1" t="inlineStr">${inline("Brand")}</c><c r="B1" t="inlineStr">${inline("Product name")}</c></row><row r="2"><c r="A2" t="inlineStr">${inline("Shadow")}</c><c r="B2" t="inlineStr">${inline("Not in the directory")}</c></row>`);
    // After the listed entries, as a reader walking local headers in file order would take it last.
    const bytes = zipArchive([...workbookParts(listed), { name: "xl/worksheets/sheet1.xml", data: shadow, unlisted: true }]);
    expect(await readCatalogUpload(bytes)).toMatchObject({ ok: true, rows: [["Acme", "Lamp"]] });
  });

  it("refuses local headers that disagree with the directory (name, size, method) and entries that share bytes", async () => {
    const parts = workbookParts(listed);
    const damaged = { ok: false, reason: "unreadableXlsx", detail: "damaged" };
    expect(await readCatalogUpload(zipArchive(parts.map((part) => (part.name.endsWith("sheet1.xml") ? { ...part, name: "xl/worksheets/sheet9.xml", listedName: part.name } : part))))).toEqual(damaged);
    expect(await readCatalogUpload(zipArchive(parts.map((part) => (part.name.endsWith("sheet1.xml") ? { ...part, listedSize: 100 } : part))))).toEqual(damaged);
    const stored = zipArchive(parts);
    // The sheet's local header says "stored" while the directory says "deflated".
    const view = new DataView(stored.buffer);
    const sheetOffset = Buffer.from(stored).indexOf("xl/worksheets/sheet1.xml") - 30;
    const changed = stored.slice();
    new DataView(changed.buffer).setUint16(sheetOffset + 8, 0, true);
    expect(await readCatalogUpload(changed)).toEqual(damaged);
    // Two directory entries pointing at the same local entry.
    const directory = Buffer.from(stored).lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const overlapping = stored.slice();
    new DataView(overlapping.buffer).setUint32(directory + 42, view.getUint32(Buffer.from(stored).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 42, true), true);
    expect(await readCatalogUpload(overlapping)).toEqual(damaged);
  });

  it("refuses ZIP bombs without unpacking past the limits: listed honestly, lying about their size, or hidden from the directory", async () => {
    const bomb = zeroBomb(150);
    const before = process.memoryUsage().arrayBuffers;
    const started = performance.now();
    const head = workbookParts(listed).slice(0, 4);
    expect(await readCatalogUpload(zipArchive([...head, { name: "xl/worksheets/sheet1.xml", data: "", packed: bomb }]))).toEqual({ ok: false, reason: "tooLarge", limit: maxXlsxUncompressedBytes, found: expect.any(Number), what: "uncompressed" });
    expect(await readCatalogUpload(zipArchive([...head, { name: "xl/worksheets/sheet1.xml", data: "", packed: bomb, claimedSize: 1024 * 1024 }]))).toEqual({ ok: false, reason: "unreadableXlsx", detail: "damaged" });
    expect(await readCatalogUpload(zipArchive([...workbookParts(listed), { name: "xl/worksheets/sheet1.xml", data: "", packed: bomb, unlisted: true }]))).toMatchObject({ ok: true, rows: [["Acme", "Lamp"]] });
    expect(performance.now() - started).toBeLessThan(5000);
    // 150 MB were never unpacked: at most the 1 MB the lying entry claimed, and the archives themselves.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(40 * 1024 * 1024);
  });
});

describe("no upload stalls other users", () => {
  it.each(hostileUploads().map((upload) => [upload.name, upload] as const))("%s: a 10 ms timer never waits on more than 200 ms of reading", async (_, upload) => {
    const watch = watchEventLoop();
    const result = await readCatalogUpload(upload.bytes, upload.fileName);
    const { gapMs: worstWaitMs, blockedMs: worstBlockMs } = watch.stop();
    expect(result.ok === false || result.rows.length <= 2).toBe(true);
    // Reading runs in slices of ~10 ms; the wall-clock wait also holds the time this busy machine gave other processes.
    expect(worstBlockMs).toBeLessThan(200);
    expect(worstWaitMs).toBeLessThan(1000);
  });
});
