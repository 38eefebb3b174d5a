import { describe, expect, it } from 'vitest';
import { durationsOf } from '@portal/shared/reports/durations';
import { dayFigures, figuresOf, tableRows } from './report-figures.ts';

const COUNTERS = ['n', 'acc'] as const;

describe("a report's figures (decision 0087)", () => {
  it('gives every counter, zeros too, and the exact median and nearest-rank 90th percentile', () => {
    const durations = durationsOf([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]);
    expect(figuresOf({ counters: { n: 12, acc: 11, other: 3 }, durations }, COUNTERS)).toEqual({ counters: { n: 12, acc: 11 }, duration_count: 11, median_ms: 60, p90_ms: 100 });
    expect(figuresOf({ counters: {}, durations: {} }, COUNTERS)).toEqual({ counters: { n: 0, acc: 0 }, duration_count: 0, median_ms: null, p90_ms: null });
    // Two middle values: their mean rounded to the millisecond.
    expect(figuresOf({ counters: { n: 2 }, durations: durationsOf([1_000, 1_003]) }, COUNTERS)).toMatchObject({ median_ms: 1_002, p90_ms: 1_003 });
  });

  it('has a point for every date asked, zeros where nothing happened', () => {
    const days = dayFigures(['2026-03-01', '2026-03-02', '2026-03-03'], [{ key: '2026-03-02', counters: { n: 2, acc: 1 }, durations: { 500: 1 } }], COUNTERS);
    expect(days).toEqual([
      { date: '2026-03-01', counters: { n: 0, acc: 0 }, duration_count: 0, median_ms: null, p90_ms: null },
      { date: '2026-03-02', counters: { n: 2, acc: 1 }, duration_count: 1, median_ms: 500, p90_ms: 500 },
      { date: '2026-03-03', counters: { n: 0, acc: 0 }, duration_count: 0, median_ms: null, p90_ms: null },
    ]);
  });

  it('sorts a table by its first counter descending, then by value, named (null when gone)', () => {
    const rows = tableRows(
      [
        { key: 'b', counters: { n: 1 }, durations: {} },
        { key: 'c', counters: { n: 5, acc: 5 }, durations: {} },
        { key: 'a', counters: { n: 1, acc: 1 }, durations: {} },
      ],
      new Map([['c', 'Till'], ['a', null]]),
      COUNTERS,
    );
    expect(rows.map(({ key, name, counters }) => ({ key, name, n: counters.n }))).toEqual([
      { key: 'c', name: 'Till', n: 5 },
      { key: 'a', name: null, n: 1 },
      { key: 'b', name: null, n: 1 },
    ]);
  });
});
