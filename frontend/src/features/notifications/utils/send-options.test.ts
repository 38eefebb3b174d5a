import { describe, expect, it } from 'vitest';
import { availableHours, availableMinutes, clampToNow, defaultSendFor, isInPast, sendOptionOf } from './send-options.ts';

const now = new Date(2025, 2, 3, 10, 7, 30);

describe('send options', () => {
  it('starts each option at the next 30-minute mark', () => {
    expect(defaultSendFor('now', now)).toBeNull();
    expect(defaultSendFor('laterToday', now)).toEqual(new Date(2025, 2, 3, 10, 30));
    expect(defaultSendFor('tomorrow', now)).toEqual(new Date(2025, 2, 4, 10, 30));
    expect(defaultSendFor('laterToday', new Date(2025, 2, 3, 23, 45))).toEqual(new Date(2025, 2, 3, 23, 59));
  });

  it('a past date becomes now', () => {
    expect(clampToNow(new Date(2025, 2, 2, 9, 0), now)).toEqual(new Date(2025, 2, 3, 10, 7));
    const later = new Date(2025, 2, 3, 11, 0);
    expect(clampToNow(later, now)).toBe(later);
  });

  it('names the option of a stored send time', () => {
    expect(sendOptionOf(null, now)).toBe('now');
    expect(sendOptionOf(new Date(2025, 2, 3, 18, 0), now)).toBe('laterToday');
    expect(sendOptionOf(new Date(2025, 2, 4, 8, 0), now)).toBe('tomorrow');
    expect(sendOptionOf(new Date(2025, 2, 9, 8, 0), now)).toBe('date');
  });

  it('offers only the current or later hours and minutes today', () => {
    expect(availableHours(now, now)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(availableHours(new Date(2025, 2, 4), now)).toHaveLength(24);
    expect(availableMinutes(now, 10, now)[0]).toBe(7);
    expect(availableMinutes(now, 10, now)).toHaveLength(53);
    expect(availableMinutes(now, 11, now)).toHaveLength(60);
  });

  it('counts a send time before the current minute as past', () => {
    expect(isInPast(new Date(2025, 2, 3, 10, 7), now)).toBe(false);
    expect(isInPast(new Date(2025, 2, 3, 10, 6), now)).toBe(true);
  });
});
