import { readFileSync } from "node:fs";
import { zipArchive } from "#tests/support/hostile-catalogs.ts";
import { describe, expect, it } from "vitest";
import { factLimits, listingFactsSchema } from "#app/features/listings/types.ts";
import { keywordListSchema } from "#app/features/keywords/schemas.ts";
import { csvField } from "#app/lib/spreadsheet-cells.ts";
import {
  catalogMappingSchema,
  columnLetter,
  detectDelimiter,
  maxCatalogBytes,
  maxCatalogRows,
  proposeMapping,
  readCatalogFile,
  readCatalogText,
  resolveMarketplace,
  splitKeywordCell,
  toCatalogRows,
  validateMapping,
  type CatalogFile,
  type CatalogMapping,
  type CatalogResult,
} from "./index.ts";
import { maxXlsxUncompressedBytes, readCatalogUpload, readCatalogXlsx, zipEntries } from "../catalog-xlsx.server.ts";

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
/** Text as Windows-1252 bytes ("\x80" in the text is the euro sign's byte). */
const cp1252 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf16le = (text: string, bom = true) => new Uint8Array(Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, "utf16le")]));
const utf16be = (text: string) => {
  const le = Buffer.from(text, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), le]));
};
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/catalogs/${name}`, import.meta.url)));

function expectFile(result: CatalogResult): CatalogFile {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A ZIP archive, as every .xlsx is (the hostile-upload tests' builder). `claimedSize`: the directory lies about one entry's unpacked size. */
function zip(files: Record<string, string>, claimedSize?: { name: string; size: number }): Uint8Array {
  return zipArchive(Object.entries(files).map(([name, data]) => ({ name, data, ...(claimedSize?.name === name ? { listedSize: claimedSize.size } : {}) })));
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The smallest workbook Excel opens: one sheet whose <sheetData> is given. */
function workbook(sheetData: string): Uint8Array {
  return zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tabelle1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
  });
}

const textCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(text)}</t></is></c>`;

/** A workbook of text cells (inline strings, as streaming writers make them), rows given as arrays. */
function xlsx(rows: string[][]): Uint8Array {
  return workbook(rows.map((cells, r) => `<row r="${r + 1}">${cells.map((cell, c) => (cell === "" ? "" : textCell(`${columnLetter(c)}${r + 1}`, cell))).join("")}</row>`).join(""));
}

/** A Seller Central-style export: comma-separated, CRLF, quotes around cells with commas, quotes and line breaks. */
const sellerCentralCsv = [
  "SKU,Brand Name,Item Name,Product Type,Bullet Points,Target Audience,Generic Keywords,Marketplace",
  'BB-100,Bambusliebe,"Bamboo Cutting Board, Large (18"" x 12"")",Cutting Board,"Juice groove on all sides\r\nReversible\r\nKnife-friendly surface",Home cooks,"bamboo cutting board; large cutting board, chopping board; Bamboo Cutting Board",amazon.com',
  'BB-200,Bambusliebe,Bamboo Utensil Set,Kitchen Utensil Set,"6 pieces, heat resistant",,wooden spoons|bamboo utensils,US',
  "",
].join("\r\n");

