/**
 * One CSV cell: quoted, inner quotes doubled; text that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a return) is led by a ' so that it stays text (CSV injection).
 */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV record, ended by CRLF (RFC 4180). */
export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The first record, led by a byte-order mark: a spreadsheet (Excel) then reads the file as UTF-8,
 * "Zoë" and not "ZoÃ«".
 */
export const csvHeader = (cells: string[]) => `\uFEFF${csvLine(cells)}`;
