import { describe, expect, it } from 'vitest';
import { dayIn } from './organization-day.ts';

describe("the organisation's day", () => {
  it('is the local midnight to the next, in UTC', () => {
    expect(dayIn('Europe/Berlin', new Date('2026-11-23T12:00:00Z'), '2026-11-20')).toEqual({
      date: '2026-11-20',
      start: '2026-11-19T23:00:00.000Z',
      end: '2026-11-20T23:00:00.000Z',
    });
  });

  it('has 23 hours on the day the clocks go forward, and runs into the next month', () => {
    expect(dayIn('Europe/Berlin', new Date(), '2026-03-29')).toEqual({ date: '2026-03-29', start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' });
    expect(dayIn('America/New_York', new Date(), '2026-01-31')).toMatchObject({ start: '2026-01-31T05:00:00.000Z', end: '2026-02-01T05:00:00.000Z' });
  });

  it("is today in the organisation's zone when no date is asked, not the server's", () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin, still the 23rd in New York.
    const late = new Date('2026-11-23T23:30:00Z');
    expect(dayIn('Europe/Berlin', late).date).toBe('2026-11-24');
    expect(dayIn('America/New_York', late).date).toBe('2026-11-23');
  });
});
