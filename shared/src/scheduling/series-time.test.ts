import { describe, expect, it } from 'vitest';
import { childId, decideStart, localTimeOf, occurrenceAfter, occurrenceEnd, partsIn, repeatEndIsAfter, seriesAt, seriesFrom } from './series-time.ts';

const range = { start: { date: '2026-03-27', offset: '+01:00' }, end: { date: '2026-03-30', offset: '+02:00' } };

describe('series kit', () => {
  it('builds a series at a time of day in the zone and keeps it across the spring change', () => {
    const series = seriesAt(range, { time: '08:00', offset: '+01:00' }, ['friday', 'saturday', 'sunday', 'monday'], 'Europe/Berlin');
    const found: string[] = [];
    for (let at = occurrenceAfter(series, new Date('2026-03-01T00:00:00Z')); at; at = occurrenceAfter(series, at)) found.push(at.toISOString());
    // Friday and Saturday at 08:00 CET (07:00Z), Sunday and Monday at 08:00 CEST (06:00Z), none after the end date.
    expect(found).toEqual(['2026-03-27T07:00:00.000Z', '2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z', '2026-03-30T06:00:00.000Z']);
  });

  it('starts from a chosen first moment, never before its own start', () => {
    const series = seriesAt(range, { time: '08:00', offset: '+01:00' }, ['friday', 'saturday'], 'Europe/Berlin');
    expect(seriesFrom(series, new Date('2026-03-27T12:00:00Z')).start.toISOString()).toBe('2026-03-27T12:00:00.000Z');
    expect(seriesFrom(series, new Date('2026-01-01T00:00:00Z')).start).toEqual(series.start);
    expect(seriesFrom(series, null)).toBe(series);
  });

  it('converts an entered time of day to the zone, with seconds when asked', () => {
    expect(localTimeOf(range, { time: '22:59:59', offset: '+00:00' }, 'Europe/Berlin', true)).toBe('23:59:59');
    expect(localTimeOf(range, { time: '22:59:59', offset: '+00:00' }, 'Europe/Berlin')).toBe('23:59');
  });

  it('ends an occurrence on its day, or on the next when the end is not after the start', () => {
    expect(occurrenceEnd(new Date('2026-03-28T07:00:00Z'), '17:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T16:00:00.000Z');
    // Saturday 22:00 CET to Sunday 06:00 CEST: the night of the change is an hour shorter.
    expect(occurrenceEnd(new Date('2026-03-28T21:00:00Z'), '06:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(occurrenceEnd(new Date('2026-03-28T07:00:00Z'), '08:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('decides now, later or past with a minute of tolerance', () => {
    const now = new Date('2026-03-27T08:00:00Z');
    expect(decideStart(null, now)).toEqual({ kind: 'now' });
    expect(decideStart({ date: '2026-03-27', time: '08:59:30', offset: '+01:00' }, now)).toEqual({ kind: 'now' });
    expect(decideStart({ date: '2026-03-27', time: '09:30', offset: '+01:00' }, now)).toEqual({ kind: 'later', at: new Date('2026-03-27T08:30:00Z') });
    expect(decideStart({ date: '2026-03-27', time: '08:58', offset: '+01:00' }, now)).toEqual({ kind: 'past' });
  });

  it('writes parts with seconds only when asked and names a child by its occurrence', () => {
    expect(partsIn(new Date('2026-03-29T21:59:59Z'), 'Europe/Berlin', true)).toEqual({ date: '2026-03-29', time: '23:59:59', offset: '+02:00' });
    expect(partsIn(new Date('2026-03-29T21:59:59Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '23:59', offset: '+02:00' });
    expect(childId('ROOT', new Date('2026-03-29T06:00:00Z'))).toBe('ROOT-20260329T0600Z');
  });

  it('wants the repeat end date after the first start', () => {
    expect(repeatEndIsAfter({ date: '2026-03-28', offset: '+01:00' }, new Date('2026-03-27T08:00:00Z'))).toBe(true);
    expect(repeatEndIsAfter({ date: '2026-03-27', offset: '+01:00' }, new Date('2026-03-27T08:00:00Z'))).toBe(false);
    expect(repeatEndIsAfter(null, new Date('2026-03-27T08:00:00Z'))).toBe(false);
  });
});
