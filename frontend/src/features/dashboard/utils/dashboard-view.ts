/**
 * From start to end in the user's language: the times only when both fall on one day of the user's
 * calendar ("09:00–17:00"), else with the dates (a night shift, a task running for days).
 */
export function timeRange(startAt: string, endAt: string, language: string): string {
  const start = new Date(startAt);
  const end = new Date(endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return '';
  const sameDay = start.toDateString() === end.toDateString();
  const format = new Intl.DateTimeFormat(language, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  return format.formatRange(start, end);
}
