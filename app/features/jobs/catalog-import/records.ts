// Records → header, rows and counts, shared by the text and XLSX readers: records fed one at a time with their row
// numbers, kept only as far as a catalog needs them, then checked against the limits.
import { workSlices, type WorkSlices } from "#app/lib/work-slices.ts";
import { maxCatalogRows, type CatalogDelimiter, type CatalogEncoding, type CatalogFormat, type CatalogResult } from "./catalog-file.ts";

const headerName = (cell: string) => cell.replace(/\s+/g, " ").trim();

/** A row's cells by column (0-based), for a workbook row with a value far to the right: only its values are held. */
export interface SparseCells {
  width: number;
  values: Map<number, string>;
}
type RecordCells = string[] | SparseCells;

const cellAt = (cells: RecordCells, column: number) => (Array.isArray(cells) ? cells[column] : cells.values.get(column)) ?? "";
const cellCount = (cells: RecordCells) => (Array.isArray(cells) ? cells.length : cells.width);
const valuesOf = (cells: RecordCells): Iterable<[number, string]> => (Array.isArray(cells) ? cells.entries() : cells.values);
/** How many cells hold something, counted no further than `upTo` (a header of 200,000 names need not be counted). */
function filled(cells: RecordCells, upTo: number): number {
  let count = 0;
  if (Array.isArray(cells)) {
    for (let i = 0; i < cells.length && count < upTo; i++) if (cells[i]!.trim() !== "") count++;
  } else for (const cell of cells.values.values()) if (cell.trim() !== "" && ++count >= upTo) break;
  return count;
}
function hasLetter(cells: RecordCells): boolean {
  for (const [, cell] of valuesOf(cells)) if (/\p{L}/u.test(cell)) return true;
  return false;
}
/** One past the last column holding something (0 for an empty row). */
function usedWidth(cells: RecordCells): number {
  if (Array.isArray(cells)) {
    let used = cells.length;
    while (used > 0 && cells[used - 1]!.trim() === "") used--;
    return used;
  }
  let used = 0;
  for (const [column, cell] of cells.values) if (column >= used && cell.trim() !== "") used = column + 1;
  return used;
}

/** A flat file template's first-row settings: the row of attribute names and the first row of products (1-based). */
function templateSettings(cells: RecordCells): { attributeRow?: number; dataRow?: number } {
  const found: { attributeRow?: number; dataRow?: number } = {};
  for (const [, cell] of valuesOf(cells)) {
    const attributeRow = /(?:^|[&\s=])attributeRow=(\d{1,3})(?!\d)/.exec(cell)?.[1];
    const dataRow = /(?:^|[&\s=])dataRow=(\d{1,3})(?!\d)/.exec(cell)?.[1];
    if (attributeRow) found.attributeRow = Number(attributeRow);
    if (dataRow) found.dataRow = Number(dataRow);
  }
  return found;
}

/**
 * Records fed one at a time with their row numbers, rising (a row number skipped is an empty row), kept only as
 * far as a catalog needs them: the header found (title rows above it and an Amazon flat file's first two rows
 * passed over), empty rows counted and left out, rows past the limit counted but not kept. `finish` checks the
 * limits and gives every row the header's width, columns with neither a name nor a value dropped.
 */
export class CatalogRecords {
  /** The first rows with text (at most ten) while the header is not yet known. */
  private head: { cells: RecordCells; row: number }[] = [];
  private header: { cells: RecordCells; row: number } | null = null;
  private lastRow = 0;
  /** Empty rows since the last row with text: counted once a row with text follows (trailing ones are not rows). */
  private emptyRun = 0;
  private emptyRowsSkipped = 0;
  private found = 0;
  private width = 0;
  private readonly kept: RecordCells[] = [];
  private readonly rowNumbers: number[] = [];
  /** A flat file's TemplateType= value, and the row its products start on when the template says so (0: not said). */
  private templateType: string | undefined;
  private dataRow = 0;

  add(cells: RecordCells, row: number): void {
    if (this.header) return this.addRow(cells, row);
    if (filled(cells, 1) === 0) return;
    this.head.push({ cells, row });
    if (this.head.length === 10) this.chooseHeader();
  }