describe("readCatalogFile: formats and encodings", () => {
  it("reads a Seller Central-style CSV: RFC 4180 quotes, doubled quotes, line breaks inside quotes, CRLF", async () => {
    const file = expectFile(await readCatalogFile(utf8(sellerCentralCsv), "catalog.csv"));
    expect(file).toMatchObject({ ok: true, format: "csv", encoding: "utf-8", bom: false, delimiter: ",", headerRow: 1, emptyRowsSkipped: 0, totalRows: 2, rowNumbers: [2, 3] });
    expect(file.columns).toEqual(["SKU", "Brand Name", "Item Name", "Product Type", "Bullet Points", "Target Audience", "Generic Keywords", "Marketplace"]);
    expect(file.rows[0]).toEqual([
      "BB-100",
      "Bambusliebe",
      'Bamboo Cutting Board, Large (18" x 12")',
      "Cutting Board",
      "Juice groove on all sides\r\nReversible\r\nKnife-friendly surface",
      "Home cooks",
      "bamboo cutting board; large cutting board, chopping board; Bamboo Cutting Board",
      "amazon.com",
    ]);
    expect(file.rows[1]).toEqual(["BB-200", "Bambusliebe", "Bamboo Utensil Set", "Kitchen Utensil Set", "6 pieces, heat resistant", "", "wooden spoons|bamboo utensils", "US"]);
  });

  it("reads a German Excel export: semicolons, Windows-1252 umlauts and euro sign, commas and quoted semicolons in cells", async () => {
    const text =
      "Marke;Produktname;Produktart;Merkmale;Zielgruppe;Suchbegriffe;Marktplatz;Preis\r\n" +
      'Holzwerk;Schneidebrett aus Eiche, groß;Küchenbrett;Geölt, lebensmittelecht;Köche;"schneidebrett; küchenbrett";DE;39,90 \x80\r\n' +
      "Holzwerk;Frühstücksbrettchen 4er-Set;Brettchen;Spülmaschinenfest;Familien;frühstücksbrett;Deutschland;12,00 \x80\r\n";
    const file = expectFile(await readCatalogFile(cp1252(text), "katalog.csv"));
    expect(file).toMatchObject({ format: "csv", encoding: "windows-1252", bom: false, delimiter: ";", totalRows: 2 });
    expect(file.columns).toEqual(["Marke", "Produktname", "Produktart", "Merkmale", "Zielgruppe", "Suchbegriffe", "Marktplatz", "Preis"]);
    expect(file.rows).toEqual([
      ["Holzwerk", "Schneidebrett aus Eiche, groß", "Küchenbrett", "Geölt, lebensmittelecht", "Köche", "schneidebrett; küchenbrett", "DE", "39,90 €"],
      ["Holzwerk", "Frühstücksbrettchen 4er-Set", "Brettchen", "Spülmaschinenfest", "Familien", "frühstücksbrett", "Deutschland", "12,00 €"],
    ]);
  });

  it("gives a row's cells past the header a nameless column rather than losing them", async () => {
    const file = expectFile(await readCatalogFile(utf8("Marke;Produktname\nHolzwerk;Brett;schneidebrett; küchenbrett\n")));
    expect(file.columns).toEqual(["Marke", "Produktname", "", ""]);
    expect(file.rows).toEqual([["Holzwerk", "Brett", "schneidebrett", " küchenbrett"]]);
  });

  it("reads Excel's “Unicode text” (UTF-16 LE with BOM, tabs, CRLF), accents, Japanese and an emoji intact", async () => {
    const text = "Marque\tNom du produit\tCaractéristiques\tMots-clés\tPays\r\n" + 'Maison Verte\tPlanche à découper "Chêne"\t"Bois massif\r\nRigole à jus"\tplanche à découper; planche bois\tFrance\r\n' + "竹工房\t竹製まな板セット 🍣\t抗菌\tまな板、竹\tJP\r\n";
    const file = expectFile(await readCatalogFile(utf16le(text), "catalogue.txt"));
    expect(file).toMatchObject({ format: "tsv", encoding: "utf-16le", bom: true, delimiter: "\t", totalRows: 2 });
    expect(file.columns).toEqual(["Marque", "Nom du produit", "Caractéristiques", "Mots-clés", "Pays"]);
    expect(file.rows[0]).toEqual(["Maison Verte", 'Planche à découper "Chêne"', "Bois massif\r\nRigole à jus", "planche à découper; planche bois", "France"]);
    expect(file.rows[1]).toEqual(["竹工房", "竹製まな板セット 🍣", "抗菌", "まな板、竹", "JP"]);
  });

  it("reads UTF-16 BE with a BOM, and UTF-16 LE without one", async () => {
    const text = "Brand\tProduct name\nAcme\tRoad bike ö\n";
    expect(await readCatalogFile(utf16be(text))).toMatchObject({ ok: true, encoding: "utf-16be", bom: true, rows: [["Acme", "Road bike ö"]] });
    expect(await readCatalogFile(utf16le(text, false))).toMatchObject({ ok: true, encoding: "utf-16le", bom: false, rows: [["Acme", "Road bike ö"]] });
  });

  it("reads UTF-8 with a BOM (the BOM is no part of the first column's name)", async () => {
    const file = expectFile(await readCatalogFile(utf8("\uFEFFMarke;Produktname\nÖkoLand;Müsli „Classic“\n")));
    expect(file).toMatchObject({ encoding: "utf-8", bom: true, delimiter: ";", columns: ["Marke", "Produktname"], rows: [["ÖkoLand", "Müsli „Classic“"]] });
  });

  it("takes Excel's sep= line as the delimiter and counts rows after it", async () => {
    const file = expectFile(await readCatalogFile(utf8("sep=,\nBrand;Name,Product name\nA;B,Lamp; brass\n")));
    expect(file).toMatchObject({ delimiter: ",", columns: ["Brand;Name", "Product name"], rows: [["A;B", "Lamp; brass"]], headerRow: 2, rowNumbers: [3] });
  });

  it("keeps cells exactly: formula-looking text, spaces, stray quotes, and quotes after spaces", async () => {
    const text = ["Brand,Product name,Key features,Keywords", '=SUM(A1),+49 30 1234,-10 % off,@home', '"=HYPERLINK(""http://evil.example"")",  Lamp  ,12" pizza stone, "quoted, after a space"', '"",""""," a ""b"" c",x'].join("\n");
    const file = expectFile(await readCatalogFile(utf8(text)));
    expect(file.rows).toEqual([
      ["=SUM(A1)", "+49 30 1234", "-10 % off", "@home"],
      ['=HYPERLINK("http://evil.example")', "  Lamp  ", '12" pizza stone', "quoted, after a space"],
      ["", '"', ' a "b" c', "x"],
    ]);
  });

  it("skips empty rows and counts them (blank lines, lines of delimiters, lines of spaces); trailing ones are not rows", async () => {
    const text = "Brand,Product name\n\nAcme,Lamp\n,,\n   ,  \nAcme,Desk\n\n\n,\n";
    const file = expectFile(await readCatalogFile(utf8(text)));
    expect(file.rows).toEqual([
      ["Acme", "Lamp"],
      ["Acme", "Desk"],
    ]);
    expect(file).toMatchObject({ emptyRowsSkipped: 3, totalRows: 5, rowNumbers: [3, 6] });
  });

  it("finds the header below a title row, and after an Amazon flat file's two template rows", async () => {
    const titled = expectFile(await readCatalogFile(utf8("Katalog Holzwerk Stand März\n\nMarke;Produktname\nHolzwerk;Brett\n")));
    expect(titled).toMatchObject({ headerRow: 3, columns: ["Marke", "Produktname"], rowNumbers: [4] });
    const flat = ["TemplateType=fptcustom\tVersion=2025.0612\tTemplateSignature=S0lUQ0hFTg==", "SKU\tProduct Name\tBrand Name\tKey Product Features", "item_sku\titem_name\tbrand_name\tbullet_point1", "BB-1\tBamboo board\tBambusliebe\tJuice groove"].join("\n");
    const file = expectFile(await readCatalogFile(utf8(flat)));
    expect(file).toMatchObject({ headerRow: 3, columns: ["item_sku", "item_name", "brand_name", "bullet_point1"], rowNumbers: [4] });
    expect(proposeMapping(file.columns)).toMatchObject({ productName: 1, brand: 2, keyFeatures: 3 });
  });

  it("drops a trailing delimiter's nameless empty column and pads short rows", async () => {
    const file = expectFile(await readCatalogFile(utf8("Brand;Product name;Audience;\nAcme;Lamp;\nAcme;Desk;Students;\n")));
    expect(file.columns).toEqual(["Brand", "Product name", "Audience"]);
    expect(file.rows).toEqual([
      ["Acme", "Lamp", ""],
      ["Acme", "Desk", "Students"],
    ]);
  });

  it("collapses spaces and line breaks in header names", async () => {
    expect(await readCatalogFile(utf8('"Key\nfeatures"," Brand ",Product  name\nx,y,z\n'))).toMatchObject({ columns: ["Key features", "Brand", "Product name"] });
  });

  it("detects the delimiter from the rows that agree, not from commas inside German cells", () => {
    expect(detectDelimiter("Marke;Preis;Merkmale\nA;1,5;rot, blau, grün\nB;2,5;klein, leicht\n")).toBe(";");
    expect(detectDelimiter("Brand\tName\tFeatures\nA\tB\tx, y; z\n")).toBe("\t");
    expect(detectDelimiter('Brand,Name\nA,"x; y; z"\n')).toBe(",");
    expect(detectDelimiter("Brand\nAcme\n")).toBe(",");
  });
});

