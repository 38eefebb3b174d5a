import { describe, expect, it } from 'vitest';
import { occurrenceOf, scheduleId } from './schedule-names.ts';

describe('schedule ids', () => {
  it('keeps a valid EventBridge name as it is', () => {
    const name = '01JD0000000000000000000000-01JD0000000000000000000001';
    expect(scheduleId(name)).toBe(name);
    expect(scheduleId('a.b_c-d')).toBe('a.b_c-d');
  });

  it('turns a long or invalid name into a deterministic valid one of at most 64 characters', () => {
    const long = `notification-${'0123456789'.repeat(8)}`;
    const odd = 'org 1/notification#n1';
    for (const name of [long, odd, '#', 'ü'.repeat(70)]) {
      expect(scheduleId(name)).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
      expect(scheduleId(name)).toBe(scheduleId(name));
    }
    expect(scheduleId(odd)).toMatch(/^org-1-notification-n1-[0-9a-f]{16}$/);
  });

  it('keeps different names apart even when they share a long prefix', () => {
    const prefix = 'p'.repeat(70);
    expect(scheduleId(`${prefix}a`)).not.toBe(scheduleId(`${prefix}b`));
    expect(scheduleId('a#b')).not.toBe(scheduleId('a b'));
  });
});

describe('occurrences', () => {
  it("are written as EventBridge's scheduled-time, whatever ISO form comes in", () => {
    expect(occurrenceOf('2026-03-29T07:00:00Z')).toBe('2026-03-29T07:00:00Z');
    expect(occurrenceOf('2026-03-29T07:00:00.000Z')).toBe('2026-03-29T07:00:00Z');
    expect(occurrenceOf(new Date('2026-03-29T09:00:00+02:00'))).toBe('2026-03-29T07:00:00Z');
    expect(() => occurrenceOf('<aws.scheduler.scheduled-time>')).toThrow(RangeError);
  });
});
