import { describe, expect, it } from 'vitest';
import { daysIn, rangeProblem, reportRangeOf, withReportRange } from './report-range.ts';

const TODAY = '2026-11-29';
const rangeOf = (search: string) => reportRangeOf(new URLSearchParams(search), TODAY);

describe('the reports range in the query', () => {
  it('defaults to the last 30 days to today, both included', () => {
    expect(rangeOf('')).toEqual({ choice: '30', from: '2026-10-31', to: TODAY });
    expect(daysIn(rangeOf(''))).toBe(30);
  });

  it('reads a preset, and moves it with today', () => {
    expect(rangeOf('range=7')).toEqual({ choice: '7', from: '2026-11-23', to: TODAY });
    expect(rangeOf('range=90')).toEqual({ choice: '90', from: '2026-09-01', to: TODAY });
    expect(reportRangeOf(new URLSearchParams('range=7'), '2027-01-02')).toEqual({ choice: '7', from: '2026-12-27', to: '2027-01-02' });
  });

  it('reads a custom range of two real days, and falls back to the default otherwise', () => {
    expect(rangeOf('range=custom&from=2026-02-01&to=2026-02-28')).toEqual({ choice: 'custom', from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('range=custom&from=2026-02-30&to=2026-03-01').choice).toBe('30');
    expect(rangeOf('range=custom&from=2026-02-01').choice).toBe('30');
    expect(rangeOf('range=14').choice).toBe('30');
  });

  it('writes a preset alone and a custom range with its days, keeping the tab', () => {
    const custom = withReportRange(new URLSearchParams('tab=tasks&from=x'), { choice: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(custom.toString()).toBe('tab=tasks&from=2026-01-01&range=custom&to=2026-01-31');
    expect(withReportRange(custom, { choice: '7', from: '2026-11-23', to: TODAY }).toString()).toBe('tab=tasks&range=7');
  });

  it('says what the API would refuse: reversed, or longer than 366 days', () => {
    expect(rangeProblem({ from: '2026-02-02', to: '2026-02-01' })).toBe('reversed');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBe(undefined);
    expect(daysIn({ from: '2025-01-01', to: '2026-01-01' })).toBe(366);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('tooLong');
    expect(rangeProblem({ from: TODAY, to: TODAY })).toBe(undefined);
  });
});
