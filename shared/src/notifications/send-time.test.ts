import { describe, expect, it } from 'vitest';
import type { Recurring } from './notification.schema.ts';
import { childId, decideSend, isOccurrenceDay, occurrenceAfter, occurrenceKey, partsIn, repeatEndIsAfterSend, seriesOf } from './send-time.ts';

const now = new Date('2025-03-03T08:00:00.000Z');

describe('send time', () => {
  it('is now when absent or up to a minute ago, later when in the future, past before that', () => {
    expect(decideSend(null, now)).toEqual({ kind: 'now' });
    expect(decideSend({ date: '2025-03-03', time: '08:59:30', offset: '+01:00' }, now)).toEqual({ kind: 'now' });
    expect(decideSend({ date: '2025-03-03', time: '09:30', offset: '+01:00' }, now)).toEqual({ kind: 'later', at: new Date('2025-03-03T08:30:00.000Z') });
    expect(decideSend({ date: '2025-03-03', time: '08:58', offset: '+01:00' }, now)).toEqual({ kind: 'past' });
  });

  it('writes an instant as date, time and offset of a zone, across DST', () => {
    expect(partsIn(new Date('2025-03-31T06:00:00.000Z'), 'Europe/Berlin')).toEqual({ date: '2025-03-31', time: '08:00', offset: '+02:00' });
    expect(partsIn(new Date('2025-03-28T07:00:30.000Z'), 'Europe/Berlin')).toEqual({ date: '2025-03-28', time: '08:00', offset: '+01:00' });
    expect(partsIn(new Date('2025-01-01T00:30:00.000Z'), 'America/New_York')).toEqual({ date: '2024-12-31', time: '19:30', offset: '-05:00' });
  });
});

describe('series', () => {
  const recurring: Recurring = {
    occurrence_time: { send: { time: '08:00', offset: '+01:00' } },
    range: { start: { date: '2025-03-28', offset: '+01:00' }, end: { date: '2025-03-31', offset: '+02:00' } },
    days: ['monday', 'friday', 'saturday'],
  };
  const series = seriesOf(recurring, 'Europe/Berlin');

  it('keeps the local time across the DST change and includes the whole end date', () => {
    expect(series).toMatchObject({ time: '08:00', days: ['monday', 'friday', 'saturday'], timeZone: 'Europe/Berlin' });
    expect(series.start.toISOString()).toBe('2025-03-27T23:00:00.000Z');
    expect(series.end!.toISOString()).toBe('2025-03-31T22:00:00.000Z');
    const first = occurrenceAfter(series, new Date('2025-03-01T00:00:00Z'))!;
    expect(first.toISOString()).toBe('2025-03-28T07:00:00.000Z');
    const second = occurrenceAfter(series, first)!;
    expect(second.toISOString()).toBe('2025-03-29T07:00:00.000Z');
    const third = occurrenceAfter(series, second)!;
    expect(third.toISOString()).toBe('2025-03-31T06:00:00.000Z');
    expect(occurrenceAfter(series, third)).toBeNull();
  });

  it('converts the chosen time from the offset it was entered in to the organisation zone', () => {
    expect(seriesOf({ ...recurring, occurrence_time: { send: { time: '08:00', offset: '+00:00' } } }, 'Europe/Berlin').time).toBe('09:00');
  });

  it('knows whether today is an occurrence day', () => {
    expect(isOccurrenceDay(series, new Date('2025-03-28T10:00:00Z'))).toBe(true);
    expect(isOccurrenceDay(series, new Date('2025-03-30T10:00:00Z'))).toBe(false);
    expect(isOccurrenceDay(series, new Date('2025-04-04T10:00:00Z'))).toBe(false);
  });

  it('names children by occurrence', () => {
    expect(occurrenceKey(new Date('2025-03-31T06:00:00.000Z'))).toBe('20250331T0600Z');
    expect(childId('01ROOT', new Date('2025-03-31T06:00:00.000Z'))).toBe('01ROOT-20250331T0600Z');
  });

  it('wants the end date after the send', () => {
    expect(repeatEndIsAfterSend(recurring, new Date('2025-03-28T07:00:00Z'))).toBe(true);
    expect(repeatEndIsAfterSend(recurring, new Date('2025-03-31T07:00:00Z'))).toBe(false);
    expect(repeatEndIsAfterSend({ ...recurring, range: { ...recurring.range, end: null } }, now)).toBe(false);
  });
});
