import { YEAR_RANGE } from './limits.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a real calendar date in the year range: 2027-02-30 and 2027-13-45 are not. Without yup
 * (validation/fields.ts builds its `calendarDate` on it), so a page can check a date of its address
 * before its first render (the reports' range) without loading the schemas (issue 12).
 */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEAR_RANGE.min || year > YEAR_RANGE.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
