/**
 * CSV for spreadsheets (issue 32: the audit trail's export, the reports' next): RFC 4180 text that
 * Excel opens as UTF-8 (a byte-order mark first, else it guesses the machine's code page), rows
 * ended by CRLF. Pure: the caller names the columns and formats its values (times in the
 * organisation's zone, lib/date-time.ts `isoDateTime`).
 */

/** A cell: text or a number as written; null and undefined are empty. */
export type CsvCell = string | number | null | undefined;

/** What makes Excel (and LibreOffice) read a cell as a formula: = + - @ first, or a tab or CR (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What forces quotes: the delimiter, a quote or a line break anywhere in the cell. */
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_BOM = '\uFEFF';

/**
 * One cell as written: a text that would start a formula gets a leading ' (so a stored "=cmd()"
 * stays text), then quotes around it when it holds a comma, quote or line break, its quotes doubled.
 * A number is written as is: it is a value, never a formula, and stays a number in the sheet.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows (the header first) as one CSV text: BOM, cells separated by commas, each row ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
