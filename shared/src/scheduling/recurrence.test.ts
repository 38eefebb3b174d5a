import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../constants.ts';
import {
  WEEKDAY_SHORTCUTS,
  atExpression,
  cronExpression,
  formatLocal,
  nextOccurrence,
  occurrencesBetween,
  shortcutOf,
  zonedParts,
  zonedTimeToUtc,
  type Series,
} from './recurrence.ts';

const BERLIN = 'Europe/Berlin';
const utc = (iso: string) => new Date(iso);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const daily = (time: string, start: string, end?: string): Series => ({ time, days: WEEKDAYS, timeZone: BERLIN, start: utc(start), end: end ? utc(end) : undefined });

describe('zonedTimeToUtc', () => {
  it('converts a Berlin wall time in winter and in summer', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 1, day: 15, hour: 9, minute: 0 }, BERLIN).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 7, day: 15, hour: 9, minute: 0 }, BERLIN).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('moves a time in the spring-forward gap forward by the gap: 02:30 becomes 03:30 CEST (01:30Z)', () => {
    const at = zonedTimeToUtc({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, BERLIN);
    expect(at.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(formatLocal(at, BERLIN)).toBe('2026-03-29 03:30');
  });

  it('takes the first of the two 02:30s on the fall-back day (CEST, 00:30Z)', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, BERLIN).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('works for zones west of Greenwich and without DST', () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 6, day: 1, hour: 9, minute: 0 }, 'Asia/Kolkata').toISOString()).toBe('2026-06-01T03:30:00.000Z');
    expect(zonedTimeToUtc({ year: 2026, month: 6, day: 1, hour: 9, minute: 0 }, 'UTC').toISOString()).toBe('2026-06-01T09:00:00.000Z');
  });

  it('rejects an unknown zone', () => {
    expect(() => zonedTimeToUtc({ year: 2026, month: 1, day: 1, hour: 0, minute: 0 }, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('reads wall time and weekday back', () => {
    expect(zonedParts(utc('2026-03-29T07:00:00Z'), BERLIN)).toEqual({ year: 2026, month: 3, day: 29, hour: 9, minute: 0, second: 0, weekday: 'sunday' });
  });
});

describe('a daily 09:00 series in Europe/Berlin', () => {
  it('fires at 08:00Z before the spring-forward change and at 07:00Z after it', () => {
    const series = daily('09:00', '2026-03-27T00:00:00Z');
    expect(iso(occurrencesBetween(series, utc('2026-03-27T00:00:00Z'), utc('2026-03-31T00:00:00Z')))).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('fires at 07:00Z before the fall-back change and at 08:00Z after it', () => {
    const series = daily('09:00', '2026-10-23T00:00:00Z');
    expect(iso(occurrencesBetween(series, utc('2026-10-23T00:00:00Z'), utc('2026-10-27T00:00:00Z')))).toEqual([
      '2026-10-23T07:00:00.000Z',
      '2026-10-24T07:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('steps from one occurrence to the next across the change', () => {
    const series = daily('09:00', '2026-03-01T00:00:00Z');
    expect(nextOccurrence(series, utc('2026-03-28T08:00:00Z'))?.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(nextOccurrence(series, utc('2026-03-29T07:00:00Z'))?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });
});

describe('DST edge times in a series', () => {
  it('skips 02:30 on the spring-forward day, which does not exist (as EventBridge Scheduler does)', () => {
    const series = daily('02:30', '2026-03-28T00:00:00Z');
    expect(iso(occurrencesBetween(series, utc('2026-03-28T00:00:00Z'), utc('2026-03-31T00:00:00Z')))).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
  });

  it('fires 02:30 once on the fall-back day, at the first (CEST) one', () => {
    const series = daily('02:30', '2026-10-24T00:00:00Z');
    expect(iso(occurrencesBetween(series, utc('2026-10-24T00:00:00Z'), utc('2026-10-27T00:00:00Z')))).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('finds the next week when the only weekday is skipped by the gap', () => {
    const sundays: Series = { time: '02:30', days: ['sunday'], timeZone: BERLIN, start: utc('2026-03-23T00:00:00Z') };
    expect(nextOccurrence(sundays, utc('2026-03-23T00:00:00Z'))?.toISOString()).toBe('2026-04-05T00:30:00.000Z');
  });
});

describe('weekdays, start and end', () => {
  it('fires only on the chosen weekdays', () => {
    // 2026-06-01 is a Monday.
    const series: Series = { time: '18:15', days: ['monday', 'wednesday', 'friday'], timeZone: BERLIN, start: utc('2026-06-01T00:00:00Z') };
    const found = occurrencesBetween(series, utc('2026-06-01T00:00:00Z'), utc('2026-06-08T00:00:00Z'));
    expect(found.map((d) => zonedParts(d, BERLIN).weekday)).toEqual(['monday', 'wednesday', 'friday']);
    expect(found.map((d) => formatLocal(d, BERLIN))).toEqual(['2026-06-01 18:15', '2026-06-03 18:15', '2026-06-05 18:15']);
  });

  it('fires at the start itself (inclusive) and never at or after the end (exclusive)', () => {
    const series = daily('09:00', '2026-06-01T07:00:00Z', '2026-06-03T07:00:00Z');
    expect(iso(occurrencesBetween(series, utc('2026-05-01T00:00:00Z'), utc('2026-07-01T00:00:00Z')))).toEqual([
      '2026-06-01T07:00:00.000Z',
      '2026-06-02T07:00:00.000Z',
    ]);
    expect(nextOccurrence(series, utc('2026-06-02T07:00:00Z'))).toBeNull();
  });

  it('includes a whole last day when the end is the start of the following day', () => {
    const series = daily('23:30', '2026-06-01T00:00:00Z', '2026-06-02T22:00:00Z');
    expect(occurrencesBetween(series, utc('2026-06-01T00:00:00Z'), utc('2026-07-01T00:00:00Z')).map((d) => formatLocal(d, BERLIN))).toEqual([
      '2026-06-01 23:30',
      '2026-06-02 23:30',
    ]);
  });

  it('starts after `after` when the series began long ago, and has nothing without weekdays', () => {
    const series = daily('09:00', '2020-01-01T00:00:00Z');
    expect(nextOccurrence(series, utc('2026-06-01T12:00:00Z'))?.toISOString()).toBe('2026-06-02T07:00:00.000Z');
    expect(nextOccurrence({ ...series, days: [] }, utc('2026-06-01T12:00:00Z'))).toBeNull();
  });
});

describe('EventBridge expressions', () => {
  it('writes at() in UTC to the second', () => {
    expect(atExpression(utc('2026-03-29T07:00:00.789Z'))).toBe('at(2026-03-29T07:00:00)');
  });

  it('writes cron() with minutes, hours and the weekdays in calendar order', () => {
    expect(cronExpression('09:00', ['tuesday', 'monday'])).toBe('cron(0 9 ? * MON,TUE *)');
    expect(cronExpression('18:05', WEEKDAYS)).toBe('cron(5 18 ? * MON,TUE,WED,THU,FRI,SAT,SUN *)');
    expect(() => cronExpression('9:00', ['monday'])).toThrow('HH:mm');
    expect(() => cronExpression('09:00', [])).toThrow('at least one weekday');
  });
});

describe('weekday shortcuts (spec 000 §5)', () => {
  it('defines Everyday, Weekdays, Weekends and Custom', () => {
    expect(WEEKDAY_SHORTCUTS.Everyday).toEqual(WEEKDAYS);
    expect(WEEKDAY_SHORTCUTS.Weekdays).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(WEEKDAY_SHORTCUTS.Weekends).toEqual(['saturday', 'sunday']);
    expect(WEEKDAY_SHORTCUTS.Custom).toEqual([]);
  });

  it('names the shortcut a selection matches, in any order, else Custom', () => {
    expect(shortcutOf([...WEEKDAYS].reverse())).toBe('Everyday');
    expect(shortcutOf(['friday', 'monday', 'tuesday', 'wednesday', 'thursday'])).toBe('Weekdays');
    expect(shortcutOf(['sunday', 'saturday'])).toBe('Weekends');
    expect(shortcutOf(['monday'])).toBe('Custom');
    expect(shortcutOf([])).toBe('Custom');
  });
});
