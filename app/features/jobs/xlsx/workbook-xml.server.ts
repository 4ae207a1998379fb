// The XML parts of a workbook read the way an XML parser reads them (saxes): any quoting, entity or character
// reference, namespace prefix or whitespace means what XML says it means, so a cell's position is the one its
// parsed `r` gives (or the cell after the previous one), never what a regex guessed. Every part is read in
// 64 KB chunks with a turn of the event loop every ~10 ms (issue 30).
import { SaxesParser } from "saxes";
import type { WorkSlices } from "#app/lib/work-slices.ts";

const chunkBytes = 16 * 1024;

export interface XmlHandlers {
  /** An element opened: its local name (prefix dropped) and its attributes by qualified name. */
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Reads an XML part (UTF-8, or UTF-16 with a byte order mark) into the handlers, chunk by chunk; stops early once
 * `stopped()` says so. Throws on XML that is not well-formed (saxes expands no entity a DTD defines).
 */
export async function readXml(bytes: Uint8Array, handlers: XmlHandlers, slices: WorkSlices, stopped: () => boolean = () => false): Promise<void> {
  const parser = new SaxesParser({ position: false });
  const { open, close, text } = handlers;
  if (open) parser.on("opentag", (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  if (close) parser.on("closetag", (tag) => close(localName(tag.name)));
  if (text) {
    parser.on("text", text);
    parser.on("cdata", text);
  }
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : "utf-8";
  const decoder = new TextDecoder(encoding, { fatal: true });
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    parser.write(decoder.decode(bytes.subarray(offset, offset + chunkBytes), { stream: true }));
    if (stopped()) return;
    if (slices.due()) await slices.pause();
  }
  parser.write(decoder.decode());
  if (!stopped()) parser.close();
}

/** An attribute by its local name, with or without a prefix (`r:id`), the unprefixed one first. */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}

/** The workbook part: its first sheet's relationship id, and whether dates count from 1904 (old Mac workbooks). */
export async function readWorkbook(bytes: Uint8Array, slices: WorkSlices): Promise<{ firstSheetId: string | null; date1904: boolean }> {
  let firstSheetId: string | null | undefined;
  let date1904 = false;
  await readXml(
    bytes,
    {
      open(name, attributes) {
        if (name === "workbookPr") date1904 = ["1", "true"].includes(attribute(attributes, "date1904")?.trim() ?? "");
        // The relationship id is the namespaced id (r:id), whatever its prefix.
        if (name === "sheet" && firstSheetId === undefined) firstSheetId = Object.entries(attributes).find(([key]) => key.includes(":") && localName(key) === "id")?.[1] ?? null;
      },
    },
    slices,
  );
  return { firstSheetId: firstSheetId ?? null, date1904 };
}

/** A relationships part: each Id's target as a path in the archive, resolved against `base` (the part's folder). */
export async function readRelationships(bytes: Uint8Array, base: string, slices: WorkSlices): Promise<Map<string, { target: string; type: string }>> {
  const relationships = new Map<string, { target: string; type: string }>();
  await readXml(
    bytes,
    {
      open(name, attributes) {
        if (name !== "Relationship") return;
        const id = attribute(attributes, "Id");
        const target = attribute(attributes, "Target");
        if (id === undefined || target === undefined || attribute(attributes, "TargetMode") === "External") return;
        relationships.set(id, { target: resolvePartPath(base, target), type: attribute(attributes, "Type") ?? "" });
      },
    },
    slices,
  );
  return relationships;
}

/** A relationship's target as an archive path: "worksheets/sheet1.xml" from "xl/" is "xl/worksheets/sheet1.xml"; "/xl/…" is absolute. */
export function resolvePartPath(base: string, target: string): string {
  const segments = target.startsWith("/") ? [] : base.split("/").filter(Boolean);
  for (const segment of target.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments.join("/");
}

/** `_xHHHH_` escapes (ECMA-376 ST_Xstring) for characters XML 1.0 cannot hold, decoded left to right. */
export const unescapeXlsxText = (text: string) => (text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/**
 * Collects the text of a string item (<si> or an inline <is>): every <t>, rich text runs (<r>) concatenated,
 * phonetic guides (<rPh>) left out.
 */
export class RichText {
  private phonetic = 0;
  private inText = false;
  text = "";
  start(): void {
    this.text = "";
  }
  open(name: string): void {
    if (name === "rPh") this.phonetic++;
    else if (name === "t" && this.phonetic === 0) this.inText = true;
  }
  close(name: string): void {
    if (name === "rPh") this.phonetic--;
    else if (name === "t") this.inText = false;
  }
  add(text: string): void {
    if (this.inText) this.text += text;
  }
}

/** The shared strings part: every <si>'s text, in order. */
export async function readSharedStrings(bytes: Uint8Array, slices: WorkSlices): Promise<string[]> {
  const strings: string[] = [];
  const item = new RichText();
  let inItem = false;
  await readXml(
    bytes,
    {
      open(name) {
        if (name === "si") {
          inItem = true;
          item.start();
        } else if (inItem) item.open(name);
      },
      close(name) {
        if (name === "si") {
          inItem = false;
          strings.push(unescapeXlsxText(item.text));
        } else if (inItem) item.close(name);
      },
      text(text) {
        if (inItem) item.add(text);
      },
    },
    slices,
  );
  return strings;
}

/** Excel's built-in date and time formats (14-22, 45-47, and the East Asian and Thai ones read-excel-file also knew). */
const builtInDateFormats = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);
const dateTokens = new Set(["s", "ss", "m", "mm", "h", "hh", "am", "pm", "a", "p", "d", "dd", "ddd", "dddd", "aaa", "aaaa", "aaaaa", "mmm", "mmmm", "mmmmm", "y", "yy", "yyyy", "e", "ee", "eeee"]);

/** Whether a custom number format shows a date or a time: one of its sections is made of date and time tokens only. */
export function isDateFormatCode(code: string): boolean {
  const sections = code
    .toLowerCase()
    .replace(/;@$/, "")
    .replace(/\\./g, " ")
    .split(";");
  return sections.some((section) => {
    const tokens = section
      .replace(/"[^"]*"/g, " ")
      .replace(/(\[?[smhd]{1,2}\]?)[.,]00?0?/g, "$1")
      .replace(/\[([smhd]{1,2})\]/g, "$1")
      .replace(/\[[^\]]*\]/g, "")
      .split(/[^a-z0#?%]+/)
      .filter(Boolean);
    return tokens.length > 0 && tokens.every((token) => dateTokens.has(token));
  });
}

/** The styles part: which cell formats (a cell's `s`, an index into <cellXfs>) show a number as a date. */
export async function readDateStyles(bytes: Uint8Array, slices: WorkSlices): Promise<Set<number>> {
  const customFormats = new Map<number, string>();
  const baseFormats: (number | undefined)[] = [];
  const cellFormats: { numFmtId?: number; xfId?: number }[] = [];
  let list: "cellStyleXfs" | "cellXfs" | null = null;
  const number = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : Number(value));
  await readXml(
    bytes,
    {
      open(name, attributes) {
        if (name === "numFmt") {
          const id = number(attribute(attributes, "numFmtId"));
          if (id !== undefined) customFormats.set(id, attribute(attributes, "formatCode") ?? "");
        } else if (name === "cellStyleXfs" || name === "cellXfs") list = name;
        else if (name === "xf" && list === "cellStyleXfs") baseFormats.push(number(attribute(attributes, "numFmtId")));
        else if (name === "xf" && list === "cellXfs") cellFormats.push({ numFmtId: number(attribute(attributes, "numFmtId")), xfId: number(attribute(attributes, "xfId")) });
      },
      close(name) {
        if (name === "cellStyleXfs" || name === "cellXfs") list = null;
      },
    },
    slices,
  );
  const dates = new Set<number>();
  cellFormats.forEach(({ numFmtId, xfId }, index) => {
    // A cell format without its own number format takes its cell style's.
    const id = numFmtId ?? (xfId === undefined ? undefined : baseFormats[xfId]);
    if (id === undefined) return;
    const code = customFormats.get(id);
    if (builtInDateFormats.has(id) || (code !== undefined && isDateFormatCode(code))) dates.add(index);
  });
  return dates;
}
