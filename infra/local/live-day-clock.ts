import { zonedParts, zonedTimeToUtc, parseTime } from '@portal/shared/scheduling/recurrence';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';

/** The live day's plan is a shop's morning: local times of day before noon. */
const NOON_MINUTES = 12 * 60;

/**
 * The seed's clock for the demo's live day (decision 0051): the instants of a planned morning
 * today, in the organisation's zone, computed from `now`, so that what is seeded looks like today
 * on any day, in any zone, and never lies in the future or on another day.
 */
export interface LiveDayClock {
  now: Date;
  timeZone: string;
  /** Today in the organisation's zone: its date and its first instant and the next day's (as the dashboard reads a day). */
  day: { date: string; start: string; end: string };
  /**
   * A planned morning time ('08:05'): as it is once the morning is over (from noon on). Before
   * noon the morning is squeezed into the part of today already gone, midnight to now, keeping
   * the order and the proportions, so an early start (00:30) still shows a whole morning.
   */
  at(time: string): Date;
  /** `seconds` after `from`, but not after a second before now (an answer to the last request of a short morning). */
  after(from: Date, seconds: number): Date;
  /** `seconds` before now, but not before the planned morning's `notBefore`: the items still running. */
  ago(seconds: number, notBefore: string): Date;
  /** A wall-clock time today, not squeezed: what is planned for later (the closing checklist). */
  today(time: string): Date;
}

export function liveDayClock(now: Date, timeZone: string): LiveDayClock {
  const day = dayIn(timeZone, now);
  const dayStart = Date.parse(day.start);
  const { year, month, day: date } = zonedParts(now, timeZone);
  const today = (time: string) => zonedTimeToUtc({ year, month, day: date, ...parseTime(time) }, timeZone);
  const morningOver = now.getTime() >= today('12:00').getTime();
  const at = (time: string) => {
    if (morningOver) return today(time);
    const { hour, minute } = parseTime(time);
    return new Date(dayStart + Math.floor(((hour * 60 + minute) / NOON_MINUTES) * (now.getTime() - dayStart)));
  };
  const latest = now.getTime() - 1000;
  return {
    now,
    timeZone,
    day,
    at,
    after: (from, seconds) => new Date(Math.max(from.getTime(), Math.min(from.getTime() + seconds * 1000, latest))),
    ago: (seconds, notBefore) => new Date(Math.min(latest, Math.max(now.getTime() - seconds * 1000, at(notBefore).getTime()))),
    today,
  };
}
