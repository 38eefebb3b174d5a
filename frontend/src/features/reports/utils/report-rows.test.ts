import { describe, expect, it } from 'vitest';
import type { ReportTableRowDto } from '@portal/shared/reports/reports.schema';
import { orderedRows, rowName, type RowWords } from './report-rows.ts';

const WORDS: RowWords = {
  none: (dimension) => `none ${dimension}`,
  peopleNamed: 'people named',
  others: (dimension) => `others ${dimension}`,
  everyone: 'everyone',
  removed: 'removed',
  hour: (from, to) => `${from}–${to}`,
};

const row = (key: string, counters: Record<string, number> = {}, name: string | null = null): ReportTableRowDto => ({ key, name, counters, duration_count: 0, median_ms: null, p90_ms: null });

describe("a report row's name", () => {
  it("is the API's name where it has one", () => {
    expect(rowName('TEMPLATE', row('t1', {}, 'Spill'), WORDS)).toBe('Spill');
  });

  it('says what a key without a name stands for', () => {
    expect(rowName('TEMPLATE', row('-'), WORDS)).toBe('none TEMPLATE');
    expect(rowName('GROUP', row('user:*'), WORDS)).toBe('people named');
    expect(rowName('GROUP', row('other:*'), WORDS)).toBe('others GROUP');
    expect(rowName('ACTIVITY', row('*'), WORDS)).toBe('others ACTIVITY');
    expect(rowName('CHECK', row('-'), WORDS)).toBe('none CHECK');
    expect(rowName('GROUP', row('everyone:everyone'), WORDS)).toBe('everyone');
    expect(rowName('HOUR', row('07'), WORDS)).toBe('07:00–07:59');
    expect(rowName('HOUR', row('00'), WORDS)).toBe('00:00–00:59');
    expect(rowName('CHECK', row('Set the alarm'), WORDS)).toBe('Set the alarm');
    expect(rowName('TRIGGER', row('trigger-gone'), WORDS)).toBe('removed');
  });
});

describe("a report table's order", () => {
  it('puts hours in clock order', () => {
    expect(orderedRows('HOUR', [row('14'), row('07'), row('23')]).map((r) => r.key)).toEqual(['07', '14', '23']);
  });

  it('puts the checklist items most often left unticked first', () => {
    const rows = [row('a', { n: 9, unt: 1 }), row('b', { n: 3, unt: 3 }), row('c', { n: 5, unt: 3 }), row('d', { n: 4 })];
    expect(orderedRows('CHECK', rows).map((r) => r.key)).toEqual(['c', 'b', 'a', 'd']);
  });

  it("keeps the API's order otherwise", () => {
    expect(orderedRows('TEMPLATE', [row('b'), row('a')]).map((r) => r.key)).toEqual(['b', 'a']);
  });
});
