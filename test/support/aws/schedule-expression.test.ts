import { describe, expect, it } from 'vitest';
import { nextOccurrence, parseExpression } from './schedule-expression.ts';

const next = (expression: string, zone: string, after: string) => {
  const found = nextOccurrence(parseExpression(expression), zone, Date.parse(after), 0);
  return found === undefined ? undefined : new Date(found).toISOString();
};

describe('schedule expressions', () => {
  it('reads at() in the schedule zone', () => {
    expect(next('at(2026-07-01T09:00:00)', 'Europe/Berlin', '2026-01-01T00:00:00Z')).toBe('2026-07-01T07:00:00.000Z');
    expect(next('at(2026-07-01T09:00:00)', 'UTC', '2026-08-01T00:00:00Z')).toBeUndefined();
  });

  it('evaluates cron() with weekday names, L, # and W across a DST change', () => {
    // Berlin moves to CEST on 29 March 2026: 09:30 local is 07:30Z from then on.
    expect(next('cron(30 9 ? * MON,WED *)', 'Europe/Berlin', '2026-03-27T12:00:00Z')).toBe('2026-03-30T07:30:00.000Z');
    // 02:30 does not exist that night in Berlin, so that occurrence is skipped.
    expect(next('cron(30 2 * * ? *)', 'Europe/Berlin', '2026-03-28T12:00:00Z')).toBe('2026-03-30T00:30:00.000Z');
    expect(next('cron(0 12 L * ? *)', 'UTC', '2026-02-02T00:00:00Z')).toBe('2026-02-28T12:00:00.000Z');
    expect(next('cron(0 12 ? * 6#3 *)', 'UTC', '2026-11-01T00:00:00Z')).toBe('2026-11-20T12:00:00.000Z');
    // The 1st of August 2026 is a Saturday: the nearest weekday within the month is Monday the 3rd.
    expect(next('cron(0 8 1W * ? *)', 'UTC', '2026-07-15T00:00:00Z')).toBe('2026-08-03T08:00:00.000Z');
    expect(next('cron(0/15 * * * ? 2027)', 'UTC', '2026-07-15T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses malformed expressions as the service does', () => {
    for (const bad of ['at(2026-13-01T00:00:00)', 'at(2026-02-30T00:00:00)', 'at(2026-01-01 00:00:00)', 'cron(0 9 * * MON *)', 'cron(0 9 ? * ? *)', 'cron(0 9 * *)', 'cron(60 9 * * ? *)', 'rate(5 minute)', 'rate(1 minutes)', 'rate(0 hours)', 'every day']) {
      expect(() => parseExpression(bad), bad).toThrow();
    }
    expect(parseExpression('rate(1 day)')).toEqual({ kind: 'rate', periodMs: 86_400_000 });
  });
});
