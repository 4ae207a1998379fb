// A worksheet's cells, streamed row by row into a catalog (CatalogRecords) as saxes parses the sheet: each cell's
// place is its parsed `r` (any quoting, entities, whitespace) or the one after the cell before it, and the sheet
// is refused the moment its cells with a value span more than the limits, before anything of that size is built.
import type { WorkSlices } from "#app/lib/work-slices.ts";
import type { CatalogRefusal } from "../catalog-import/catalog-file.ts";
import type { CatalogRecords } from "../catalog-import/records.ts";
import { attribute, readXml, RichText, unescapeXlsxText } from "./workbook-xml.server.ts";

/** Excel's last column (XFD) and last row. */
export const maxSheetColumns = 16_384;
export const maxSheetRows = 1_048_576;

export interface SheetContext {
  sharedStrings: readonly string[];
  /** Cell formats (`s`) that show a number as a date. */
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
  /** Most cells the sheet's values may span: last row with a value × last column with a value. */
  maxCells: number;
  /** Most rows a catalog holds (below its header), for the refusal's wording. */
  maxRows: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A number as Excel's General format shows it: up to 15 significant digits, no float noise (0.1 + 0.2 → 0.3). */
export function numberText(raw: string): string {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  return String(Number(value.toPrecision(15)));
}

/** A date as ISO text: "2026-03-01", "2026-03-01 14:30", or "14:30" for a time alone. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const rounded = new Date(Math.round(date.getTime() / 1000) * 1000);
  const day = `${rounded.getUTCFullYear()}-${pad(rounded.getUTCMonth() + 1)}-${pad(rounded.getUTCDate())}`;
  const seconds = rounded.getUTCSeconds();
  const time = `${pad(rounded.getUTCHours())}:${pad(rounded.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ""}`;
  if (day <= "1899-12-31") return time;
  return time === "00:00" ? day : `${day} ${time}`;
}

/** An Excel serial date (days since 1900-01-00, with Excel's 29 February 1900; or since 1904) as a Date. */
function serialDate(serial: number, date1904: boolean): Date {
  const day = 24 * 60 * 60 * 1000;
  // 25,569 days from Excel's day 0 to 1970-01-01; the 1904 system starts 1,462 days later.
  return new Date(Math.floor((serial + (date1904 ? 1462 : 0) - 25569) * day));
}

/** A cell's reference ("B7", "$B$7"): its column and row, 1-based; null if it is no reference. */
function parseReference(reference: string): { column: number; row: number } | null {
  const match = /^\$?([A-Za-z]+)\$?(\d+)$/.exec(reference.trim());
  if (!match) return null;
  let column = 0;
  // Past three letters the column is beyond XFD anyway: stop counting before the number grows.
  for (const letter of match[1]!.toUpperCase().slice(0, 4)) column = column * 26 + letter.charCodeAt(0) - 64;
  return { column, row: Number(match[2]) };
}

/**
 * The first sheet's rows into `catalog` (row numbers rising; rows without a value are not given), or the refusal:
 * too many rows or columns as soon as a value lies past the limits, "damaged" for a sheet that is not one.
 */
export async function readSheetRows(bytes: Uint8Array, context: SheetContext, catalog: CatalogRecords, slices: WorkSlices): Promise<CatalogRefusal | null> {
  const { sharedStrings, dateStyles, date1904, maxCells, maxRows } = context;
  let refusal: CatalogRefusal | null = null;
  const refuse = (reason: CatalogRefusal) => (refusal ??= reason);
  let inSheetData = false;
  // The row being read and the last column a cell took in it (cells without `r` follow on from it).
  let row = 0;
  let column = 0;
  // The row whose values are gathered, handed on once a later row starts.
  let pendingRow = 0;
  // Its values by column, 0-based: only values are held, however far right they lie.
  let pending = new Map<number, string>();
  let pendingWidth = 0;
  let lastRow = 0;
  let lastColumn = 0;
  // The cell being read.
  let cell: { row: number; column: number; type: string; style: number | null } | null = null;
  let value: string | undefined;
  let inValue = false;
  let inInline = false;
  let hasInline = false;
  const inline = new RichText();

  const flush = () => {
    if (pending.size === 0) return;
    catalog.add({ width: pendingWidth, values: pending }, pendingRow);
    pending = new Map();
    pendingWidth = 0;
  };

  const cellText = (type: string, style: number | null, v: string | undefined): string => {
    switch (type) {
      case "s":
        return v ? (sharedStrings[Number(v)] ?? "") : "";
      case "inlineStr":
        return hasInline ? unescapeXlsxText(inline.text) : "";
      case "str":
        return v ? unescapeXlsxText(v) : "";
      case "b":
        return v === "1" ? "TRUE" : v === "0" ? "FALSE" : "";
      // A formula that ended in an error (#N/A, #DIV/0!) is an empty cell, as in read-excel-file.
      case "e":
        return "";
      case "d":
        return v ? dateText(new Date(v)) : "";
      default: {
        if (!v) return "";
        if (style !== null && dateStyles.has(style)) {
          const serial = Number(v);
          return Number.isFinite(serial) ? dateText(serialDate(serial, date1904)) : v;
        }
        return numberText(v);
      }
    }
  };

  const keep = (at: { row: number; column: number }, text: string) => {
    if (text === "") return;
    lastRow = Math.max(lastRow, at.row);
    lastColumn = Math.max(lastColumn, at.column);
    if (lastRow > maxSheetRows || lastRow * lastColumn > maxCells) {
      // The sheet runs past row 5,001 (a stray value far below counts: Excel's used range ends there too).
      if (lastRow - 1 > maxRows) refuse({ ok: false, reason: "tooManyRows", limit: maxRows, found: lastRow - 1 });
      else refuse({ ok: false, reason: "unreadableXlsx", detail: "tooManyColumns" });
      return;
    }
    if (at.row !== pendingRow) {
      // Excel writes rows in order; a sheet that goes back to an earlier row is not one it wrote.
      if (at.row < pendingRow) return refuse({ ok: false, reason: "unreadableXlsx", detail: "damaged" });
      flush();
      pendingRow = at.row;
    }
    pending.set(at.column - 1, text);
    pendingWidth = Math.max(pendingWidth, at.column);
  };

  await readXml(
    bytes,
    {
      open(name, attributes) {
        if (refusal) return;
        if (name === "sheetData") inSheetData = true;
        if (!inSheetData) return;
        if (cell) {
          if (name === "v") {
            inValue = true;
            value = "";
          } else if (name === "is") {
            inInline = true;
            hasInline = true;
            inline.start();
          } else if (inInline) inline.open(name);
          return;
        }
        if (name === "row") {
          const r = attribute(attributes, "r");
          const number = r === undefined ? row + 1 : /^\s*\d+\s*$/.test(r) ? Number(r) : 0;
          if (number < 1) return refuse({ ok: false, reason: "unreadableXlsx", detail: "damaged" });
          row = number;
          column = 0;
        } else if (name === "c") {
          const r = attribute(attributes, "r");
          const at = r === undefined ? { row: Math.max(row, 1), column: column + 1 } : parseReference(r);
          if (!at || at.row < 1 || at.column < 1) return refuse({ ok: false, reason: "unreadableXlsx", detail: "damaged" });
          if (at.column > maxSheetColumns) return refuse({ ok: false, reason: "unreadableXlsx", detail: "tooManyColumns" });
          row = at.row;
          column = at.column;
          const s = attribute(attributes, "s");
          cell = { ...at, type: attribute(attributes, "t")?.trim() || "n", style: s === undefined || s.trim() === "" ? null : Number(s) };
          value = undefined;
          hasInline = false;
        }
      },
      close(name) {
        if (refusal || !inSheetData) return;
        if (name === "sheetData") {
          inSheetData = false;
          return;
        }
        if (!cell) return;
        if (name === "v") inValue = false;
        else if (name === "is") inInline = false;
        else if (inInline) inline.close(name);
        else if (name === "c") {
          const at = cell;
          cell = null;
          keep(at, cellText(at.type, at.style, value));
        }
      },
      text(text) {
        if (!cell) return;
        if (inValue) value += text;
        else if (inInline) inline.add(text);
      },
    },
    slices,
    () => refusal !== null,
  );
  if (refusal) return refusal;
  flush();
  return null;
}
