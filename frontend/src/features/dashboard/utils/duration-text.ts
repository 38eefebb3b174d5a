/** The units a dashboard duration is told in (spec 000 §9: days, hours, minutes; under a minute, seconds). */
export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

export interface DurationPart {
  unit: DurationUnit;
  value: number;
}

const MINUTE = 60_000;
const UNITS: readonly (readonly [DurationUnit, number])[] = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', MINUTE],
];

/**
 * A duration in its largest two units of days, hours and minutes ("1 day 3 hours", "4 minutes"),
 * the smaller one left out when it is 0 ("1 hour"). Minutes are floored, so 1 d 23 h 59 m is
 * "1 day 23 hours" and never rounds up to a day it has not reached. Under a minute: seconds.
 */
export function durationParts(ms: number): DurationPart[] {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < MINUTE) return [{ unit: 'seconds', value: Math.floor(safe / 1_000) }];
  let rest = Math.floor(safe / MINUTE) * MINUTE;
  const values = UNITS.map(([unit, size]) => {
    const value = Math.floor(rest / size);
    rest -= value * size;
    return { unit, value };
  });
  const largest = values.findIndex((part) => part.value > 0);
  return values.slice(largest, largest + 2).filter((part) => part.value > 0);
}

/** The translate function of the 'dashboard' namespace, as far as durations need it (i18next plurals by count). */
export type CountTranslate = (key: `duration.${DurationUnit}`, options: { count: number }) => string;

/** durationParts in words of the user's language: "1 day 23 hours", "1 Tag 23 Stunden". */
export function durationText(ms: number, t: CountTranslate): string {
  return durationParts(ms)
    .map(({ unit, value }) => t(`duration.${unit}`, { count: value }))
    .join(' ');
}
