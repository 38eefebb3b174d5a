import { describe, expect, it } from 'vitest';
import { addDays, atTime, isoDateTime, isSameDay, offsetOf, roundUpMinutes, startOfDay, timeOfDay, toDateTimeParts, withDate, withTime } from './date-time.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const iso = (date: Date | undefined) => date?.toISOString();

describe("the forms' calendar on the organisation's clock (decision 0049)", () => {
  it("near midnight UTC, a form's today and times are Berlin's and New York's, not the machine's", () => {
    const at = new Date('2026-11-27T23:30:00Z');
    expect(toDateTimeParts(at, BERLIN)).toEqual({ date: '2026-11-28', time: '00:30', offset: '+01:00' });
    expect(toDateTimeParts(at, NEW_YORK)).toEqual({ date: '2026-11-27', time: '18:30', offset: '-05:00' });
    expect(iso(startOfDay(at, BERLIN))).toBe('2026-11-27T23:00:00.000Z');
    expect(isSameDay(at, new Date('2026-11-28T10:00:00Z'), BERLIN)).toBe(true);
    expect(isSameDay(at, new Date('2026-11-28T10:00:00Z'), NEW_YORK)).toBe(false);
    // The next half hour of New York's 23:45 is its tomorrow's midnight.
    expect(iso(roundUpMinutes(new Date('2026-11-28T04:45:00Z'), 30, NEW_YORK))).toBe('2026-11-28T05:00:00.000Z');
  });

  it('writes an instant as ISO 8601 with the zone\'s offset, to the second', () => {
    expect(isoDateTime(new Date('2026-11-29T17:04:05.900Z'), BERLIN)).toBe('2026-11-29T18:04:05+01:00');
    expect(isoDateTime(new Date('2026-07-01T03:00:00Z'), BERLIN)).toBe('2026-07-01T05:00:00+02:00');
    expect(isoDateTime(new Date('2026-11-28T04:30:00Z'), NEW_YORK)).toBe('2026-11-27T23:30:00-05:00');
    expect(isoDateTime(new Date('2026-11-28T04:30:00Z'), 'UTC')).toBe('2026-11-28T04:30:00+00:00');
  });

  it('keeps the wall clock across a DST switch', () => {
    // Berlin springs forward on 29 March 2026: midnight is still +01:00, noon +02:00.
    expect(iso(startOfDay('2026-03-29', BERLIN))).toBe('2026-03-28T23:00:00.000Z');
    expect(offsetOf(withTime(startOfDay('2026-03-29', BERLIN), 12, 0, BERLIN), BERLIN)).toBe('+02:00');
    expect(iso(addDays(new Date('2026-03-28T08:00:00Z'), 1, BERLIN))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(withDate(new Date('2026-10-30T13:00:00Z'), '2026-11-02', NEW_YORK))).toBe('2026-11-02T14:00:00.000Z');
    // 02:30 does not exist that night in Berlin: it moves forward by the gap, as the schedules do.
    expect(iso(atTime('2026-03-29', '02:30', BERLIN))).toBe('2026-03-29T01:30:00.000Z');
    expect(timeOfDay(atTime('2026-11-28', '23:59:59', BERLIN)!, BERLIN)).toEqual({ hour: 23, minute: 59, second: 59 });
    expect(atTime('', '09:00', BERLIN)).toBeUndefined();
  });
});
