import { describe, expect, it } from 'vitest';
import { isoWeekOf } from '@portal/shared/shifts/iso-week';
import { formatDate, formatDateTime, formatDay, formatTime, timeRange, todayIn, usableZone, zoneLabel } from './zoned-time.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
// Intl puts a narrow no-break space before AM/PM; the assertions read better with a plain one.
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

describe('the organisation clock (decision 0049)', () => {
  it("near midnight UTC, Berlin's today is already tomorrow, whatever the machine's zone", () => {
    const at = new Date('2026-11-27T23:30:00Z');
    expect(todayIn(BERLIN, at)).toBe('2026-11-28');
    expect(todayIn('UTC', at)).toBe('2026-11-27');
    expect(plain(formatDateTime(at, 'en', BERLIN))).toBe('Nov 28, 2026, 12:30 AM');
    expect(formatDateTime(at, 'de', BERLIN)).toBe('28.11.2026, 00:30');
    expect(formatDate(at, 'en', BERLIN)).toBe('Nov 28, 2026');
  });

  it("west of UTC, just after midnight UTC is still yesterday evening", () => {
    const at = new Date('2026-11-28T03:30:00Z');
    expect(todayIn(NEW_YORK, at)).toBe('2026-11-27');
    expect(plain(formatTime(at, 'en', NEW_YORK))).toBe('10:30 PM');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-11-28T10:59:00Z'))).toBe('2026-11-27');
  });

  it("weeks start on the zone's Monday across a DST switch", () => {
    // Berlin springs forward on Sunday 29 March 2026: 22:30 UTC that evening is Monday 00:30 CEST.
    expect(isoWeekOf(todayIn(BERLIN, new Date('2026-03-29T21:30:00Z')))).toBe('2026-W13');
    expect(isoWeekOf(todayIn(BERLIN, new Date('2026-03-29T22:30:00Z')))).toBe('2026-W14');
    expect(formatDateTime(new Date('2026-03-29T01:30:00Z'), 'de', BERLIN)).toBe('29.03.2026, 03:30');
    // New York falls back on Sunday 1 November 2026: 04:30 UTC on Monday is still Sunday 23:30 EST there.
    expect(isoWeekOf(todayIn(NEW_YORK, new Date('2026-11-02T04:30:00Z')))).toBe('2026-W44');
    expect(isoWeekOf(todayIn(BERLIN, new Date('2026-11-02T04:30:00Z')))).toBe('2026-W45');
    expect(plain(formatTime(new Date('2026-11-01T05:30:00Z'), 'en', NEW_YORK))).toBe('1:30 AM');
    expect(plain(formatTime(new Date('2026-11-01T06:30:00Z'), 'en', NEW_YORK))).toBe('1:30 AM');
  });

  it('a time range drops the date only when both ends are on one day of the zone', () => {
    // 22:00 to 23:30 UTC: one evening in London, two days in Berlin.
    expect(plain(timeRange('2026-11-27T22:00:00Z', '2026-11-27T23:30:00Z', 'en', 'Europe/London'))).toBe('10:00 – 11:30 PM');
    expect(plain(timeRange('2026-11-27T22:00:00Z', '2026-11-27T23:30:00Z', 'en', BERLIN))).toBe('Nov 27, 2026, 11:00 PM – Nov 28, 2026, 12:30 AM');
    expect(timeRange('2026-11-28T10:00:00Z', '2026-11-28T09:00:00Z', 'en', BERLIN)).toBe('');
    expect(timeRange('nonsense', '2026-11-28T09:00:00Z', 'en', BERLIN)).toBe('');
  });

  it('a calendar day is the same day in every zone', () => {
    expect(formatDay('2026-11-28', 'en')).toBe('Nov 28, 2026');
    expect(formatDay('2026-11-28', 'de', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('Samstag, 28. November');
    expect(formatDay('not a day', 'en')).toBe('');
  });

  it('a zone this browser does not know falls back to UTC, and a zone is named where asked', () => {
    expect(usableZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(usableZone(BERLIN)).toBe(BERLIN);
    expect(todayIn('Mars/Olympus_Mons', new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-27');
    expect(formatDateTime('not a date', 'en', BERLIN)).toBe('');
    expect(zoneLabel(NEW_YORK, 'en', '2026-11-28T03:30:00Z')).toBe('EST');
  });
});
