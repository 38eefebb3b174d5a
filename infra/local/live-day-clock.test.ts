import { describe, expect, it } from 'vitest';
import { liveDayClock } from './live-day-clock.ts';

const local = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

describe('the live day’s clock', () => {
  it('places the morning at its own times once it is over, in the organisation’s zone', () => {
    const clock = liveDayClock(new Date('2026-11-27T14:30:00Z'), 'Europe/Berlin');
    expect(clock.day.date).toBe('2026-11-27');
    expect(clock.at('08:05').toISOString()).toBe('2026-11-27T07:05:00.000Z');
    expect(clock.today('20:00').toISOString()).toBe('2026-11-27T19:00:00.000Z');
    // Four minutes ago, not before the morning's 11:30.
    expect(clock.ago(240, '11:30').toISOString()).toBe('2026-11-27T14:26:00.000Z');
    expect(clock.after(clock.at('08:05'), 14).toISOString()).toBe('2026-11-27T07:05:14.000Z');
  });

  it('squeezes the morning into the part of today already gone when it is early: in order, today, never ahead of now', () => {
    // 01:11 in Berlin, 00:11 UTC: the "two todays" hour.
    const now = new Date('2026-11-28T00:11:00Z');
    const clock = liveDayClock(now, 'Europe/Berlin');
    const times = ['07:00', '08:05', '09:20', '10:45', '11:10', '11:30'].map((t) => clock.at(t));
    expect(times.map((t) => local(t, 'Europe/Berlin').slice(0, 10))).toEqual(Array(6).fill('28/11/2026'));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(times.every((t) => t < now)).toBe(true);
    expect(clock.ago(240, '11:30') >= clock.at('11:30') && clock.ago(240, '11:30') < now).toBe(true);
    // An answer that would fall after now comes a second before it.
    expect(clock.after(clock.at('11:30'), 3600).getTime()).toBe(now.getTime() - 1000);
  });

  it('works on the other side of the date line and on a day that changes its clocks', () => {
    const auckland = liveDayClock(new Date('2026-11-27T23:00:00Z'), 'Pacific/Auckland');
    expect(auckland.day.date).toBe('2026-11-28');
    expect(local(auckland.at('08:05'), 'Pacific/Auckland')).toBe('28/11/2026, 08:05');
    // 29 March 2026 in Berlin has 23 hours: 20:00 is 18:00 UTC.
    expect(liveDayClock(new Date('2026-03-29T16:00:00Z'), 'Europe/Berlin').today('20:00').toISOString()).toBe('2026-03-29T18:00:00.000Z');
  });
});
