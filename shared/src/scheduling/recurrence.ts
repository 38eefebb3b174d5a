import { WEEKDAYS, type Weekday } from '../constants.ts';

/**
 * Recurrence in an organisation's time zone, computed the way EventBridge Scheduler evaluates
 * `cron()` with `ScheduleExpressionTimezone`, so the local scheduler fires at the same instants as
 * AWS (docs/decisions/0007-scheduling.md). Pure: Intl only.
 *
 * A series fires at `time` local on each of `days`, from `start` (inclusive) until `end`
 * (exclusive: an occurrence exactly at `end` does not fire; pass the start of the following day to
 * include a whole last day). Daylight saving time:
 * - spring forward: an occurrence whose local time does not exist that day is skipped (EventBridge
 *   Scheduler skips it too); `zonedTimeToUtc` alone moves such a time forward by the gap;
 * - fall back: a local time that exists twice fires once, at its first occurrence.
 */
export interface Series {
  /** Local time of day, 'HH:mm'. */
  time: string;
  days: readonly Weekday[];
  /** IANA zone, e.g. 'Europe/Berlin'. */
  timeZone: string;
  start: Date;
  end?: Date;
}

export interface LocalDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const DAY_MS = 86_400_000;
/** Two weeks: a weekday skipped by a DST gap still finds its next week. */
const SEARCH_DAYS = 15;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    // Throws RangeError for an unknown zone, which is what callers should see.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): Required<LocalDateTime> & { weekday: Weekday } {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
  return { ...local, weekday: weekdayOf(local) };
}

function weekdayOf(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): Weekday {
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7]!;
}

const asUtcMs = (local: LocalDateTime) => Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second ?? 0);

/** The zone's offset from UTC at `ms`, in ms (positive east of Greenwich). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return asUtcMs(zonedParts(new Date(whole), timeZone)) - whole;
}

/**
 * The instants at which the wall time `local` happens in `timeZone`: one normally, two in a
 * fall-back overlap (earlier first), none in a spring-forward gap.
 */
function instantsOf(local: LocalDateTime, timeZone: string): { instants: number[]; offsetBefore: number } {
  const wall = asUtcMs(local);
  // Transitions are months apart, so the offsets a day either side bracket this wall time.
  const offsetBefore = offsetAt(wall - DAY_MS, timeZone);
  const offsetAfter = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([wall - offsetBefore, wall - offsetAfter])].sort((a, b) => a - b);
  return { instants: candidates.filter((t) => offsetAt(t, timeZone) === wall - t), offsetBefore };
}

/**
 * A local wall time to the UTC instant. In a spring-forward gap the time moves forward by the gap
 * (02:30 on Berlin's spring-forward day is 03:30 CEST); in a fall-back overlap the first occurrence.
 */
export function zonedTimeToUtc(local: LocalDateTime, timeZone: string): Date {
  const { instants, offsetBefore } = instantsOf(local, timeZone);
  return new Date(instants[0] ?? asUtcMs(local) - offsetBefore);
}

/** 'HH:mm' to hours and minutes; anything else throws. */
export function parseTime(time: string): { hour: number; minute: number } {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Time must be HH:mm, got '${time}'`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** The series' occurrence on a local date, or null when that wall time does not exist (DST gap). */
function occurrenceOn(date: Pick<LocalDateTime, 'year' | 'month' | 'day'>, time: { hour: number; minute: number }, timeZone: string): Date | null {
  const first = instantsOf({ ...date, ...time }, timeZone).instants[0];
  return first === undefined ? null : new Date(first);
}

/** The first occurrence strictly after `after` (and not before `start`), or null when the series has ended. */
export function nextOccurrence(series: Series, after: Date): Date | null {
  if (series.days.length === 0) return null;
  const time = parseTime(series.time);
  const days = new Set(series.days);
  const lowerBound = Math.max(after.getTime(), series.start.getTime() - 1);
  // One day earlier: a local date may begin before `lowerBound` in UTC terms.
  const first = zonedParts(new Date(lowerBound), series.timeZone);
  for (let i = -1; i < SEARCH_DAYS; i++) {
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    if (!days.has(weekdayOf(date))) continue;
    const at = occurrenceOn(date, time, series.timeZone);
    if (!at || at.getTime() <= after.getTime() || at.getTime() < series.start.getTime()) continue;
    return series.end && at.getTime() >= series.end.getTime() ? null : at;
  }
  return null;
}

/** Occurrences in [from, to), oldest first. */
export function occurrencesBetween(series: Series, from: Date, to: Date): Date[] {
  const found: Date[] = [];
  let next = nextOccurrence(series, new Date(from.getTime() - 1));
  while (next && next.getTime() < to.getTime()) {
    found.push(next);
    next = nextOccurrence(series, next);
  }
  return found;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** EventBridge one-off expression, in UTC to the second: `at(2026-03-29T07:00:00)`. */
export function atExpression(date: Date): string {
  return `at(${date.toISOString().slice(0, 19)})`;
}

const CRON_DAYS: Record<Weekday, string> = {
  monday: 'MON',
  tuesday: 'TUE',
  wednesday: 'WED',
  thursday: 'THU',
  friday: 'FRI',
  saturday: 'SAT',
  sunday: 'SUN',
};

/** EventBridge cron for a local time on weekdays (evaluated in the schedule's time zone): `cron(30 9 ? * MON,FRI *)`. */
export function cronExpression(time: string, days: readonly Weekday[]): string {
  const { hour, minute } = parseTime(time);
  const ordered = WEEKDAYS.filter((day) => days.includes(day));
  if (ordered.length === 0) throw new RangeError('A series needs at least one weekday');
  return `cron(${minute} ${hour} ? * ${ordered.map((day) => CRON_DAYS[day]).join(',')} *)`;
}

/** Weekday shortcuts of the repeat picker (spec 000 §5). Custom preselects none. */
export const WEEKDAY_SHORTCUTS = {
  Everyday: WEEKDAYS,
  Weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  Weekends: ['saturday', 'sunday'],
  Custom: [],
} as const satisfies Record<string, readonly Weekday[]>;
export type WeekdayShortcut = keyof typeof WEEKDAY_SHORTCUTS;

/** The shortcut a selection of weekdays matches exactly; any other selection is Custom. */
export function shortcutOf(days: readonly Weekday[]): WeekdayShortcut {
  const chosen = new Set(days);
  const matches = (set: readonly Weekday[]) => set.length === chosen.size && set.every((day) => chosen.has(day));
  if (matches(WEEKDAY_SHORTCUTS.Everyday)) return 'Everyday';
  if (matches(WEEKDAY_SHORTCUTS.Weekdays)) return 'Weekdays';
  if (matches(WEEKDAY_SHORTCUTS.Weekends)) return 'Weekends';
  return 'Custom';
}

/** Local 'yyyy-mm-dd HH:mm' of an instant (logs, tests). */
export function formatLocal(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}
