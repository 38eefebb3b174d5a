/**
 * ISO-8601 weeks (Monday to Sunday; week 1 holds the year's first Thursday), as the planner and the
 * shifts API name them: 'YYYY-Www'. Pure calendar arithmetic on dates ('YYYY-MM-DD'), in UTC so no
 * time zone or daylight-saving change moves a day (docs/decisions/0031-shift-planner-model.md).
 */
export const ISO_WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

const DAY_MS = 86_400_000;

const toUtc = (date: string): Date => new Date(`${date}T00:00:00Z`);
const toDate = (instant: Date): string => instant.toISOString().slice(0, 10);

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return toDate(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = toUtc(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The ISO week a date belongs to: 2027-01-01 is in 2026-W53, 2024-12-30 in 2025-W01. */
export function isoWeekOf(date: string): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((toUtc(thursday).getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Weeks in an ISO year: 53 when 1 January or 31 December is a Thursday. */
export function weeksInIsoYear(year: number): number {
  return isoWeekOf(`${year}-12-28`) === `${year}-W53` ? 53 : 52;
}

/**
 * The first year a week may name: the arithmetic here writes dates as 'YYYY-MM-DD', which JavaScript
 * reads only for four-digit years, so 0999-W10 would throw mid-rule (decision 0050).
 */
export const ISO_WEEK_YEAR_MIN = 1000;

/** True for a 'YYYY-Www' that exists: 2026-W53 does, 2025-W53, 2026-W00 and 0999-W10 do not. */
export function isIsoWeek(value: string): boolean {
  const match = ISO_WEEK_PATTERN.exec(value);
  if (!match) return false;
  const [year, week] = [Number(match[1]), Number(match[2])];
  return year >= ISO_WEEK_YEAR_MIN && week >= 1 && week <= weeksInIsoYear(year);
}

/** The Monday of an ISO week (the week must exist). */
export function mondayOf(week: string): string {
  const match = ISO_WEEK_PATTERN.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  const [year, number] = [Number(match[1]), Number(match[2])];
  // 4 January is always in week 1.
  const jan4 = `${year}-01-04`;
  return addDays(jan4, 1 - isoWeekday(jan4) + (number - 1) * 7);
}

/** The seven dates of an ISO week, Monday first. */
export function daysOf(week: string): string[] {
  const monday = mondayOf(week);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export function previousWeek(week: string): string {
  return isoWeekOf(addDays(mondayOf(week), -7));
}

export function nextWeek(week: string): string {
  return isoWeekOf(addDays(mondayOf(week), 7));
}

/** The week's number within its ISO year (1–53), shown in the planner's header. */
export function weekNumber(week: string): number {
  const match = ISO_WEEK_PATTERN.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  return Number(match[2]);
}
