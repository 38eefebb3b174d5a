import { describe, expect, it } from 'vitest';
import { axisTicks, dayExtremes, dayPoints } from './day-series.ts';
import { DAY_CHARTS } from './report-measures.ts';

const day = (date: string, counters: Record<string, number>, median_ms: number | null) => ({ date, counters, duration_count: median_ms === null ? 0 : 1, median_ms, p90_ms: median_ms });

describe("a report's day chart", () => {
  const days = [day('2026-11-27', { fired: 2 }, 30_000), day('2026-11-28', {}, null), day('2026-11-29', { fired: 5 }, 10_000), day('2026-11-30', { fired: 5 }, 30_000)];
  const [firings, response] = DAY_CHARTS.automation!;

  it('has a point a day: a count with 0, a median with a gap', () => {
    expect(dayPoints(days, firings!.measure).map((point) => point.value)).toEqual([2, 0, 5, 5]);
    expect(dayPoints(days, response!.measure).map((point) => point.value)).toEqual([30_000, null, 10_000, 30_000]);
  });

  it('says its lowest and highest day, the first of equal ones', () => {
    expect(dayExtremes(dayPoints(days, firings!.measure))).toEqual({ min: { date: '2026-11-28', value: 0 }, max: { date: '2026-11-29', value: 5 } });
    expect(dayExtremes(dayPoints(days, response!.measure))).toEqual({ min: { date: '2026-11-29', value: 10_000 }, max: { date: '2026-11-27', value: 30_000 } });
    expect(dayExtremes(dayPoints([day('2026-11-28', {}, null)], response!.measure))).toBeUndefined();
  });

  it('is the actions’ time to first accept, and the automation’s firings and response time', () => {
    expect(DAY_CHARTS.actions!.map((chart) => [chart.key, chart.shape, chart.measure.key])).toEqual([['acceptPerDay', 'line', 'acceptMedian']]);
    expect(DAY_CHARTS.automation!.map((chart) => [chart.key, chart.shape])).toEqual([
      ['firingsPerDay', 'bars'],
      ['responsePerDay', 'line'],
    ]);
  });
});

describe("a day chart's value axis", () => {
  it('ticks a duration at whole seconds, minutes or hours, from 0 past the highest value', () => {
    expect(axisTicks(126_000, 'duration')).toEqual([0, 60_000, 120_000, 180_000]);
    expect(axisTicks(45_000, 'duration')).toEqual([0, 15_000, 30_000, 45_000]);
    expect(axisTicks(100_000, 'duration')).toEqual([0, 30_000, 60_000, 90_000, 120_000]);
    expect(axisTicks(5 * 3_600_000, 'duration')).toEqual([0, 2 * 3_600_000, 4 * 3_600_000, 6 * 3_600_000]);
    expect(axisTicks(0, 'duration')).toEqual([0, 1_000]);
  });

  it('ticks a count at whole numbers', () => {
    expect(axisTicks(3, 'count')).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7, 'count')).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(130, 'count')).toEqual([0, 50, 100, 150]);
    expect(axisTicks(0, 'count')).toEqual([0, 1]);
  });
});
