import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import { downloadText } from '../../../lib/download.ts';

/**
 * What saving a report's CSV needs, loaded when a file is asked for (React's `import()` on the
 * click), so no page's first load carries it (issue 12): the builders of report-csv.ts and the save.
 */
export { daysCsv, rawRowsCsv, tableCsv } from './report-csv.ts';

/** The rows as one CSV file (lib/csv.ts: BOM, CRLF, RFC 4180, the formula guard), downloaded. */
export function saveCsv(fileName: string, rows: readonly (readonly CsvCell[])[]): void {
  downloadText(fileName, toCsv(rows));
}