describe("readCatalogFile: limits and refusals", () => {
  const rowsOf = (count: number) => `Brand,Product name\n${Array.from({ length: count }, (_, i) => `Acme,Product ${i + 1}`).join("\n")}\n`;

  it("reads 5,000 rows and refuses 5,001 with the limit and the count (empty rows not counted)", async () => {
    expect(await readCatalogFile(utf8(rowsOf(maxCatalogRows) + "\n\n,\n"))).toMatchObject({ ok: true, totalRows: maxCatalogRows });
    expect(await readCatalogFile(utf8(rowsOf(maxCatalogRows + 1)))).toEqual({ ok: false, reason: "tooManyRows", limit: 5000, found: 5001 });
  });

  it("refuses a file over 10 MB before reading it, with the limit and the size", async () => {
    expect(await readCatalogFile(new Uint8Array(maxCatalogBytes + 1).fill(0x61))).toEqual({ ok: false, reason: "tooLarge", limit: 10 * 1024 * 1024, found: 10 * 1024 * 1024 + 1, what: "file" });
    expect(await readCatalogFile(new Uint8Array(maxCatalogBytes).fill(0x61))).not.toMatchObject({ reason: "tooLarge" });
  });

  it("refuses binary files: an image, random bytes without zeros, a damaged .xlsx", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]);
    expect(await readCatalogFile(png, "catalog.csv")).toEqual({ ok: false, reason: "binary" });
    const noise = new Uint8Array(4096).map((_, i) => 1 + ((i * 7919) % 255));
    expect(await readCatalogFile(noise)).toEqual({ ok: false, reason: "binary" });
    expect(await readCatalogFile(png, "catalog.xlsx")).toEqual({ ok: false, reason: "unreadableXlsx", detail: "notZip" });
  });

  it("names formats that are not catalogs: old .xls, PDF, an HTML table saved as .xls, XML", async () => {
    expect(await readCatalogFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), "katalog.xls")).toEqual({ ok: false, reason: "unsupportedFormat", detected: "xls" });
    expect(await readCatalogFile(utf8("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "pdf" });
    expect(await readCatalogFile(utf8("<html><body><table><tr><td>Brand</td></tr></table></body></html>"), "export.xls")).toEqual({ ok: false, reason: "unsupportedFormat", detected: "html" });
    expect(await readCatalogFile(utf8('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"/>'))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "xml" });
  });

  it("refuses encodings it does not read, naming them, and bytes their BOM's encoding cannot decode", async () => {
    expect(await readCatalogFile(new Uint8Array([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-32le" });
    expect(await readCatalogFile(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x41]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-32be" });
    expect(await readCatalogFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x42, 0x72, 0xe4, 0x6e, 0x64]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-8" });
    // A lone high surrogate in UTF-16.
    expect(await readCatalogFile(new Uint8Array([0xff, 0xfe, 0x41, 0, 0x00, 0xd8, 0x42, 0]))).toEqual({ ok: false, reason: "unsupportedEncoding", encoding: "utf-16le" });
  });

  it("refuses empty files, files of blank lines, and a header with no rows (naming its columns)", async () => {
    expect(await readCatalogFile(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
    expect(await readCatalogFile(utf8("\r\n \r\n;;;\r\n"))).toEqual({ ok: false, reason: "empty" });
    expect(await readCatalogFile(utf8("Brand,Product name\n\n"))).toEqual({ ok: false, reason: "empty", columns: ["Brand", "Product name"] });
  });

  it("refuses a file whose first row has no words as having no header", async () => {
    expect(await readCatalogFile(utf8("4006381333931;39,90\n4006381333948;12,00\n"))).toEqual({ ok: false, reason: "noHeader", row: 1 });
  });

  it("refuses a quoted cell that never closes, naming its row", async () => {
    expect(await readCatalogFile(utf8('Brand,Product name\nAcme,Lamp\nAcme,"Desk, oak\nAcme,Chair\n'))).toEqual({ ok: false, reason: "unclosedQuote", row: 3 });
  });

  it("leaves an .xlsx to the server's reader", async () => {
    expect(await readCatalogFile(fixture("seller-catalog.xlsx"), "seller-catalog.xlsx")).toEqual({ ok: false, reason: "needsXlsxReader" });
  });
});

describe("readCatalogUpload: XLSX through the workbook reader", () => {
  it("reads the first sheet of a workbook as displayed text: numbers, dates, booleans, formulas' saved results", async () => {
    const file = expectFile(await readCatalogUpload(fixture("seller-catalog.xlsx"), "seller-catalog.xlsx"));
    expect(file).toMatchObject({ format: "xlsx", encoding: "utf-8", headerRow: 3, rowNumbers: [4, 6, 8], emptyRowsSkipped: 2, totalRows: 5 });
    expect(file.delimiter).toBeUndefined();
    expect(file.columns).toEqual(["SKU", "Marke", "Produktname", "Produktart", "Merkmale", "Suchbegriffe", "Marktplatz", "Preis", "EAN", "Seit", "Aktiv", "Titel (Formel)"]);
    expect(file.rows).toEqual([
      ["BRT-01", "Holzwerk", "Schneidebrett aus Eiche, groß", "Schneidebrett", "Massive Eiche\nSaftrille rundum", "schneidebrett holz; küchenbrett, Schneidebrett Holz", "DE", "39.9", "4006381333931", "2026-03-01", "TRUE", "Holzwerk Schneidebrett aus Eiche, groß"],
      // Text that looks like a formula stays text; the spaces around "Holzwerk" stay.
      ["BRT-02", "  Holzwerk ", "=SUM(A1)", "Servierbrett", "-10 % Rabatt", "@home", "amazon.fr", "0.3", "123", "2026-03-01 14:30", "FALSE", "2"],
      ["BRT-03", "Holzwerk", "Frühstücksbrettchen 4er-Set", "", "", "", "", "12", "", "", "", ""],
    ]);
  });

  it("maps, checks and converts the workbook's rows", async () => {
    const file = expectFile(await readCatalogUpload(fixture("seller-catalog.xlsx")));
    const mapping = proposeMapping(file.columns);
    expect(mapping).toEqual({ brand: 1, productName: 2, productType: 3, keyFeatures: 4, targetAudience: null, keywords: 5, marketplace: 6 });
    expect(validateMapping(mapping, file.columns)).toEqual({ ok: true, mapping });
    const { rows, problems } = toCatalogRows(file, mapping, { marketplace: "amazon.de" });
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.index, row.facts.brand, row.facts.productName, row.marketplace])).toEqual([
      [4, "Holzwerk", "Schneidebrett aus Eiche, groß", "amazon.de"],
      [6, "Holzwerk", "=SUM(A1)", "amazon.fr"],
      [8, "Holzwerk", "Frühstücksbrettchen 4er-Set", "amazon.de"],
    ]);
    expect(rows[0]!.keywords).toEqual([
      { phrase: "schneidebrett holz", volume: null },
      { phrase: "küchenbrett", volume: null },
    ]);
    expect(rows[0]!.facts.keyFeatures).toBe("Massive Eiche\nSaftrille rundum");
  });

  it("reads a workbook of inline strings, and refuses one of 5,001 rows", async () => {
    const header = ["Brand", "Product name", "Product type", "Key features", "Audience", "Keywords", "Marketplace", "SKU"];
    const small = expectFile(await readCatalogXlsx(xlsx([header, ["Acme", "=cmd|' /C calc'!A0", "", "", "", "", "", "1"]])));
    expect(small.rows).toEqual([["Acme", "=cmd|' /C calc'!A0", "", "", "", "", "", "1"]]);
    const rows = Array.from({ length: maxCatalogRows + 1 }, (_, i) => ["Acme", `Product ${i + 1}`, "Lamp", "Brass", "Readers", "lamp", "amazon.de", `SKU-${i}`]);
    expect(await readCatalogXlsx(xlsx([header, ...rows]))).toEqual({ ok: false, reason: "tooManyRows", limit: 5000, found: 5001 });
  });

  it("refuses ZIP archives that are no workbook, damaged workbooks, and ZIP bombs before unpacking", async () => {
    expect(await readCatalogUpload(zip({ mimetype: "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<office:document-content/>" }), "katalog.ods")).toEqual({ ok: false, reason: "unsupportedFormat", detected: "ods" });
    expect(await readCatalogUpload(zip({ "Index/Document.iwa": "x", "Metadata/Properties.plist": "x" }), "katalog.numbers")).toEqual({ ok: false, reason: "unsupportedFormat", detected: "numbers" });
    expect(await readCatalogUpload(zip({ "readme.txt": "hello" }))).toEqual({ ok: false, reason: "unsupportedFormat", detected: "zip" });
    const bytes = fixture("seller-catalog.xlsx");
    expect(await readCatalogUpload(bytes.subarray(0, bytes.length - 200))).toEqual({ ok: false, reason: "unreadableXlsx", detail: "notZip" });
    const noSheet = zip({ "xl/workbook.xml": '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>' });
    expect(await readCatalogUpload(noSheet)).toMatchObject({ ok: false, reason: "unreadableXlsx" });
    const bomb = zip({ "xl/workbook.xml": "<workbook/>", "xl/worksheets/sheet1.xml": "<worksheet/>" }, { name: "xl/worksheets/sheet1.xml", size: 4_000_000_000 });
    expect(await readCatalogUpload(bomb)).toEqual({ ok: false, reason: "tooLarge", limit: maxXlsxUncompressedBytes, found: 4_000_000_000 + "<workbook/>".length, what: "uncompressed" });
  });

  it("refuses a workbook whose parts unpack to more than its directory says (a ZIP bomb that lies), before its sheet is read", async () => {
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${"<row/>".repeat(10_000)}</sheetData></worksheet>`;
    const lying = zip({ "xl/workbook.xml": "<workbook/>", "xl/worksheets/sheet1.xml": sheet }, { name: "xl/worksheets/sheet1.xml", size: 100 });
    expect(await readCatalogUpload(lying)).toEqual({ ok: false, reason: "unreadableXlsx", detail: "damaged" });
  });

  it("refuses a sheet whose values span more cells than it would be sane to build (one value in XFD1048576)", async () => {
    const far = workbook(`<row r="1">${textCell("A1", "Brand")}${textCell("B1", "Product name")}</row><row r="1048576">${textCell("XFD1048576", "x")}</row>`);
    expect(await readCatalogUpload(far)).toEqual({ ok: false, reason: "tooManyRows", limit: 5000, found: 1048575 });
    const wide = workbook(`<row r="1">${textCell("A1", "Brand")}${textCell("XFD1", "Product name")}</row><row r="200">${textCell("A200", "Acme")}</row>`);
    expect(await readCatalogUpload(wide)).toEqual({ ok: false, reason: "unreadableXlsx", detail: "tooManyColumns" });
    // Empty formatted cells far away (<c r="…" s="1"/>) hold no value and do not count.
    const formatted = workbook(`<row r="1">${textCell("A1", "Brand")}${textCell("B1", "Product name")}</row><row r="2">${textCell("A2", "Acme")}${textCell("B2", "Lamp")}</row><row r="1048576"><c r="XFD1048576" s="1"/></row>`);
    expect(await readCatalogUpload(formatted)).toMatchObject({ ok: true, rows: [["Acme", "Lamp"]] });
  });

  it("names a password-protected workbook", async () => {
    const ole = new Uint8Array(2048);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set(Buffer.from("EncryptedPackage", "utf16le"), 1024);
    expect(await readCatalogFile(ole, "katalog.xlsx")).toEqual({ ok: false, reason: "unsupportedFormat", detected: "encryptedXlsx" });
  });

  it("lists a ZIP's entries from its central directory", () => {
    expect(zipEntries(zip({ "a.txt": "hello", "ü/b.xml": "<b/>" }))).toMatchObject([
      { name: "a.txt", uncompressedSize: 5, method: 8, localOffset: 0 },
      { name: "ü/b.xml", uncompressedSize: 4, method: 8 },
    ]);
    expect(zipEntries(utf8("not a zip"))).toBeNull();
  });

  it("reads CSV uploads through the text reader", async () => {
    expect(await readCatalogUpload(utf8(sellerCentralCsv), "catalog.csv")).toMatchObject({ ok: true, format: "csv", totalRows: 2 });
  });
});

describe("proposeMapping", () => {
  it("maps English (Seller Central-style) headers", () => {
    expect(proposeMapping(["SKU", "Brand Name", "Item Name", "Product Type", "Bullet Points", "Target Audience", "Generic Keywords", "Marketplace"])).toEqual({
      brand: 1,
      productName: 2,
      productType: 3,
      keyFeatures: 4,
      targetAudience: 5,
      keywords: 6,
      marketplace: 7,
    });
    expect(proposeMapping(["Title", "Brand", "Category", "Features", "Audience", "Search terms", "Store"])).toEqual({ productName: 0, brand: 1, productType: 2, keyFeatures: 3, targetAudience: 4, keywords: 5, marketplace: 6 });
  });

  it("maps German headers, compounds and umlauts included", () => {
    expect(proposeMapping(["Artikelnummer", "Marke", "Produktname", "Produktart", "Produktmerkmale", "Zielgruppe", "Suchbegriffe", "Marktplatz"])).toEqual({ brand: 1, productName: 2, productType: 3, keyFeatures: 4, targetAudience: 5, keywords: 6, marketplace: 7 });
    expect(proposeMapping(["Hersteller", "Artikelbezeichnung", "Kategorie", "Eigenschaften", "Schlüsselwörter", "Land"])).toMatchObject({ brand: 0, productName: 1, productType: 2, keyFeatures: 3, keywords: 4, marketplace: 5 });
    expect(proposeMapping(["Bezeichnung", "Markenname", "Hauptsuchbegriffe"])).toMatchObject({ productName: 0, brand: 1, keywords: 2 });
  });

  it("maps French headers", () => {
    expect(proposeMapping(["Marque", "Nom du produit", "Catégorie", "Caractéristiques", "Public cible", "Mots-clés", "Pays"])).toEqual({ brand: 0, productName: 1, productType: 2, keyFeatures: 3, targetAudience: 4, keywords: 5, marketplace: 6 });
  });

  it("maps Spanish headers", () => {
    expect(proposeMapping(["Marca", "Nombre del producto", "Tipo de producto", "Características", "Público objetivo", "Palabras clave", "País"])).toEqual({ brand: 0, productName: 1, productType: 2, keyFeatures: 3, targetAudience: 4, keywords: 5, marketplace: 6 });
  });

  it("maps an Amazon flat file's attribute names", () => {
    expect(proposeMapping(["feed_product_type", "item_sku", "brand_name", "item_name", "bullet_point1", "bullet_point2", "generic_keywords", "target_audience_base"])).toEqual({
      productType: 0,
      brand: 2,
      productName: 3,
      keyFeatures: 4,
      keywords: 6,
      targetAudience: 7,
      marketplace: null,
    });
  });

  it("prefers the exact name, uses each column once, and ignores look-alikes", () => {
    // Brand beats Manufacturer; "Item type keyword" is a product type, not the keywords.
    expect(proposeMapping(["Manufacturer", "Brand", "Item type keyword", "Keywords", "Product title (DE)"])).toMatchObject({ brand: 1, productType: 2, keywords: 3, productName: 4 });
    // A country of origin is no store; a product description stands in for features only when nothing better is there.
    expect(proposeMapping(["Country of origin", "Product description", "Bullet points"])).toMatchObject({ marketplace: null, keyFeatures: 2 });
    expect(proposeMapping(["Brand", "Name", "Description"])).toMatchObject({ brand: 0, productName: 1, keyFeatures: 2 });
    expect(proposeMapping(["ASIN", "Price", "Image name", "Stock", ""])).toEqual({ brand: null, productName: null, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null });
  });
});

describe("validateMapping and catalogMappingSchema", () => {
  const columns = ["Brand", "Product name", "Keywords"];

  it("accepts a mapping with brand and product name in distinct columns", () => {
    const mapping = proposeMapping(columns);
    expect(validateMapping(mapping, columns)).toEqual({ ok: true, mapping });
  });

  it("names the missing required columns", () => {
    expect(validateMapping(proposeMapping(["Brand", "Keywords"]), ["Brand", "Keywords"])).toEqual({ ok: false, missing: ["productName"], duplicates: [], outOfRange: [] });
    expect(validateMapping(proposeMapping(["SKU", "Price"]), ["SKU", "Price"])).toMatchObject({ ok: false, missing: ["brand", "productName"] });
  });

  it("refuses a column mapped twice, and a column the file does not have", () => {
    const twice: CatalogMapping = { brand: 0, productName: 0, productType: null, keyFeatures: null, targetAudience: null, keywords: 2, marketplace: 5 };
    expect(validateMapping(twice, columns)).toEqual({ ok: false, missing: [], duplicates: [{ column: 0, fields: ["brand", "productName"] }], outOfRange: ["marketplace"] });
  });

  it("parses a request body: optional fields default to no column, anything but a column index refused", () => {
    expect(catalogMappingSchema.parse({ brand: 0, productName: 1 })).toEqual({ brand: 0, productName: 1, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null });
    expect(catalogMappingSchema.safeParse({ brand: -1, productName: 1 }).success).toBe(false);
    expect(catalogMappingSchema.safeParse({ brand: "0", productName: 1 }).success).toBe(false);
    expect(catalogMappingSchema.safeParse({ brand: 0.5, productName: 1 }).success).toBe(false);
    expect(catalogMappingSchema.safeParse({ productName: 1 }).success).toBe(false);
  });
});

describe("resolveMarketplace", () => {
  it("accepts a store's domain, its end, the country code and the country's name", () => {
    for (const cell of ["amazon.de", "de", "DE", "Germany", "www.amazon.de", "https://www.amazon.de/", "Amazon.de", "Amazon DE", "Deutschland", "Allemagne", "Alemania", "A1PA6795UKMFR9", " de "]) expect(resolveMarketplace(cell), cell).toBe("amazon.de");
    for (const cell of ["UK", "GB", "co.uk", "amazon.co.uk", "United Kingdom", "Royaume-Uni"]) expect(resolveMarketplace(cell), cell).toBe("amazon.co.uk");
    expect(resolveMarketplace("US")).toBe("amazon.com");
    expect(resolveMarketplace("com")).toBe("amazon.com");
    expect(resolveMarketplace("México")).toBe("amazon.com.mx");
    expect(resolveMarketplace("Japan")).toBe("amazon.co.jp");
    expect(resolveMarketplace("amazon.com.be")).toBe("amazon.com.be");
  });

  it("names no store for other values", () => {
    for (const cell of ["", "amazon", "ebay.de", "Mars", "amazon.moon", "Switzerland", "DE, FR"]) expect(resolveMarketplace(cell), cell).toBeNull();
  });
});

describe("toCatalogRows", () => {
  const columns = ["Brand", "Product name", "Product type", "Key features", "Audience", "Keywords", "Marketplace"];
  const mapping = proposeMapping(columns);
  const fileOf = (rows: string[][]): Pick<CatalogFile, "rows" | "rowNumbers"> => ({ rows, rowNumbers: rows.map((_, i) => i + 2) });

  it("builds valid listing facts (trimmed, spaces collapsed, feature lines kept) with keywords and a store", () => {
    const { rows, problems } = toCatalogRows(fileOf([["  Acme ", " Desk   lamp\r\n brass ", "Lamp", "  Dimmable \r\n\r\n Brass arm  ", "Readers", "desk lamp; Desk Lamp, reading lamp|brass lamp\nled", "www.amazon.de"]]), mapping, { marketplace: "amazon.com" });
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        index: 2,
        facts: { brand: "Acme", productName: "Desk lamp brass", productType: "Lamp", keyFeatures: "Dimmable\nBrass arm", targetAudience: "Readers", wordsToAvoid: "", tone: "Professional" },
        keywords: ["desk lamp", "reading lamp", "brass lamp", "led"].map((phrase) => ({ phrase, volume: null })),
        marketplace: "amazon.de",
      },
    ]);
    expect(listingFactsSchema.parse(rows[0]!.facts)).toEqual(rows[0]!.facts);
    expect(keywordListSchema.parse(rows[0]!.keywords)).toHaveLength(4);
  });

  it("uses the default store for an empty cell or no marketplace column, and reports an unknown store", () => {
    const { rows, problems } = toCatalogRows(
      fileOf([
        ["Acme", "Lamp", "", "", "", "", ""],
        ["Acme", "Desk", "", "", "", "", "Germany"],
        ["Acme", "Chair", "", "", "", "", "amazon.moon"],
      ]),
      mapping,
      { marketplace: "amazon.fr" },
    );
    expect(rows.map((row) => [row.index, row.marketplace])).toEqual([
      [2, "amazon.fr"],
      [3, "amazon.de"],
    ]);
    expect(problems).toEqual([{ row: 4, field: "marketplace", code: "unknownMarketplace", skipped: true, value: "amazon.moon" }]);
    const noColumn = toCatalogRows(fileOf([["Acme", "Lamp", "", "", "", "", "Mars"]]), { ...mapping, marketplace: null }, { marketplace: "amazon.co.uk" });
    expect(noColumn.rows[0]!.marketplace).toBe("amazon.co.uk");
  });

  it("reports a row without brand or product name instead of dropping it silently", () => {
    const { rows, problems } = toCatalogRows(
      fileOf([
        ["", "Lamp", "", "", "", "", ""],
        ["Acme", "   ", "", "", "", "", "Narnia"],
        ["Acme", "Desk", "", "", "", "", ""],
      ]),
      mapping,
      { marketplace: "amazon.de" },
    );
    expect(rows.map((row) => row.index)).toEqual([4]);
    expect(problems).toEqual([
      { row: 2, field: "brand", code: "missing", skipped: true },
      { row: 3, field: "productName", code: "missing", skipped: true },
      { row: 3, field: "marketplace", code: "unknownMarketplace", skipped: true, value: "Narnia" },
    ]);
  });

  it("cuts texts over the listing limits at a word, and notes it", () => {
    const longName = `${"Solid oak cutting board ".repeat(10)}end`;
    const features = Array.from({ length: 120 }, (_, i) => `Feature number ${i + 1}`).join("\n");
    const { rows, problems } = toCatalogRows(fileOf([["B".repeat(150), longName, "", features, "", "", ""]]), mapping, { marketplace: "amazon.de" });
    const facts = rows[0]!.facts;
    expect(facts.brand).toBe("B".repeat(factLimits.brand));
    expect(facts.productName.length).toBeLessThanOrEqual(factLimits.productName);
    // 200 characters end inside "Solid oak": the cut goes back to the word before.
    expect(facts.productName).toBe(longName.slice(0, 197));
    expect(facts.productName).toMatch(/board Solid$/);
    expect(facts.keyFeatures.length).toBeLessThanOrEqual(factLimits.keyFeatures);
    expect(problems).toEqual([
      { row: 2, field: "brand", code: "tooLong", skipped: false, limit: 100 },
      { row: 2, field: "productName", code: "tooLong", skipped: false, limit: 200 },
      { row: 2, field: "keyFeatures", code: "tooLong", skipped: false, limit: 2000 },
    ]);
  });

  it("splits keyword cells on ; , | and line breaks, dedupes, and leaves out phrases over 200 characters", () => {
    expect(splitKeywordCell("yoga mat; Yoga  Mat,  non slip yoga mat | tapis de yoga\r\nyoga mat thick；ヨガマット、ヨガマット")).toEqual({
      phrases: ["yoga mat", "non slip yoga mat", "tapis de yoga", "yoga mat thick", "ヨガマット"],
      tooLong: 0,
    });
    const { rows, problems } = toCatalogRows(fileOf([["Acme", "Mat", "", "", "", `yoga mat;${"x".repeat(201)}`, ""]]), mapping, { marketplace: "amazon.com" });
    expect(rows[0]!.keywords).toEqual([{ phrase: "yoga mat", volume: null }]);
    expect(problems).toEqual([{ row: 2, field: "keywords", code: "keywordTooLong", skipped: false, count: 1, limit: 200 }]);
  });

  it("refuses an unknown default store (a programming error)", () => {
    expect(() => toCatalogRows(fileOf([]), mapping, { marketplace: "amazon.moon" })).toThrow(/amazon\.moon/);
  });
});

describe("exported CSV read back as a catalog", () => {
  it("round-trips a catalog row through an export and back without a formula", async () => {
    const row = ["=SUM(A1)", "@home", "-10 %", "Multi\nline"];
    const exported = `${["Brand", "Product name", "Keywords", "Key features"].map(csvField).join(",")}\r\n${row.map(csvField).join(",")}\r\n`;
    const file = expectFile(await readCatalogText(exported));
    expect(file.rows[0]).toEqual(["'=SUM(A1)", "'@home", "'-10 %", "Multi\nline"]);
  });
});

describe("columnLetter", () => {
  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });
});

describe("speed (printed, not asserted)", () => {
  it("parses 5,000 rows × 8 columns", async () => {
    const header = ["SKU", "Brand", "Product name", "Product type", "Key features", "Audience", "Keywords", "Marketplace"];
    const rows = Array.from({ length: maxCatalogRows }, (_, i) => [
      `SKU-${i}`,
      "Holzwerk",
      `Schneidebrett aus Eiche, groß, Modell ${i}`,
      "Schneidebrett",
      "Massive Eiche aus nachhaltiger Forstwirtschaft\nSaftrille rundum, fasst bis zu 200 ml\nBeidseitig nutzbar, mit Griffmulden\nGeölt mit lebensmittelechtem Leinöl\nHandgefertigt in Deutschland",
      "Hobbyköche, die Holz lieben",
      "schneidebrett holz; küchenbrett eiche; holzbrett groß; schneidebrett mit saftrille; servierbrett",
      i % 2 ? "DE" : "amazon.fr",
    ]);
    const csv = [header, ...rows].map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")).join("\r\n");
    const bytes = utf8(csv);
    const workbookBytes = xlsx([header, ...rows]);
    /** The first run's time (cold: nothing compiled yet) and the best of three. */
    const time = async <T>(run: () => T | Promise<T>): Promise<{ result: T; cold: number; best: number }> => {
      const times: number[] = [];
      let result!: T;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        result = await run();
        times.push(performance.now() - start);
      }
      return { result, cold: times[0]!, best: Math.min(...times) };
    };
    const read = await time(async () => expectFile(await readCatalogFile(bytes)));
    const convert = await time(() => toCatalogRows(read.result, proposeMapping(read.result.columns), { marketplace: "amazon.de" }));
    const fromXlsx = await time(async () => expectFile(await readCatalogXlsx(workbookBytes)));
    expect(read.result.rows).toHaveLength(maxCatalogRows);
    expect(convert.result.rows).toHaveLength(maxCatalogRows);
    expect(fromXlsx.result.rows).toEqual(read.result.rows);
    const ms = ({ cold, best }: { cold: number; best: number }) => `${cold.toFixed(0)} ms cold, ${best.toFixed(0)} ms best of 3`;
    process.stdout.write(
      `[catalog speed] 5,000 rows × 8 columns: CSV (${(bytes.length / 1024 / 1024).toFixed(1)} MB) read ${ms(read)}; toCatalogRows ${ms(convert)}; ` + `XLSX (${(workbookBytes.length / 1024).toFixed(0)} KB) read ${ms(fromXlsx)}\n`,
    );
  });
});
