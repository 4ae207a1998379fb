// The one CSV/TSV reader of catalogs and keyword files (docs/decisions/034). csv-parse, a maintained RFC 4180
// parser, splits the text into records: quoted cells with delimiters, doubled quotes and line breaks, CRLF, LF
// or CR ending a record, a quote inside an unquoted cell kept as text. Around it what our files need: the text
// fed 16 KB at a time with a turn of the event loop every ~10 ms (issue 30), cells kept exactly as written
// where csv-parse's lenient options would change them, record numbers that count empty lines, and a quoted
// cell that never closes reported with its record rather than thrown.
import { CsvError, Parser, type InfoField, type Options } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { workSlices, type WorkSlices } from "#app/lib/work-slices.ts";

export type Delimiter = "," | ";" | "\t";
/** In the order ties are settled: tab, then semicolon, then comma (a comma is likelier inside a German or French cell). */
export const delimiters: readonly Delimiter[] = ["\t", ";", ","];

/** A quoted cell that never closes: the record it opened on (1-based, empty lines counted), the cells read of that record, the rest of the text as its last cell. */
export interface UnclosedQuote {
  record: number;
  cells: string[];
}

/** Bytes handed to csv-parse at a time: well under a millisecond of parsing, so the clock is read often enough. */
const feedBytes = 16 * 1024;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** The first bytes (UTF-8) of what csv-parse's ltrim trims: ECMAScript white space (space, tab, VT, FF, NBSP, U+1680, U+2000…, U+3000, U+FEFF). */
const trimmableFirstBytes = new Set([0x20, 0x09, 0x0b, 0x0c, 0xc2, 0xe1, 0xe2, 0xe3, 0xef]);

/**
 * A quoted cell as written (`  "a ""b"" c"  d `): the text between the opening quote and the first quote that is not
 * doubled, doubled quotes made single, then any text after the closing quote, trailing spaces dropped.
 */
function quotedCell(raw: string): string {
  const open = raw.indexOf('"');
  let close = open + 1;
  for (;;) {
    close = raw.indexOf('"', close);
    if (close === -1 || raw.charCodeAt(close + 1) !== QUOTE) break;
    close += 2;
  }
  if (close === -1) return raw.slice(open + 1).replaceAll('""', '"');
  return raw.slice(open + 1, close).replaceAll('""', '"') + raw.slice(close + 1).trimEnd();
}

/**
 * csv-parse's cast hook, giving each cell as written. Two options make csv-parse read our files: `ltrim` (so a
 * quote after spaces, `a, "b, c"`, opens a quoted cell) and `relax_quotes` (a stray quote is text). The first
 * also trims unquoted cells, whose spaces we keep; the second turns `"a" b` into `"a" b` where we read `a b`.
 * Both are put back from the bytes between the cell's start and its end (csv-parse's `info.bytes`).
 */
