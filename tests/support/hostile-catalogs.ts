// Hostile catalog uploads (issue 30), built in code for the unit tests, the HTTP check and the bench: workbooks
// whose sheet XML spells cell references every way XML allows, archives whose local headers disagree with
// their central directory, ZIP bombs, and CSV files that are all line feeds or all header.
import { constants, crc32, deflateRawSync } from "node:zlib";
import { deflateSync } from "fflate";

export interface ZipPart {
  name: string;
  data: string | Uint8Array;
  /** The packed bytes as given (with `size` the unpacked size): for deflate streams made apart, e.g. a bomb. */
  packed?: { bytes: Uint8Array; size: number };
  /** Written as a local entry only: the central directory does not list it. */
  unlisted?: boolean;
  /** What the central directory says, where it lies. */
  listedName?: string;
  listedSize?: number;
  /** The unpacked size both headers claim (a bomb that lies consistently). */
  claimedSize?: number;
}

/** A ZIP archive (deflated entries, UTF-8 names) whose directory may disagree with its local entries as the parts say. */
export function zipArchive(parts: ZipPart[]): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = typeof part.data === "string" ? new TextEncoder().encode(part.data) : part.data;
    const packed = part.packed?.bytes ?? deflateSync(data, { level: 6 });
    const size = part.claimedSize ?? part.packed?.size ?? data.length;
    const name = Buffer.from(part.name, "utf8");
    const crc = part.packed ? 0 : crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, { crc, packedSize: packed.length, size, nameLength: name.length });
    if (!part.unlisted) {
      const listedName = Buffer.from(part.listedName ?? part.name, "utf8");
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      writeEntryFields(central, 6, { crc, packedSize: packed.length, size: part.listedSize ?? size, nameLength: listedName.length });
      central.writeUInt32LE(offset, 42);
      centrals.push(central, listedName);
    }
    locals.push(local, name, packed);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const listed = parts.filter((part) => !part.unlisted).length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The fields a local header (from byte 4) and a central directory entry (from byte 6) share: version needed, UTF-8 names, deflate, CRC-32, sizes and the name's length. */
function writeEntryFields(header: Buffer, at: number, { crc, packedSize, size, nameLength }: { crc: number; packedSize: number; size: number; nameLength: number }): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(crc, at + 10);
  header.writeUInt32LE(packedSize, at + 14);
  header.writeUInt32LE(Math.min(size, 0xfffffffe), at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** `megabytes` MB of zero bytes as a raw deflate stream of about 1 KB a MB, made without holding them. */
export function zeroBomb(megabytes: number): { bytes: Uint8Array; size: number } {
  // A full flush ends each block on a byte and resets the window: the same block may follow itself.
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // 0x03 0x00: an empty final block.
  return { bytes: new Uint8Array(Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])])), size: megabytes * 1024 * 1024 };
}

const sheetXml = (sheetData: string, namespaces = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"') => `<?xml version="1.0" encoding="UTF-8"?><worksheet ${namespaces}><sheetData>${sheetData}</sheetData></worksheet>`;

/** The parts of the smallest workbook Excel opens, its one sheet's XML given. */
export function workbookParts(sheet: string): ZipPart[] {
  return [
    { name: "[Content_Types].xml", data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>` },
    { name: "_rels/.rels", data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: "xl/workbook.xml", data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Katalog" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: "xl/_rels/workbook.xml.rels", data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: "xl/worksheets/sheet1.xml", data: sheet },
  ];
}

const text = (value: string) => `<is><t>${value}</t></is>`;
/** A header row (Brand, Product name) and one product, as the start of every hostile sheet. */
const catalogStart = `<row r="1"><c r="A1" t="inlineStr">${text("Brand")}</c><c r="B1" t="inlineStr">${text("Product name")}</c></row><row r="2"><c r="A2" t="inlineStr">${text("Acme")}</c><c r="B2" t="inlineStr">${text("Lamp")}</c></row>`;

/** A workbook whose sheet XML is the header, one product, then `rest` (rows as XML). */
export const hostileWorkbook = (rest: string, namespaces?: string): Uint8Array<ArrayBuffer> => zipArchive(workbookParts(sheetXml(catalogStart + rest, namespaces)));

/** Rows 3…`count + 2`, each the XML `row(n)` gives for row number n. */
const rowsOf = (count: number, row: (n: number) => string) => Array.from({ length: count }, (_, i) => row(i + 3)).join("");

export interface HostileUpload {
  name: string;
  fileName: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Every hostile upload, each refused (or read) without building more than the limits or stalling the server. */
export function hostileUploads(): HostileUpload[] {
  const xlsx = (name: string, bytes: Uint8Array<ArrayBuffer>): HostileUpload => ({ name, fileName: `${name}.xlsx`, bytes });
  const lineFeeds = Buffer.alloc(10 * 1024 * 1024 - 16, 10);
  lineFeeds.write("Brand,Product\nA,B\n");
  lineFeeds.write("A,C\n", lineFeeds.length - 4);
  const wideHeader = `${Array.from({ length: 200_000 }, (_, i) => `Column ${i + 1}`).join(",")}\nAcme,Lamp\n`;
  return [
    xlsx("row-99999999", hostileWorkbook(`<row r="99999999"><c r="A99999999" t="inlineStr">${text("far")}</c></row>`)),
    xlsx("single-quoted-xfd", hostileWorkbook(rowsOf(3000, (n) => `<row r='${n}'><c r='XFD${n}' t='inlineStr'>${text("x")}</c></row>`))),
    xlsx("entity-references", hostileWorkbook(rowsOf(3000, (n) => `<row r="${n}"><c r="&#88;&#x46;&#68;${n}" t="inlineStr">${text("x")}</c></row>`))),
    xlsx("spaced-prefixed", hostileWorkbook(rowsOf(3000, (n) => `<x:row r = "${n}" ><x:c r = 'XFD${n}' t = "inlineStr"><x:is><x:t>x</x:t></x:is></x:c></x:row>`), 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"')),
    xlsx("cells-without-r", hostileWorkbook(`<row>${"<c><v>1</v></c>".repeat(16_000)}</row><row r="200">${"<c><v>1</v></c>".repeat(16_000)}</row>`)),
    xlsx("unlisted-bomb", zipArchive([...workbookParts(sheetXml(catalogStart)), { name: "xl/worksheets/sheet1.xml", data: "", packed: zeroBomb(150), unlisted: true }])),
    xlsx("lying-bomb", zipArchive([...workbookParts(sheetXml(catalogStart)).slice(0, 4), { name: "xl/worksheets/sheet1.xml", data: "", packed: zeroBomb(150), claimedSize: 1024 * 1024 }])),
    { name: "line-feeds", fileName: "line-feeds.csv", bytes: new Uint8Array(lineFeeds) },
    { name: "200000-columns", fileName: "wide.csv", bytes: new TextEncoder().encode(wideHeader) },
  ];
}
