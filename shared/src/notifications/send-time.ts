import { WEEKDAYS } from '../constants.ts';
import { nextOccurrence, zonedParts, zonedTimeToUtc, type Series } from '../scheduling/recurrence.ts';
import type { DateTimeParts, Recurring } from './notification.schema.ts';

/**
 * Send-time rules of a notification (spec 000 §5), pure so the form and the service agree:
 * a send time up to a minute in the past counts as "now" (the form turns a past date into now,
 * and a request takes a moment to arrive), anything earlier is refused.
 */
export const SEND_PAST_TOLERANCE_MS = 60_000;

/** `{date, time, offset}` as an instant. */
export function instantOf(parts: { date: string; time: string; offset: string }): Date {
  const time = parts.time.length === 5 ? `${parts.time}:00` : parts.time;
  return new Date(`${parts.date}T${time}${parts.offset}`);
}

export type SendDecision = { kind: 'now' } | { kind: 'later'; at: Date } | { kind: 'past' };

/** Null (right now) or a time within the tolerance is now; later is scheduled; earlier is refused. */
export function decideSend(send: DateTimeParts | null | undefined, now: Date): SendDecision {
  if (!send) return { kind: 'now' };
  const at = instantOf(send);
  if (Number.isNaN(at.getTime())) return { kind: 'past' };
  if (at.getTime() < now.getTime() - SEND_PAST_TOLERANCE_MS) return { kind: 'past' };
  if (at.getTime() <= now.getTime()) return { kind: 'now' };
  return { kind: 'later', at };
}

const dateParts = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/**
 * The series a form's `config.recurring` describes, in the organisation's zone
 * (shared/src/scheduling/recurrence.ts): the time of day the sender chose (converted from the
 * offset it was entered in), from the start date's midnight until the end of the end date.
 */
export function seriesOf(recurring: Recurring, timeZone: string): Series {
  const chosen = instantOf({ date: recurring.range.start.date, time: recurring.occurrence_time.send.time, offset: recurring.occurrence_time.send.offset });
  const local = zonedParts(chosen, timeZone);
  const end = recurring.range.end;
  const dayAfterEnd = end ? dateParts(end.date) : undefined;
  return {
    time: `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`,
    days: WEEKDAYS.filter((d) => (recurring.days as string[]).includes(d)),
    timeZone,
    start: zonedTimeToUtc({ ...dateParts(recurring.range.start.date), hour: 0, minute: 0 }, timeZone),
    // The end is exclusive in a Series: the start of the day after the end date keeps that day whole.
    ...(dayAfterEnd ? { end: zonedTimeToUtc({ ...dayAfterEnd, day: dayAfterEnd.day + 1, hour: 0, minute: 0 }, timeZone) } : {}),
  };
}

/** The first occurrence of a series strictly after `after`, or null when it has ended. */
export const occurrenceAfter = (series: Series, after: Date) => nextOccurrence(series, after);

/** Whether the series has an occurrence at `instant`'s minute today (a "right now" send of a series). */
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

const pad = (n: number) => String(n).padStart(2, '0');

/** The `{date, time, offset}` of an instant in a zone (a child's config.send). */
export function partsIn(instant: Date, timeZone: string): DateTimeParts {
  const whole = new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
  const p = zonedParts(whole, timeZone);
  const offsetMinutes = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - whole.getTime()) / 60_000);
  const abs = Math.abs(offsetMinutes);
  return {
    date: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}`,
    offset: `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
  };
}

/**
 * 'End date must be after send date' (spec 000 §5): the end date, taken at its start of day as the
 * form does, must come after the (first) send.
 */
export function repeatEndIsAfterSend(recurring: Recurring, sendAt: Date): boolean {
  const end = recurring.range.end;
  return !!end && instantOf({ date: end.date, time: '00:00', offset: end.offset }).getTime() > sendAt.getTime();
}