class CellsAsWritten {
  private readonly bytes: Buffer;
  private readonly delimiter: number;
  /** Where the last cell ended (-1 before the first). */
  private lastEnd = -1;
  /** The record's cells so far. */
  private record: string[] = [];
  constructor(bytes: Buffer, delimiter: Delimiter) {
    this.bytes = bytes;
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Where the next cell starts: after the last one's delimiter or line break, and for a record's first cell after any empty lines. */
  private nextStart(firstOfRecord: boolean): number {
    const { bytes } = this;
    let start = 0;
    if (this.lastEnd >= 0) {
      const after = bytes[this.lastEnd];
      start = this.lastEnd + (after === CR && bytes[this.lastEnd + 1] === LF ? 2 : after === undefined ? 0 : 1);
    }
    if (firstOfRecord) while (bytes[start] === CR || bytes[start] === LF) start++;
    return start;
  }

  readonly cast = (value: string, info: InfoField): string => {
    const firstOfRecord = this.record.length === 0;
    const start = this.nextStart(firstOfRecord);
    const end = info.bytes;
    this.lastEnd = end;
    let cell = value;
    if (!info.quoting) {
      if (start < end && trimmableFirstBytes.has(this.bytes[start]!)) cell = this.bytes.toString("utf8", start, end);
    } else if (value.charCodeAt(0) === QUOTE) {
      // Only a cell with text after its closing quote (or one that begins with a doubled quote) starts so.
      cell = quotedCell(this.bytes.toString("utf8", start, end));
    }
    this.record.push(cell);
    return cell;
  };

  endRecord(): void {
    this.record = [];
  }

  /** The record a quote left open: its cells so far and, as its last, the text from the opening quote to the end. */
  unclosed(): string[] {
    const rest = this.bytes.toString("utf8", this.nextStart(this.record.length === 0));
    return [...this.record, quotedCell(rest)];
  }
}

function parserOptions(delimiter: Delimiter, cells: CellsAsWritten): Options {
  return {
    delimiter,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_quotes: true,
    relax_column_count: true,
    ltrim: true,
    // Empty lines are counted (info.empty_lines), not made into records: 10 MB of line feeds is ten million lines.
    skip_empty_lines: true,
    bom: false,
    cast: cells.cast,
  };
}

/**
 * The records of a CSV/TSV text handed to `onRecord` one by one with their numbers (1-based; empty lines are
 * counted but not handed over), read in slices that let the event loop turn: nothing but the record being read
 * is held here. A quoted cell that never closes ends the reading and is reported.
 */
export async function readDelimitedRecords(
  text: string,
  delimiter: Delimiter,
  onRecord: (cells: string[], record: number) => void,
  slices: WorkSlices = workSlices(),
): Promise<{ unclosedQuote: UnclosedQuote | null }> {
  if (text.length === 0) return { unclosedQuote: null };
  const bytes = Buffer.from(text, "utf8");
  const cells = new CellsAsWritten(bytes, delimiter);
  let records = 0;
  const parser: Parser = new Parser({
    ...parserOptions(delimiter, cells),
    on_record: (record: string[]) => {
      // csv-parse builds an error object (some 35 µs) for every record whose width differs from the first one's, even
      // when told to accept it; a count of 0 makes each record the first: 10 MB of ",\n" would otherwise take minutes.
      (parser.info as { records: number }).records = 0;
      cells.endRecord();
      onRecord(record, ++records + parser.info.empty_lines);
      return null;
    },
  });
  const finished = new Promise<unknown>((resolve) => {
    parser.once("error", resolve);
    parser.once("finish", () => resolve(null));
  });
  for (let offset = 0; offset < bytes.length && !parser.errored; offset += feedBytes) {
    if (slices.due()) await slices.pause();
    parser.write(bytes.subarray(offset, offset + feedBytes));
  }
  if (!parser.errored) parser.end();
  const error = await finished;
  if (error === null) return { unclosedQuote: null };
  if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED") return { unclosedQuote: { record: records + parser.info.empty_lines + 1, cells: cells.unclosed() } };
  throw error;
}

/**
 * The first `maxRecords` records of a text (empty lines counted toward them but left out), all at once: for a
 * sample, such as the one the delimiter is guessed from. A quoted cell that never closes ends the sample.
 */
export function sampleDelimitedRecords(text: string, delimiter: Delimiter, maxRecords: number): string[][] {
  const records: string[][] = [];
  if (text.length === 0) return records;
  const cells = new CellsAsWritten(Buffer.from(text, "utf8"), delimiter);
  try {
    parseSync(text, {
      ...parserOptions(delimiter, cells),
      to: maxRecords,
      on_record: (record: string[], info) => {
        cells.endRecord();
        if (info.records + info.empty_lines <= maxRecords) records.push(record);
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED")) throw error;
  }
  return records;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * The delimiter that splits the first records into the same number of cells (more than one) most often;
 * ties go to tab, then semicolon, then comma.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 65536);
  let best: { delimiter: Delimiter; score: number } = { delimiter: ",", score: 0 };
  for (const delimiter of delimiters) {
    const counts = sampleDelimitedRecords(sample, delimiter, 40)
      .filter((record) => !isBlank(record))
      .map((record) => {
        let width = record.length;
        while (width > 1 && record[width - 1]!.trim() === "") width--;
        return width;
      });
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 1) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    for (const [width, times] of frequency) {
      // Agreement counts most; among equals, more columns.
      const score = times * 1000 + width;
      if (score > best.score) best = { delimiter, score };
    }
  }
  if (best.score === 0) {
    // No two rows agree (a header and nothing else, lines of ";;;"): the delimiter seen most, if any.
    const seen = delimiters.map((delimiter) => ({ delimiter, times: sample.split(delimiter).length - 1 })).sort((a, b) => b.times - a.times)[0]!;
    if (seen.times > 0) return seen.delimiter;
  }
  return best.delimiter;
}

/** The delimiter the first line is split by most often, quoted text aside; ties go to tab, then comma, then semicolon. */
export function delimiterOfFirstLine(text: string): Delimiter {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const outside = firstLine.replace(/"[^"]*"/g, "");
  return (["\t", ",", ";"] as const).map((d) => ({ d, n: outside.split(d).length })).sort((a, b) => b.n - a.n)[0]!.d;
}
