import type { DateTimeParts } from '@portal/shared/validation/date-time';

/** Local-time helpers for the form: the browser's time zone is the user's. */
const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' of a date in local time. */
export const toDateString = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** 'HH:mm' of a date in local time. */
export const toTimeString = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Minutes east of UTC as '+01:00' / '-05:30'. */
export function formatOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The browser's UTC offset at that instant (it changes with daylight saving). */
export const offsetOf = (date: Date) => formatOffset(-date.getTimezoneOffset());

export const toDateTimeParts = (date: Date): DateTimeParts => ({ date: toDateString(date), time: toTimeString(date), offset: offsetOf(date) });

/** The instant {date, time, offset} names; undefined when it does not parse. */
export function fromDateTimeParts(parts: { date: string; time: string; offset: string }): Date | undefined {
  const time = parts.time.length === 5 ? `${parts.time}:00` : parts.time;
  const value = new Date(`${parts.date}T${time}${parts.offset}`);
  return Number.isNaN(value.getTime()) ? undefined : value;
}

/** Local midnight of the date 'YYYY-MM-DD' (or of a Date). */
export function startOfDay(date: Date | string): Date {
  if (typeof date === 'string') {
    const [y, m, d] = date.split('-').map(Number);
    return new Date(y!, m! - 1, d!);
  }
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export const startOfMinute = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes());

export const isSameDay = (a: Date, b: Date) => toDateString(a) === toDateString(b);

/** The same day at hours:minutes (local). */
export const withTime = (date: Date, hours: number, minutes: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), hours, minutes);

/** The day 'YYYY-MM-DD' at the time of day of `time`. */
export function withDate(time: Date, day: string): Date {
  const d = startOfDay(day);
  return withTime(d, time.getHours(), time.getMinutes());
}

/** The next multiple of `step` minutes strictly after the minute `date` is in. */
export function roundUpMinutes(date: Date, step: number): Date {
  const base = startOfMinute(date);
  const minutes = base.getHours() * 60 + base.getMinutes();
  const next = (Math.floor(minutes / step) + 1) * step;
  return new Date(base.getFullYear(), base.getMonth(), base.getDate(), 0, next);
}

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
