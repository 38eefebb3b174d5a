import { zonedParts, zonedTimeToUtc, type LocalDateTime } from '@portal/shared/scheduling/recurrence';
import { partsIn } from '@portal/shared/scheduling/series-time';
import type { DateTimeParts } from '@portal/shared/validation/date-time';
import { todayIn, usableZone } from './zoned-time.ts';

/**
 * The forms' calendar arithmetic on the organisation's wall clock (decision 0049): a date and a
 * time typed into a form, and the defaults it offers, are the organisation's zone, whatever the
 * browser's. `timeZone` is the organisation's (useOrganizationClock().timeZone).
 */
const pad = (value: number) => String(value).padStart(2, '0');

/** Hour, minute and second of `date` on the zone's clock. */
export function timeOfDay(date: Date, timeZone: string): { hour: number; minute: number; second: number } {
  const { hour, minute, second } = zonedParts(date, usableZone(timeZone));
  return { hour, minute, second };
}

/** The instant of a wall-clock time in the zone (a day or minute past the end carries over). */
const instantAt = (local: LocalDateTime, timeZone: string) => zonedTimeToUtc(local, usableZone(timeZone));
const dayOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};
const calendarDay = (date: Date, timeZone: string) => dayOf(todayIn(timeZone, date));

/** 'YYYY-MM-DD' of a date in the zone. */
export const toDateString = (date: Date, timeZone: string) => todayIn(timeZone, date);

/** 'HH:mm' of a date in the zone. */
export function toTimeString(date: Date, timeZone: string): string {
  const { hour, minute } = timeOfDay(date, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** Minutes east of UTC as '+01:00' / '-05:30'. */
export function formatOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The zone's UTC offset at that instant (it changes with daylight saving). */
export const offsetOf = (date: Date, timeZone: string) => partsIn(date, usableZone(timeZone)).offset;

/** An instant as ISO 8601 on the zone's clock with its offset, to the second: '2026-11-29T18:04:05+01:00' (an export's times). */
export function isoDateTime(date: Date, timeZone: string): string {
  const { date: day, time, offset } = partsIn(date, usableZone(timeZone), true);
  // partsIn leaves out a zero second.
  return `${day}T${time.length === 5 ? `${time}:00` : time}${offset}`;
}

export const toDateTimeParts = (date: Date, timeZone: string): DateTimeParts => ({ date: toDateString(date, timeZone), time: toTimeString(date, timeZone), offset: offsetOf(date, timeZone) });

/** The instant {date, time, offset} names; undefined when it does not parse. */
export function fromDateTimeParts(parts: { date: string; time: string; offset: string }): Date | undefined {
  const time = parts.time.length === 5 ? `${parts.time}:00` : parts.time;
  const value = new Date(`${parts.date}T${time}${parts.offset}`);
  return Number.isNaN(value.getTime()) ? undefined : value;
}

/** Midnight in the zone of the date 'YYYY-MM-DD' (or of a Date's day there). */
export function startOfDay(date: Date | string, timeZone: string): Date {
  const day = typeof date === 'string' ? dayOf(date) : calendarDay(date, timeZone);
  return instantAt({ ...day, hour: 0, minute: 0 }, timeZone);
}

/** The same wall-clock time `days` later in the zone. */
export function addDays(date: Date, days: number, timeZone: string): Date {
  const { year, month, day, hour, minute, second } = zonedParts(date, usableZone(timeZone));
  return instantAt({ year, month, day: day + days, hour, minute, second }, timeZone);
}

/** The minute `date` is in (zones differ from UTC by whole minutes). */
export const startOfMinute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

export const isSameDay = (a: Date, b: Date, timeZone: string) => toDateString(a, timeZone) === toDateString(b, timeZone);

/** The same day in the zone at hours:minutes. */
export const withTime = (date: Date, hours: number, minutes: number, timeZone: string) => instantAt({ ...calendarDay(date, timeZone), hour: hours, minute: minutes }, timeZone);

/**
 * The day 'YYYY-MM-DD' at 'HH:mm' or 'HH:mm:ss' on the zone's clock (a time in a DST gap moves
 * forward by the gap, as the schedules do); undefined when either does not parse.
 */
export function atTime(day: string, time: string, timeZone: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return undefined;
  const [hour, minute, second = 0] = time.split(':').map(Number) as [number, number, number?];
  const value = instantAt({ ...dayOf(day), hour, minute, second }, timeZone);
  return Number.isNaN(value.getTime()) ? undefined : value;
}

/** The day 'YYYY-MM-DD' at the time of day of `time`, in the zone. */
export function withDate(time: Date, day: string, timeZone: string): Date {
  const { hour, minute } = timeOfDay(time, timeZone);
  return instantAt({ ...dayOf(day), hour, minute }, timeZone);
}

/** The next multiple of `step` minutes of the zone's day strictly after the minute `date` is in. */
export function roundUpMinutes(date: Date, step: number, timeZone: string): Date {
  const { hour, minute } = timeOfDay(date, timeZone);
  const next = (Math.floor((hour * 60 + minute) / step) + 1) * step;
  return instantAt({ ...calendarDay(date, timeZone), hour: 0, minute: next }, timeZone);
}

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
