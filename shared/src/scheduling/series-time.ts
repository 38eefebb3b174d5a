import { WEEKDAYS, type Weekday } from '../constants.ts';
import { nextOccurrence, zonedParts, zonedTimeToUtc, type Series } from './recurrence.ts';

/**
 * The series kit's time rules, shared by every module that repeats an item (notifications send at
 * a time of day, tasks start at one): a form's `{date, time, offset}` values to instants, a
 * repeat's range and weekdays to a `Series` in the organisation's zone, and the deterministic id of
 * the child an occurrence becomes (docs/decisions/0029-task-scheduling.md). Pure: Intl only.
 */

/** A time entered up to a minute ago counts as now (the form turns a past date into now, and a request takes a moment). */
export const PAST_TOLERANCE_MS = 60_000;

/** A local date and time with the UTC offset it was entered in (spec 000 §3). */
export interface DateTimeValue {
  date: string;
  time: string;
  offset: string;
}

/** A repeat's date range: start date, and the last date (inclusive) when set. */
export interface SeriesRange {
  start: { date: string; offset: string };
  end?: { date: string; offset: string } | null;
}

/** `{date, time, offset}` as an instant ('HH:mm' or 'HH:mm:ss'). */
export function instantOf(parts: DateTimeValue): Date {
  const time = parts.time.length === 5 ? `${parts.time}:00` : parts.time;
  return new Date(`${parts.date}T${time}${parts.offset}`);
}

export type StartDecision = { kind: 'now' } | { kind: 'later'; at: Date } | { kind: 'past' };

/** Null (right now) or a time within the tolerance is now; later is scheduled; earlier is refused. */
export function decideStart(at: DateTimeValue | null | undefined, now: Date): StartDecision {
  if (!at) return { kind: 'now' };
  const instant = instantOf(at);
  if (Number.isNaN(instant.getTime())) return { kind: 'past' };
  if (instant.getTime() < now.getTime() - PAST_TOLERANCE_MS) return { kind: 'past' };
  if (instant.getTime() <= now.getTime()) return { kind: 'now' };
  return { kind: 'later', at: instant };
}

const dateParts = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time of day entered in an offset (on the range's start date), as the organisation's local wall
 * time: 'HH:mm', or 'HH:mm:ss' when `withSeconds` and the time carries seconds.
 */
export function localTimeOf(range: SeriesRange, time: { time: string; offset: string }, timeZone: string, withSeconds = false): string {
  const local = zonedParts(instantOf({ date: range.start.date, time: time.time, offset: time.offset }), timeZone);
  const hm = `${pad(local.hour)}:${pad(local.minute)}`;
  return withSeconds && time.time.length > 5 ? `${hm}:${pad(local.second)}` : hm;
}

/**
 * The series a repeat describes, in the organisation's zone (recurrence.ts): at the time of day
 * chosen (converted from the offset it was entered in), on `days`, from the start date's midnight
 * until the end of the end date (none: until deleted).
 */
export function seriesAt(range: SeriesRange, time: { time: string; offset: string }, days: readonly string[], timeZone: string): Series {
  const dayAfterEnd = range.end ? dateParts(range.end.date) : undefined;
  return {
    time: localTimeOf(range, time, timeZone),
    days: WEEKDAYS.filter((d) => (days as readonly string[]).includes(d)) as Weekday[],
    timeZone,
    start: zonedTimeToUtc({ ...dateParts(range.start.date), hour: 0, minute: 0 }, timeZone),
    // The end is exclusive in a Series: the start of the day after the end date keeps that day whole.
    ...(dayAfterEnd ? { end: zonedTimeToUtc({ ...dayAfterEnd, day: dayAfterEnd.day + 1, hour: 0, minute: 0 }, timeZone) } : {}),
  };
}

/** The series from `from` on (a chosen first date, or a stored next occurrence), never before its own start. */
export const seriesFrom = (series: Series, from: Date | null | undefined): Series =>
  from ? { ...series, start: new Date(Math.max(series.start.getTime(), from.getTime())) } : series;

/** The first occurrence of a series strictly after `after`, or null when it has ended. */
export const occurrenceAfter = (series: Series, after: Date) => nextOccurrence(series, after);

/** Whether the series has an occurrence day at `instant` (a "right now" start of a series). */
export function isOccurrenceDay(series: Series, instant: Date): boolean {
  const local = zonedParts(instant, series.timeZone);
  return series.days.includes(local.weekday) && instant.getTime() >= series.start.getTime() && (!series.end || instant.getTime() < series.end.getTime());
}

/** 'yyyyMMddTHHmmZ' of an occurrence: the suffix of a recurring child's id. */
export function occurrenceKey(occurrence: Date): string {
  const iso = occurrence.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}

/** A child's id is deterministic, so a firing delivered twice cannot create two children. */
export const childId = (rootId: string, occurrence: Date) => `${rootId}-${occurrenceKey(occurrence)}`;

/** The `{date, time, offset}` of an instant in a zone, to the minute (a child's start). */
export function partsIn(instant: Date, timeZone: string, withSeconds = false): DateTimeValue {
  const whole = withSeconds ? new Date(Math.floor(instant.getTime() / 1000) * 1000) : new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
  const p = zonedParts(whole, timeZone);
  const offsetMinutes = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole.getTime()) / 60_000);
  const abs = Math.abs(offsetMinutes);
  const time = `${pad(p.hour)}:${pad(p.minute)}${withSeconds && p.second ? `:${pad(p.second)}` : ''}`;
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    time,
    offset: `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
  };
}

/**
 * The end of an occurrence that lasts until a local time of day ('HH:mm' or 'HH:mm:ss'): that time
 * on the occurrence's local date, or on the next day when it is not after the start (a night shift's
 * task from 22:00 to 06:00).
 */
export function occurrenceEnd(occurrence: Date, endTime: string, timeZone: string): Date {
  const local = zonedParts(occurrence, timeZone);
  const [hour, minute, second] = endTime.split(':').map(Number) as [number, number, number?];
  const on = (dayShift: number) => zonedTimeToUtc({ year: local.year, month: local.month, day: local.day + dayShift, hour, minute, second: second ?? 0 }, timeZone);
  const sameDay = on(0);
  return sameDay.getTime() > occurrence.getTime() ? sameDay : on(1);
}

/**
 * Whether a repeat's end date, taken at its start of day as the form does, comes after `at` (the
 * first send or start): 'End date must be after send date', 'Repeat end date must be after start date'.
 */
export function repeatEndIsAfter(end: { date: string; offset: string } | null | undefined, at: Date): boolean {
  return !!end && instantOf({ date: end.date, time: '00:00', offset: end.offset }).getTime() > at.getTime();
}
