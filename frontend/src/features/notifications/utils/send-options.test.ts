import { describe, expect, it } from 'vitest';
import { availableHours, availableMinutes, clampToNow, defaultSendFor, isInPast, sendOptionOf } from './send-options.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const now = new Date(2025, 2, 3, 10, 7, 30);

describe('send options', () => {
  it('starts each option at the next 30-minute mark', () => {
    expect(defaultSendFor('now', now, ZONE)).toBeNull();
    expect(defaultSendFor('laterToday', now, ZONE)).toEqual(new Date(2025, 2, 3, 10, 30));
    expect(defaultSendFor('tomorrow', now, ZONE)).toEqual(new Date(2025, 2, 4, 10, 30));
    expect(defaultSendFor('laterToday', new Date(2025, 2, 3, 23, 45), ZONE)).toEqual(new Date(2025, 2, 3, 23, 59));
  });

  it('a past date becomes now', () => {
    expect(clampToNow(new Date(2025, 2, 2, 9, 0), now)).toEqual(new Date(2025, 2, 3, 10, 7));
    const later = new Date(2025, 2, 3, 11, 0);
    expect(clampToNow(later, now)).toBe(later);
  });

  it('names the option of a stored send time', () => {
    expect(sendOptionOf(null, now, ZONE)).toBe('now');
    expect(sendOptionOf(new Date(2025, 2, 3, 18, 0), now, ZONE)).toBe('laterToday');
    expect(sendOptionOf(new Date(2025, 2, 4, 8, 0), now, ZONE)).toBe('tomorrow');
    expect(sendOptionOf(new Date(2025, 2, 9, 8, 0), now, ZONE)).toBe('date');
  });

  it('offers only the current or later hours and minutes today', () => {
    expect(availableHours(now, now, ZONE)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(availableHours(new Date(2025, 2, 4), now, ZONE)).toHaveLength(24);
    expect(availableMinutes(now, 10, now, ZONE)[0]).toBe(7);
    expect(availableMinutes(now, 10, now, ZONE)).toHaveLength(53);
    expect(availableMinutes(now, 11, now, ZONE)).toHaveLength(60);
  });

  it('counts a send time before the current minute as past', () => {
    expect(isInPast(new Date(2025, 2, 3, 10, 7), now)).toBe(false);
    expect(isInPast(new Date(2025, 2, 3, 10, 6), now)).toBe(true);
  });
});

describe("send options on the organisation's clock (decision 0049)", () => {
  it("'tomorrow' and today's hours are Berlin's at 23:30 UTC", () => {
    const late = new Date('2026-11-27T23:30:00Z');
    // 00:30 in Berlin: tomorrow is the 29th, at the next half hour.
    expect(defaultSendFor('tomorrow', late, 'Europe/Berlin')?.toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(sendOptionOf(new Date('2026-11-28T08:00:00Z'), late, 'Europe/Berlin')).toBe('laterToday');
    expect(sendOptionOf(new Date('2026-11-28T08:00:00Z'), late, 'America/New_York')).toBe('tomorrow');
    expect(availableHours(late, late, 'Europe/Berlin')[0]).toBe(0);
  });
});
