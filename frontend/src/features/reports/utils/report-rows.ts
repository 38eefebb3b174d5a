import type { ReportTableRowDto } from '@portal/shared/reports/reports.schema';

/**
 * A table row's name: the one the API read at answer time, else what its key says. Keys without a
 * name of their own (decision 0087, the modules' facts): `-` none (an action sent without a
 * template, a checklist item without text), `user:*` the people named one by one, `other:*` and `*`
 * the groups or activities past the per-item limit, `everyone:…` everyone, an hour `00` to `23`, a
 * checklist item its own label. A key whose item is gone (a deleted template) has no name any more:
 * it says so.
 */
export interface RowWords {
  /** `-` of the dimension: "No template", "No activity". */
  none: (dimension: string) => string;
  peopleNamed: string;
  /** Those past the per-item limit: "Other groups", "Other shift activities". */
  others: (dimension: string) => string;
  everyone: string;
  /** A removed template, trigger, group or person. */
  removed: string;
  /** '00:00–00:59'. */
  hour: (from: string, to: string) => string;
}

const HOUR = /^\d{2}$/;

export function rowName(dimension: string, row: Pick<ReportTableRowDto, 'key' | 'name'>, words: RowWords): string {
  if (row.name) return row.name;
  const { key } = row;
  if (dimension === 'HOUR' && HOUR.test(key)) return words.hour(`${key}:00`, `${key}:59`);
  if (key === '-') return words.none(dimension);
  if (dimension === 'CHECK') return key;
  if (key === 'user:*') return words.peopleNamed;
  if (key === '*' || key.endsWith(':*')) return words.others(dimension);
  if (key.startsWith('everyone')) return words.everyone;
  return words.removed;
}

const counter = (row: ReportTableRowDto, name: string) => row.counters[name] ?? 0;

/**
 * A table's rows in the order the page shows them: hours as the clock goes, checklist items most
 * often left unticked first (issue 32), the others as the API sorts them (by their first counter).
 */
export function orderedRows(dimension: string, rows: readonly ReportTableRowDto[]): ReportTableRowDto[] {
  if (dimension === 'HOUR') return [...rows].sort((a, b) => a.key.localeCompare(b.key));
  if (dimension === 'CHECK') return [...rows].sort((a, b) => counter(b, 'unt') - counter(a, 'unt') || counter(b, 'n') - counter(a, 'n') || a.key.localeCompare(b.key));
  return [...rows];
}
