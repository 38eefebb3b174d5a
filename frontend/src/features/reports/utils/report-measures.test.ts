import { describe, expect, it } from 'vitest';
import type { ReportFiguresDto } from '@portal/shared/reports/reports.schema';
import { measureCell, measureText, type ValueWords } from './measure-values.ts';
import { PERSON_MEASURES, SUMMARY_MEASURES, tableMeasures, type Measure } from './report-measures.ts';

const figures = (counters: Record<string, number>, median_ms: number | null = null, p90_ms: number | null = null): ReportFiguresDto => ({
  counters,
  duration_count: median_ms === null ? 0 : 1,
  median_ms,
  p90_ms,
});
const WORDS: ValueWords = {
  language: 'en',
  durationPart: ({ unit, value }) => `${value} ${{ days: 'd', hours: 'h', minutes: 'min', seconds: 's' }[unit]}`,
  underSecond: '< 1 s',
  none: '–',
};
const byKey = (measures: readonly Measure[]) => Object.fromEntries(measures.map((measure) => [measure.key, measure]));
const values = (measures: readonly Measure[], of: ReportFiguresDto) => Object.fromEntries(measures.map((measure) => [measure.key, measure.of(of)]));

describe("a report's figures from its counters (report-definitions.ts)", () => {
  it('actions: sent, accepted over sent, escalated and expired over sent, the exact durations', () => {
    expect(values(SUMMARY_MEASURES.actions, figures({ n: 8, acc: 6, esc: 2, exp: 1, wd: 3 }, 80_000, 300_500))).toEqual({
      sent: 8,
      acceptanceRate: 0.75,
      acceptMedian: 80_000,
      acceptP90: 300_500,
      escalatedShare: 0.25,
      expiredShare: 0.125,
    });
  });

  it('tasks: on time over due, overdue, median lateness, declined by all; checklist items by unticked', () => {
    expect(values(SUMMARY_MEASURES.tasks, figures({ n: 4, ontime: 3, overdue: 1, late: 1, decl: 1 }, 600_000))).toEqual({ onTimeRate: 0.75, overdue: 1, latenessMedian: 600_000, allDeclined: 1 });
    expect(values(tableMeasures('tasks', 'CHECK'), figures({ n: 4, unt: 1 }))).toEqual({ unticked: 1, dueWithItem: 4, untickedShare: 0.25 });
    expect(values(PERSON_MEASURES, figures({ done: 4, ontime: 2, decl: 1 }))).toEqual({ completed: 4, completedOnTime: 2, onTimeRate: 0.5, declined: 1 });
  });

  it('notifications: read over delivered', () => {
    expect(byKey(tableMeasures('notifications', 'TEMPLATE')).readRate!.of(figures({ n: 1, dlv: 40, read: 30 }))).toBe(0.75);
  });

  it('automation: firings, throttled, failed, response time', () => {
    expect(values(tableMeasures('automation', 'TRIGGER'), figures({ fired: 5, thr: 2, fail: 1, resp: 3 }, 45_000, 90_000))).toEqual({
      fired: 5,
      throttled: 2,
      failed: 1,
      responseMedian: 45_000,
      responseP90: 90_000,
    });
  });

  it('has no rate over nothing and no duration without any; a missing counter is 0', () => {
    expect(values(SUMMARY_MEASURES.actions, figures({}))).toEqual({ sent: 0, acceptanceRate: null, acceptMedian: null, acceptP90: null, escalatedShare: null, expiredShare: null });
  });
});

describe('a figure as the page says it and as the CSV writes it', () => {
  const { acceptanceRate, acceptMedian, sent } = byKey(SUMMARY_MEASURES.actions);
  const some = figures({ n: 1234, acc: 6, esc: 0 }, 80_000);

  it('on the page: a number, a percentage, a duration in words, a dash for none', () => {
    expect(measureText(sent!, some, WORDS)).toBe('1,234');
    expect(measureText(sent!, some, { ...WORDS, language: 'de' })).toBe('1.234');
    expect(measureText(acceptanceRate!, figures({ n: 7, acc: 6 }), WORDS)).toBe('85.7%');
    expect(measureText(acceptMedian!, some, WORDS)).toBe('1 min 20 s');
    expect(measureText(acceptMedian!, figures({}, 450), WORDS)).toBe('< 1 s');
    expect(measureText(acceptMedian!, figures({}, 0), WORDS)).toBe('0 s');
    expect(measureText(acceptanceRate!, figures({}), WORDS)).toBe('–');
  });

  it('in the CSV: a count, a percentage to a tenth, seconds to the millisecond, empty for none', () => {
    expect(measureCell(sent!, some)).toBe(1234);
    expect(measureCell(acceptanceRate!, figures({ n: 7, acc: 6 }))).toBe(85.7);
    expect(measureCell(acceptMedian!, figures({}, 80_123))).toBe(80.123);
    expect(measureCell(acceptanceRate!, figures({}))).toBe(null);
  });
});
