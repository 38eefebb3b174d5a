/**
 * EventBridge Scheduler's three expression forms, validated as the service documents them and
 * evaluated to their next occurrence in the schedule's time zone (developer guide, "Schedule types"):
 * `at(yyyy-mm-ddThh:mm:ss)`, `rate(value unit)`, `cron(minutes hours day-of-month month day-of-week year)`.
 */
export type Expression = { kind: 'at'; local: LocalTime } | { kind: 'rate'; periodMs: number } | { kind: 'cron'; cron: Cron };

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

type DayTest = (year: number, month: number, day: number) => boolean;
interface Cron {
  minutes: number[];
  hours: number[];
  months: Set<number>;
  years: Set<number>;
  day: DayTest;
}

export class ExpressionError extends Error {}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** 1 = Sunday … 7 = Saturday, as cron's day-of-week counts. */
const weekdayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;

/** One field's `,`-separated items of `n`, `a-b`, `*`, `x/step`, with names for months and weekdays. */
function values(field: string, min: number, max: number, names: string[] = [], nameBase = 1): number[] {
  const number = (text: string) => {
    const named = names.indexOf(text.toUpperCase());
    const value = named >= 0 ? named + nameBase : /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) throw new ExpressionError(`'${text}' is out of range ${min}-${max}`);
    return value;
  };
  const result = new Set<number>();
  for (const item of field.split(',')) {
    const [range, stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1 || (stepText !== undefined && !/^\d+$/.test(stepText))) throw new ExpressionError(`bad step in '${item}'`);
    let from: number, to: number;
    if (range === '*') [from, to] = [min, max];
    else if (range!.includes('-')) [from, to] = range!.split('-').map(number) as [number, number];
    else [from, to] = [number(range!), stepText === undefined ? number(range!) : max];
    if (from > to) throw new ExpressionError(`range '${item}' runs backwards`);
    for (let v = from; v <= to; v += step) result.add(v);
  }
  return [...result].sort((a, b) => a - b);
}

function dayOfMonth(field: string): DayTest {
  if (field === 'L') return (y, m, d) => d === daysIn(y, m);
  if (field === 'LW') return (y, m, d) => d === nearestWeekday(y, m, daysIn(y, m));
  const w = field.match(/^(\d{1,2})W$/);
  if (w) return (y, m, d) => d === nearestWeekday(y, m, Math.min(Number(w[1]), daysIn(y, m)));
  const days = new Set(values(field, 1, 31));
  return (_y, _m, d) => days.has(d);
}

/** The weekday nearest to `day` without leaving the month (the `W` of cron). */
function nearestWeekday(year: number, month: number, day: number): number {
  const weekday = weekdayOf(year, month, day);
  if (weekday === 7) return day === 1 ? day + 2 : day - 1;
  if (weekday === 1) return day === daysIn(year, month) ? day - 2 : day + 1;
  return day;
}

function dayOfWeek(field: string): DayTest {
  const last = field.match(/^([1-7]|[A-Za-z]{3})L$/);
  if (last) {
    const weekday = values(last[1]!, 1, 7, WEEKDAYS)[0]!;
    return (y, m, d) => weekdayOf(y, m, d) === weekday && d + 7 > daysIn(y, m);
  }
  if (field === 'L') return (y, m, d) => weekdayOf(y, m, d) === 7;
  const nth = field.match(/^([1-7]|[A-Za-z]{3})#([1-5])$/);
  if (nth) {
    const weekday = values(nth[1]!, 1, 7, WEEKDAYS)[0]!;
    return (y, m, d) => weekdayOf(y, m, d) === weekday && Math.ceil(d / 7) === Number(nth[2]);
  }
  const days = new Set(values(field, 1, 7, WEEKDAYS));
  return (y, m, d) => days.has(weekdayOf(y, m, d));
}

function parseCron(body: string): Cron {
  const fields = body.trim().split(/\s+/);
  if (fields.length !== 6) throw new ExpressionError('cron() takes six fields: minutes hours day-of-month month day-of-week year');
  const [minutes, hours, dom, month, dow, year] = fields as [string, string, string, string, string, string];
  // One of day-of-month and day-of-week must be '?', never both.
  if ((dom === '?') === (dow === '?')) throw new ExpressionError('one of day-of-month and day-of-week must be ?');
  return {
    minutes: values(minutes, 0, 59),
    hours: values(hours, 0, 23),
    months: new Set(values(month, 1, 12, MONTHS)),
    years: new Set(values(year, 1970, 2199)),
    day: dom === '?' ? dayOfWeek(dow) : dayOfMonth(dom),
  };
}

export function parseExpression(text: string): Expression {
  const at = text.match(/^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/);
  if (at) {
    const [year, month, day, hour, minute, second] = at.slice(1).map(Number) as [number, number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) throw new ExpressionError('at() names no valid date and time');
    return { kind: 'at', local: { year, month, day, hour, minute, second } };
  }
  const rate = text.match(/^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/);
  if (rate) {
    const value = Number(rate[1]);
    const unit = rate[2]!;
    // "rate(1 minute)" and "rate(5 minutes)": singular exactly for one.
    if (value < 1 || (value === 1) !== !unit.endsWith('s')) throw new ExpressionError('rate() takes a positive value, with a singular unit for 1');
    return { kind: 'rate', periodMs: value * UNITS[unit.replace(/s$/, '')]! };
  }
  const cron = text.match(/^cron\((.*)\)$/);
  if (cron) return { kind: 'cron', cron: parseCron(cron[1]!) };
  throw new ExpressionError('expected at(), rate() or cron()');
}

/** An IANA zone name, as Intl knows them. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function localOf(ms: number, timeZone: string): LocalTime {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const wallMs = (t: LocalTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** The instant a wall-clock time names in `timeZone`; undefined when a DST gap skips it (Scheduler skips it too). */
export function toInstant(local: LocalTime, timeZone: string): number | undefined {
  const guess = wallMs(local);
  let instant = guess - (wallMs(localOf(guess, timeZone)) - guess);
  instant = guess - (wallMs(localOf(instant, timeZone)) - instant);
  return wallMs(localOf(instant, timeZone)) === guess ? instant : undefined;
}

/** Days searched for a cron's next occurrence: enough for a 29 February in a listed year. */
const SEARCH_DAYS = 366 * 8;

/** The first occurrence strictly after `after` (ms) — undefined when there is none. */
export function nextOccurrence(expression: Expression, timeZone: string, after: number, anchor: number): number | undefined {
  if (expression.kind === 'at') {
    const at = toInstant(expression.local, timeZone);
    return at !== undefined && at > after ? at : undefined;
  }
  if (expression.kind === 'rate') return anchor + Math.max(1, Math.floor((after - anchor) / expression.periodMs) + 1) * expression.periodMs;
  const { cron } = expression;
  const start = localOf(after, timeZone);
  for (let offset = 0; offset < SEARCH_DAYS; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!cron.years.has(year) || !cron.months.has(month) || !cron.day(year, month, day)) continue;
    for (const hour of cron.hours) {
      for (const minute of cron.minutes) {
        const instant = toInstant({ year, month, day, hour, minute, second: 0 }, timeZone);
        if (instant !== undefined && instant > after) return instant;
      }
    }
  }
  return undefined;
}
