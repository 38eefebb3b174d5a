import { formatDay, formatDayRange } from '../../../lib/zoned-time.ts';

/** Day labels in the user's language: short for the column, long for screen readers and titles. */
export function dayLabels(day: string, language: string): { label: string; longLabel: string } {
  return {
    label: formatDay(day, language, { weekday: 'short', day: 'numeric', month: 'short' }),
    longLabel: formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  };
}

/** '23 Nov – 29 Nov 2026' for a week, the long day for a day. */
export function periodLabel(days: readonly string[], language: string): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  if (first === last) return dayLabels(first, language).longLabel;
  return formatDayRange(first, last, language, { day: 'numeric', month: 'short', year: 'numeric' });
}
