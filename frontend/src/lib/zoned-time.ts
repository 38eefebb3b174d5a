import { zonedParts } from '@portal/shared/scheduling/recurrence';

/**
 * The portal's one clock (decision 0049): "today", weeks and every date or time shown are the
 * organisation's time zone, never the browser's. Every formatter here takes the zone; components
 * get them bound to the organisation by `useOrganizationClock` (organization-clock.ts), the watch
 * emulator with the zone its organisation answers. Lint forbids zone-less Intl and local getters
 * elsewhere in frontend/src (eslint.config.js).
 */

const known = new Map<string, boolean>();

/**
 * The zone itself, or UTC when this browser's time-zone data does not know it (a zone newer than
 * the browser): the same fallback on every machine, never the browser's own zone.
 */
export function usableZone(timeZone: string): string {
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(timeZone, ok);
  }
  return ok ? timeZone : 'UTC';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day ('YYYY-MM-DD') in `timeZone` at `now`: the organisation's today. */
export function todayIn(timeZone: string, now: Date): string {
  const { year, month, day } = zonedParts(now, usableZone(timeZone));
  return `${year}-${pad(month)}-${pad(day)}`;
}

type Instant = Date | string | number;
const asDate = (value: Instant) => (value instanceof Date ? value : new Date(value));
const valid = (date: Date) => !Number.isNaN(date.getTime());

const format = (options: Intl.DateTimeFormatOptions) => (value: Instant, language: string, timeZone: string) => {
  const date = asDate(value);
  return valid(date) ? new Intl.DateTimeFormat(language, { ...options, timeZone: usableZone(timeZone) }).format(date) : '';
};

/** 'Nov 28, 2026, 9:30 AM' in the language, on the zone's wall clock. */
export const formatDateTime = format({ dateStyle: 'medium', timeStyle: 'short' });
/** 'Nov 28, 2026' of an instant, on the zone's calendar. */
export const formatDate = format({ dateStyle: 'medium' });
/** '9:30 AM' on the zone's wall clock. */
export const formatTime = format({ timeStyle: 'short' });

/**
 * A calendar day 'YYYY-MM-DD' (a date without a time: the dashboard's day, a repeat's end date) in
 * the language. It names the same day in every zone, so it is formatted at its noon in UTC.
 */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

export function formatDay(day: string, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = noonOf(day);
  return valid(date) ? new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date) : '';
}

/** From the calendar day `first` to `last` ('23 – 29 Nov 2026'). */
export function formatDayRange(first: string, last: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const [from, to] = [noonOf(first), noonOf(last)];
  return valid(from) && valid(to) && from <= to ? new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).formatRange(from, to) : '';
}

/**
 * From start to end: the times only when both fall on one day of the zone's calendar
 * ("9:00 AM – 5:00 PM"), else with the dates (a night shift, a task running for days).
 */
export function timeRange(startAt: Instant, endAt: Instant, language: string, timeZone: string): string {
  const [start, end] = [asDate(startAt), asDate(endAt)];
  if (!valid(start) || !valid(end) || end < start) return '';
  const zone = usableZone(timeZone);
  const sameDay = todayIn(zone, start) === todayIn(zone, end);
  return new Intl.DateTimeFormat(language, { ...(sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }), timeZone: zone }).formatRange(start, end);
}

/** The zone's short name at `at` in the language ('CET', 'GMT-5'): said beside a time shown in a zone other than the organisation's. */
export function zoneLabel(timeZone: string, language: string, at: Instant): string {
  const zone = usableZone(timeZone);
  const part = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'short' }).formatToParts(asDate(at)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}
