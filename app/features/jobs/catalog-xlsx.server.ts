// A catalog in an Excel workbook (.xlsx), read on the server into the shape the CSV reader gives
// (catalog-import/records.ts): the first sheet only, every cell as the text a seller sees, formulas never run (a formula
// cell gives the value Excel saved with it). Our own reader (docs/decisions/029): the archive unpacked from its
// central directory with the limits applied while inflating, the parts read by saxes in slices that let other
// requests run, and a sheet refused the moment its values span more than the limits. readCatalogUpload is the
// one entry for any uploaded file.
import { workSlices } from "#app/lib/work-slices.ts";
import { detectCatalogFormat, maxCatalogBytes, maxCatalogRows, type CatalogRefusal, type CatalogResult } from "./catalog-import/catalog-file.ts";
import { readCatalogFile } from "./catalog-import/read-text.server.ts";
import { CatalogRecords } from "./catalog-import/records.ts";
import { readSheetRows } from "./xlsx/sheet-rows.server.ts";
import { readDateStyles, readRelationships, readSharedStrings, readWorkbook } from "./xlsx/workbook-xml.server.ts";
import { checkZipEntries, readZipDirectory, unpackZipEntry, type ZipEntry } from "./xlsx/zip-archive.server.ts";

export { zipEntries, type ZipEntry } from "./xlsx/zip-archive.server.ts";

/**
 * Most an .xlsx may unpack to. 5,000 rows of long listing text come to some tens of MB of XML; a 10 MB file
 * that unpacks to more is a ZIP bomb or not a catalog, and is refused before anything is unpacked.
 */
export const maxXlsxUncompressedBytes = 100 * 1024 * 1024;

/**
 * Most cells the first sheet may span (last row with a value × last column with a value): one value in
 * XFD1048576 would span 17 billion. 3 million is 5,000 rows of an Amazon flat file's 300 columns with room to spare.
 */
export const maxXlsxCells = 3_000_000;

const damaged = (detail = "damaged"): CatalogRefusal => ({ ok: false, reason: "unreadableXlsx", detail });

/** An .xlsx file's first sheet as a catalog. */
export async function readCatalogXlsx(bytes: Uint8Array): Promise<CatalogResult> {
  if (bytes.length > maxCatalogBytes) return { ok: false, reason: "tooLarge", limit: maxCatalogBytes, found: bytes.length, what: "file" };
  const directory = readZipDirectory(bytes);
  if (!directory) return damaged("notZip");
  const entries = new Map(directory.entries.map((entry) => [entry.name, entry]));
  if (!entries.has("xl/workbook.xml")) {
    if (entries.has("content.xml") && entries.has("mimetype")) return { ok: false, reason: "unsupportedFormat", detected: "ods" };
    if ([...entries.keys()].some((name) => name.startsWith("Index/"))) return { ok: false, reason: "unsupportedFormat", detected: "numbers" };
    return { ok: false, reason: "unsupportedFormat", detected: "zip" };
  }
  const unpacked = directory.entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > maxXlsxUncompressedBytes) return { ok: false, reason: "tooLarge", limit: maxXlsxUncompressedBytes, found: unpacked, what: "uncompressed" };
  // Every listed entry's local header must say what the directory says: what is checked is what is unpacked.
  const problem = checkZipEntries(bytes, directory);
  if (problem) return damaged(problem);

  const slices = workSlices();
  let unpackedSoFar = 0;
  /** A part's bytes, or null if the archive has no such part; throws "damaged" for one that does not unpack to its listed size. */
  const part = async (name: string): Promise<Uint8Array | null> => {
    const entry: ZipEntry | undefined = entries.get(name);
    if (!entry) return null;
    unpackedSoFar += entry.uncompressedSize;
    if (unpackedSoFar > maxXlsxUncompressedBytes) throw damaged();
    const content = await unpackZipEntry(bytes, entry);
    if (!content) throw damaged();
    return content;
  };

  try {
    const { firstSheetId, date1904 } = await readWorkbook((await part("xl/workbook.xml"))!, slices);
    const relationshipsPart = await part("xl/_rels/workbook.xml.rels");
    const relationships = relationshipsPart ? await readRelationships(relationshipsPart, "xl", slices) : new Map<string, { target: string; type: string }>();
    const byType = (type: string) => [...relationships.values()].find((relationship) => relationship.type.endsWith(`/${type}`))?.target;
    const sheetPath = firstSheetId === null ? undefined : relationships.get(firstSheetId)?.target;
    if (!sheetPath || !entries.has(sheetPath)) return damaged("noSheet");

    const stylesPart = await part(byType("styles") ?? "xl/styles.xml");
    const dateStyles = stylesPart ? await readDateStyles(stylesPart, slices) : new Set<number>();
    const stringsPart = await part(byType("sharedStrings") ?? "xl/sharedStrings.xml");
    const sharedStrings = stringsPart ? await readSharedStrings(stringsPart, slices) : [];

    const catalog = new CatalogRecords();
    const refusal = await readSheetRows((await part(sheetPath))!, { sharedStrings, dateStyles, date1904, maxCells: maxXlsxCells, maxRows: maxCatalogRows }, catalog, slices);
    if (refusal) return refusal;
    return await catalog.finish({ format: "xlsx", encoding: "utf-8", bom: false }, slices);
  } catch (error) {
    if (error && typeof error === "object" && "reason" in error) return error as CatalogRefusal;
    // XML that is not well-formed (saxes names the fault), or text that is not UTF-8.
    return damaged();
  }
}

/** Any uploaded catalog: an .xlsx through the workbook reader, CSV or TSV through the text reader. */
export async function readCatalogUpload(bytes: Uint8Array, fileName?: string): Promise<CatalogResult> {
  return detectCatalogFormat(bytes) === "xlsx" ? readCatalogXlsx(bytes) : readCatalogFile(bytes, fileName);
}
