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

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** A duration axis steps by whole seconds, minutes, hours or days: "0 s, 1 min, 2 min", never "1 min 40 s". */
const DURATION_STEPS = [1, 2, 5, 10, 15, 30].map((n) => n * SECOND).concat([1, 2, 5, 10, 15, 30].map((n) => n * MINUTE), [1, 2, 3, 6, 12, 24, 48, 168].map((n) => n * HOUR));
/** A count axis steps by 1, 2 or 5 times a power of ten: whole numbers only. */
const countStep = (max: number, intervals: number) => {
  for (let power = 1; ; power *= 10) for (const step of [1, 2, 5].map((n) => n * power)) if (Math.ceil(max / step) <= intervals) return step;
};

/**
 * A chart's y-axis ticks, from 0 to the first tick at or above the highest value, at most `most`
 * of them, each a round value of the measure: a count, or a duration in whole units.
 */
export function axisTicks(max: number, kind: 'count' | 'duration', most = 5): number[] {
  const intervals = most - 1;
  const step = kind === 'duration' ? (DURATION_STEPS.find((candidate) => Math.ceil(max / candidate) <= intervals) ?? DURATION_STEPS.at(-1)!) : countStep(max, intervals);
  return Array.from({ length: Math.max(1, Math.ceil(max / step)) + 1 }, (_, index) => index * step);
}
