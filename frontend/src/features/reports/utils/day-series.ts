import type { ReportFiguresDto } from '@portal/shared/reports/reports.schema';
import type { Measure } from './report-measures.ts';

/** A day of a chart: the organisation's day and its value (null: nothing that day, a gap in a line). */
export interface DayPoint {
  date: string;
  value: number | null;
}

/** The chart's points: the measure on each day of the range (the API answers every day, zeros too). */
export const dayPoints = (days: readonly (ReportFiguresDto & { date: string })[], measure: Measure): DayPoint[] => days.map((day) => ({ date: day.date, value: measure.of(day) }));

/**
 * What the chart's text alternative says besides its table: its lowest and highest day (the first
 * of equal ones), undefined when no day has a value.
 */
export function dayExtremes(points: readonly DayPoint[]): { min: DayPoint & { value: number }; max: DayPoint & { value: number } } | undefined {
  const valued = points.filter((point): point is DayPoint & { value: number } => point.value !== null);
  if (!valued.length) return undefined;
  const [first] = valued as [DayPoint & { value: number }];
  return {
    min: valued.reduce((low, point) => (point.value < low.value ? point : low), first),
    max: valued.reduce((high, point) => (point.value > high.value ? point : high), first),
  };
}
