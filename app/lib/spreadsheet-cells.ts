// Every cell of every spreadsheet-like file we write (CSV, TSV, Amazon's flat file) goes through inertCell,
// so text a seller or a model wrote is never run as a formula (docs/decisions/029, item 7). Browser-safe.

/**
 * What a spreadsheet may read as the start of a formula (OWASP's CSV injection guidance, ASVS 1.2.10):
 * = + - @, tab, carriage return, line feed and NUL (which some apps skip first), and the full-width
 * ＝ ＋ － ＠ that East Asian Excel and IMEs turn into their ASCII forms.
 */
const formulaStart = /^[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A plain negative number ("-120" words in the ledger) is a number to every spreadsheet, never a formula. */
const negativeNumber = /^-\d+(?:\.\d+)?$/;

/** One cell as text a spreadsheet shows and never runs: a formula-looking start gets a leading apostrophe. */
export function inertCell(value: string): string {
  return formulaStart.test(value) && !negativeNumber.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): always quoted, quotes doubled, the text made inert first. */
export function csvField(value: string): string {
  return `"${inertCell(value).replace(/"/g, '""')}"`;
}
