/**
 * CSV cells and rows (RFC 4180) that a spreadsheet will not run: shared by every export (Proxy Manager's
 * blocked_domains.csv, the audit log's export). Pure.
 */

/**
 * A CSV cell a spreadsheet will not run: a value starting with = + - @, tab or CR gets a leading apostrophe (OWASP
 * "CSV injection"); a value holding a quote, comma, semicolon, CR or LF is quoted, its quotes doubled (RFC 4180).
 * A spreadsheet set to Hungarian splits on `;`: so each `;`-separated piece is neutralised as the value's start is
 * (`x;=1+1;y` → `"x;'=1+1;y"`), should it read the cell unquoted.
 */
export function csvCell(value: string): string {
  const safe = value
    .split(';')
    .map((piece) => (/^[=+\-@\t\r]/.test(piece) ? `'${piece}` : piece))
    .join(';')
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** One record: the cells, comma separated, ended by CRLF (RFC 4180). */
export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
