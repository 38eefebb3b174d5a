import type { ReportRange } from './report-range.ts';

/** A download's file name: the report, what of it, and the range ("report-actions-template-2026-11-01_2026-11-30.csv"). */
export function csvFileName(report: string, what: string, { from, to }: Pick<ReportRange, 'from' | 'to'>): string {
  return `report-${report}-${what.toLowerCase()}-${from}_${to}.csv`;
}
