import { WEEKDAYS, type Weekday } from '@portal/shared/constants';

/** Spec 000 §5: Everyday (all 7), Weekdays (Mon-Fri), Weekends (Sat-Sun), Custom (none preselected). */
export const WEEKDAY_SHORTCUTS = ['everyday', 'weekdays', 'weekends', 'custom'] as const;
export type WeekdayShortcut = (typeof WEEKDAY_SHORTCUTS)[number];

const DAYS: Record<WeekdayShortcut, readonly Weekday[]> = {
  everyday: WEEKDAYS,
  weekdays: WEEKDAYS.slice(0, 5),
  weekends: WEEKDAYS.slice(5),
  custom: [],
};

export const daysOfShortcut = (shortcut: WeekdayShortcut): Weekday[] => [...DAYS[shortcut]];

/** Days in week order (Monday first), without repeats. */
export const sortDays = (days: readonly Weekday[]): Weekday[] => WEEKDAYS.filter((day) => days.includes(day));

/** The shortcut a set of days matches; anything else is custom. */
export function shortcutOf(days: readonly Weekday[]): WeekdayShortcut {
  const sorted = sortDays(days).join();
  const match = WEEKDAY_SHORTCUTS.find((s) => s !== 'custom' && DAYS[s].join() === sorted);
  return match ?? 'custom';
}

export function toggleDay(days: readonly Weekday[], day: Weekday, on: boolean): Weekday[] {
  return sortDays(on ? [...days, day] : days.filter((d) => d !== day));
}

/** The weekdays of a series: a shortcut's name when they match one, else the days (texts form.shortcuts.*, form.days.* of the module). */
export function daysLabel(days: readonly Weekday[], t: (key: string) => string): string {
  const shortcut = shortcutOf(days);
  return shortcut === 'custom' ? days.map((d) => t(`form.days.${d}`)).join(', ') : t(`form.shortcuts.${shortcut}`);
}