  private chooseHeader(): void {
    const head = this.head;
    let index = 0;
    const template = /^TemplateType=(.*)$/i.exec(cellAt(head[0]!.cells, 0).trim());
    if (template && head.length >= 3) {
      // An Amazon flat file: a settings row, a row of labels, then the attribute names (item_name, brand_name…).
      this.templateType = template[1]!.trim();
      // Newer templates say where the names and the products start ("settings=attributeRow=3&…&dataRow=4").
      const settings = templateSettings(head[0]!.cells);
      const named = settings.attributeRow === undefined ? -1 : head.findIndex((record) => record.row === settings.attributeRow);
      index = named > 0 ? named : 2;
      this.dataRow = settings.dataRow ?? 0;
    } else if (filled(head[0]!.cells, 2) === 1) {
      // A title row ("Katalog Stand März") above the header: the first row with two names or more.
      index = Math.max(0, head.findIndex((record) => filled(record.cells, 2) >= 2));
    }
    this.header = head[index]!;
    this.width = cellCount(this.header.cells);
    this.lastRow = this.header.row;
    this.head = [];
    for (const record of head.slice(index + 1)) this.addRow(record.cells, record.row);
  }

  private addRow(cells: RecordCells, row: number): void {
    this.emptyRun += row - this.lastRow - 1;
    this.lastRow = row;
    // A template's rows between its attribute names and its data row (which fields are required) are no products.
    if (row < this.dataRow) {
      this.emptyRun = 0;
      return;
    }
    // Cells past the header count only when they hold something.
    const used = usedWidth(cells);
    if (used === 0) {
      this.emptyRun++;
      return;
    }
    this.emptyRowsSkipped += this.emptyRun;
    this.emptyRun = 0;
    // Past the limit a row is only counted: the refusal says how many there are.
    if (++this.found > maxCatalogRows) return;
    this.kept.push(cells);
    this.rowNumbers.push(row);
    this.width = Math.max(this.width, used);
  }

  async finish(meta: { format: CatalogFormat; encoding: CatalogEncoding; bom: boolean; delimiter?: CatalogDelimiter }, slices: WorkSlices = workSlices()): Promise<CatalogResult> {
    if (!this.header) {
      if (this.head.length === 0) return { ok: false, reason: "empty" };
      this.chooseHeader();
    }
    const header = this.header!;
    if (!hasLetter(header.cells)) return { ok: false, reason: "noHeader", row: header.row };
    if (this.found > maxCatalogRows) return { ok: false, reason: "tooManyRows", limit: maxCatalogRows, found: this.found };
    const { kept, width } = this;
    const names: string[] = [];
    // A column with no name and nothing in it (a trailing delimiter) is no column.
    const keep: boolean[] = [];
    let work = 0;
    for (let column = 0; column < width; column++) {
      if ((++work & 1023) === 0 && slices.due()) await slices.pause();
      const name = headerName(cellAt(header.cells, column));
      names.push(name);
      keep.push(name !== "");
    }
    if (kept.length === 0) return { ok: false, reason: "empty", columns: names.filter(Boolean) };

    for (const row of kept) {
      for (const [column, cell] of valuesOf(row)) {
        if ((++work & 4095) === 0 && slices.due()) await slices.pause();
        if (column < width && !keep[column] && cell.trim() !== "") keep[column] = true;
      }
    }
    const keptColumns: number[] = [];
    for (let column = 0; column < width; column++) if (keep[column]) keptColumns.push(column);
    const columns = keptColumns.map((column) => names[column]!);
    const rows: string[][] = [];
    for (const row of kept) {
      const cells: string[] = [];
      for (const column of keptColumns) {
        if ((++work & 4095) === 0 && slices.due()) await slices.pause();
        cells.push(cellAt(row, column));
      }
      rows.push(cells);
    }
    return {
      ok: true,
      format: meta.format,
      encoding: meta.encoding,
      bom: meta.bom,
      ...(meta.delimiter ? { delimiter: meta.delimiter } : {}),
      columns,
      rows,
      rowNumbers: this.rowNumbers,
      headerRow: header.row,
      ...(this.templateType !== undefined ? { templateType: this.templateType } : {}),
      emptyRowsSkipped: this.emptyRowsSkipped,
      totalRows: kept.length + this.emptyRowsSkipped,
    };
  }
}
