import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@portal/shared/reports/reports.schema';
import { checkedRange, datesOf, instantsOf, rowsLimit } from './report-range.ts';

describe("a report's range (decision 0087)", () => {
  it('takes the days both included, up to 366 of them', () => {
    expect(checkedRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(checkedRange({ from: '2026-01-01', to: '2026-12-31' })).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(checkedRange({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it("refuses a reversed or longer range with the product's messages", () => {
    expect(() => checkedRange({ from: '2026-03-02', to: '2026-03-01' })).toThrow(REPORT_MESSAGES.rangeReversed);
    expect(() => checkedRange({ from: '2025-01-01', to: '2026-01-02' })).toThrow(REPORT_MESSAGES.rangeTooLong);
  });

  it('lists every date, across a month and a year', () => {
    expect(datesOf({ from: '2025-12-30', to: '2026-01-02' })).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(datesOf({ from: '2026-02-28', to: '2026-03-01' })).toEqual(['2026-02-28', '2026-03-01']);
    expect(datesOf({ from: '2025-01-01', to: '2025-12-31' })).toHaveLength(365);
  });

  it("gives the instants of the organisation's days, across a change of clocks", () => {
    // Berlin moves to summer time on 2026-03-29: that day has 23 hours.
    expect(instantsOf('Europe/Berlin', { from: '2026-03-28', to: '2026-03-29' })).toEqual({ start: '2026-03-27T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' });
    expect(instantsOf('Pacific/Auckland', { from: '2026-07-01', to: '2026-07-01' })).toEqual({ start: '2026-06-30T12:00:00.000Z', end: '2026-07-01T12:00:00.000Z' });
  });

  it('pages by 500 unless asked for 1 to 1000', () => {
    expect(rowsLimit(undefined)).toBe(500);
    expect(rowsLimit('1')).toBe(1);
    expect(rowsLimit('1000')).toBe(1000);
    expect(() => rowsLimit('0')).toThrow(REPORT_MESSAGES.limit);
    expect(() => rowsLimit('1001')).toThrow(REPORT_MESSAGES.limit);
  });
});
