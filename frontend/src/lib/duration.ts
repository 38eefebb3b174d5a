/** The units a duration is told in (spec 000 §9: days, hours, minutes; seconds where they matter). */
export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

export interface DurationPart {
  unit: DurationUnit;
  value: number;
}

const UNITS: ReadonlyArray<readonly [DurationUnit, number]> = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1_000],
];

export interface DurationOptions {
  /**
   * 'seconds' (a countdown: a step's time-out is often under a minute) or 'minutes' (spec 000 §9's
   * days, hours and minutes; under a minute, seconds all the same).
   */
  smallest?: 'seconds' | 'minutes';
  /** 'up' to the second, so a running countdown never shows 0; 'down', so a time never shows a unit it has not reached. */
  round?: 'up' | 'down';
}

/**
 * A duration in its largest two units, the smaller left out when it is 0 ("1 day 3 hours",
 * "1 hour", "4 minutes"). One rule for every page that tells a duration (actions, dashboard).
 */
export function durationParts(ms: number, { smallest = 'seconds', round = 'down' }: DurationOptions = {}): DurationPart[] {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const seconds = round === 'up' ? Math.ceil(safe / 1_000) : Math.floor(safe / 1_000);
  if (smallest === 'minutes' && seconds < 60) return [{ unit: 'seconds', value: seconds }];
  const units = smallest === 'minutes' ? UNITS.slice(0, 3) : UNITS;
  let rest = (smallest === 'minutes' ? Math.floor(seconds / 60) * 60 : seconds) * 1_000;
  const values = units.map(([unit, size]) => {
    const value = Math.floor(rest / size);
    rest -= value * size;
    return { unit, value };
  });
  const largest = values.findIndex((part) => part.value > 0);
  if (largest < 0) return [{ unit: 'seconds', value: 0 }];
  return values.slice(largest, largest + 2).filter((part) => part.value > 0);
}

/** durationParts in words: `say` names one part ("1 min", "20 s"), the parts joined by spaces ("1 min 20 s"). */
export function durationWords(ms: number, say: (part: DurationPart) => string, options?: DurationOptions): string {
  return durationParts(ms, options).map(say).join(' ');
}
