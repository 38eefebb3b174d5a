import type { ReportFiguresDto, ReportRowDto, ReportTableRowDto } from '@portal/shared/reports/reports.schema';
import type { CsvCell } from '../../../lib/csv.ts';
import { isoDateTime } from '../../../lib/date-time.ts';
import { measureCell } from './measure-values.ts';
import type { Measure } from './report-measures.ts';

/**
 * The reports' CSV (issue 32, decision 0087): each table as the page shows it, and the raw rows
 * behind a report. Cells are values a spreadsheet computes with (measure-values.ts `measureCell`);
 * lib/csv.ts writes them (BOM, CRLF, RFC 4180, the formula guard).
 */

/** A column's header: the measure's name with its unit in the CSV ("Acceptance rate (%)"). */
export type MeasureHeader = (measure: Measure) => string;

/** A dimension's table: its name, its key (an id, an hour, a label; empty for `-`, none), then the measures. */
export function tableCsv(
  headers: { name: string; key: string; measure: MeasureHeader },
  measures: readonly Measure[],
  rows: readonly ReportTableRowDto[],
  nameOf: (row: ReportTableRowDto) => string,
): CsvCell[][] {
  return [[headers.name, headers.key, ...measures.map(headers.measure)], ...rows.map((row) => [nameOf(row), row.key === '-' ? null : row.key, ...measures.map((measure) => measureCell(measure, row))])];
}

/** The by-day table (a chart's alternative): the organisation's day, then the measures. */
export function daysCsv(headers: { date: string; measure: MeasureHeader }, measures: readonly Measure[], days: readonly (ReportFiguresDto & { date: string })[]): CsvCell[][] {
  return [[headers.date, ...measures.map(headers.measure)], ...days.map((day) => [day.date, ...measures.map((measure) => measureCell(measure, day))])];
}

/** An ISO instant with milliseconds and Z, as the API writes every instant. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A raw column's value as a cell: an instant in the organisation's offset, a structure as JSON, a boolean as true or false. */
function rawCell(value: unknown, timeZone: string): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return INSTANT.test(value) ? isoDateTime(new Date(value), timeZone) : value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The columns of the raw rows, in the order they first appear (a report's facts name the same ones; an older fact may lack one). */
export function rawColumns(items: readonly ReportRowDto[]): string[] {
  const names = new Set<string>();
  for (const item of items) for (const name of Object.keys(item.columns)) names.add(name);
  return [...names];
}

/**
 * The raw rows behind a report, one an item (an action, a task, a notification, a firing): its id,
 * its instant in the organisation's offset, the organisation's day and hour of it, then the
 * columns its module writes (decision 0087), headed by `header` (its own name where none is known).
 */
export function rawRowsCsv(headers: { itemId: string; instant: string; date: string; hour: string; column: (name: string) => string }, items: readonly ReportRowDto[], timeZone: string): CsvCell[][] {
  const columns = rawColumns(items);
  return [
    [headers.itemId, headers.instant, headers.date, headers.hour, ...columns.map(headers.column)],
    ...items.map((item) => [item.item_id, isoDateTime(new Date(item.instant), timeZone), item.local_date, item.local_hour, ...columns.map((name) => rawCell(item.columns[name], timeZone))]),
  ];
}
