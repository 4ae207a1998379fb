// CSV cells for downloads, shared by the outputs export and the catalog export. Browser-safe.

/**
 * One CSV field, always quoted (RFC 4180). A value a spreadsheet would run as a formula
 * (= + - @, or a tab / carriage return that some apps skip first) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
