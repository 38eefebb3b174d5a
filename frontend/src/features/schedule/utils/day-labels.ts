/** Day labels in the user's language: short for the column, long for screen readers and titles. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);

export function dayLabels(day: string, language: string): { label: string; longLabel: string } {
  const date = at(day);
  return {
    label: new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date),
    longLabel: new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date),
  };
}

/** '23 Nov – 29 Nov 2026' for a week, the long day for a day. */
export function periodLabel(days: readonly string[], language: string): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  if (first === last) return dayLabels(first, language).longLabel;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).formatRange(at(first), at(last));
}
