import type { ReportFiguresDto, ReportTableRowDto } from '@portal/shared/reports/reports.schema';
import { durationFigures, type Durations } from '@portal/shared/reports/durations';

/** Rows merged by a key (the kit's `RollupTotal`): counters added, durations as one multiset. */
export interface MergedRow {
  key: string;
  counters: Record<string, number>;
  durations: Durations;
}

const NONE: MergedRow = { key: '', counters: {}, durations: {} };

/**
 * A row's figures (decision 0087): each of the report's counters (0 when absent, so every row has
 * the same columns), how many durations there are, their exact median and nearest-rank 90th percentile.
 */
export function figuresOf(row: Pick<MergedRow, 'counters' | 'durations'>, counters: readonly string[]): ReportFiguresDto {
  const { count, median, percentile } = durationFigures(row.durations, 0.9);
  return { counters: Object.fromEntries(counters.map((name) => [name, row.counters[name] ?? 0])), duration_count: count, median_ms: median, p90_ms: percentile };
}

/** One point per date asked for, in order, zeros where no row is (the chart needs every day). */
export function dayFigures(dates: readonly string[], byDate: readonly MergedRow[], counters: readonly string[]): Array<ReportFiguresDto & { date: string }> {
  const rows = new Map(byDate.map((row) => [row.key, row]));
  return dates.map((date) => ({ date, ...figuresOf(rows.get(date) ?? NONE, counters) }));
}

/** A table: each value's figures and name, by the first counter descending, then by value. */
export function tableRows(byValue: readonly MergedRow[], names: ReadonlyMap<string, string | null>, counters: readonly string[]): ReportTableRowDto[] {
  const first = counters[0]!;
  return byValue
    .map((row) => ({ key: row.key, name: names.get(row.key) ?? null, ...figuresOf(row, counters) }))
    .sort((a, b) => b.counters[first]! - a.counters[first]! || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
