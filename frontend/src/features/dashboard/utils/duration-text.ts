import { durationParts as partsOf, type DurationUnit } from '../../../lib/duration.ts';

/** Spec 000 §9: days, hours and minutes, the largest two; under a minute, seconds ("1 day 23 hours", "4 minutes", "59 seconds"). Floored, so 1 d 23 h 59 m never rounds up to a day it has not reached. */
export const durationParts = (ms: number) => partsOf(ms, { smallest: 'minutes' });

/** The translate function of the 'dashboard' namespace, as far as durations need it (i18next plurals by count). */
export type CountTranslate = (key: `duration.${DurationUnit}`, options: { count: number }) => string;

/** durationParts in words of the user's language: "1 day 23 hours", "1 Tag 23 Stunden". */
export function durationText(ms: number, t: CountTranslate): string {
  return durationParts(ms)
    .map(({ unit, value }) => t(`duration.${unit}`, { count: value }))
    .join(' ');
}
