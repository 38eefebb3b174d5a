import { zonedParts } from '@portal/shared/scheduling/recurrence';
import type { VibrationPattern, WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { usableZone } from '../lib/zoned-time.ts';

/**
 * How the emulator applies the organisation's watch settings (decision 0038, 0043): a message that
 * just arrived stays highlighted and expanded for `display_seconds`, with the vibration pattern a
 * watch would play named on it (a browser cannot vibrate); during quiet hours only actions vibrate.
 */

type VibrationKind = keyof WatchSettings['vibration'];

/** Which vibration setting a message kind follows: reminders go with tasks, everything else shown like a notification with notifications. */
const VIBRATION_KIND: Record<string, VibrationKind> = {
  action: 'action',
  task: 'task',
  task_reminder: 'task',
  task_overdue: 'task',
};

/** Minutes since midnight of `at` in `timeZone` (UTC when this browser does not know the zone). */
export function minutesOfDay(at: Date, timeZone: string): number {
  const { hour, minute } = zonedParts(at, usableZone(timeZone));
  return hour * 60 + minute;
}

const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Whether quiet hours hold at `minutes` past midnight: start included, end not; a start after the end spans midnight; start = end is no window. */
export function isQuietTime(quiet: WatchSettings['quiet_hours'], minutes: number): boolean {
  if (!quiet.enabled) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The pattern a watch plays for a new message of `kind`; 'none' in quiet hours except for actions, which ask for an answer. */
export function vibrationOf(kind: string, settings: WatchSettings, quiet: boolean): VibrationPattern {
  const setting = VIBRATION_KIND[kind] ?? 'notification';
  if (quiet && setting !== 'action') return 'none';
  return settings.vibration[setting];
}

/**
 * When each card (by key) first appeared on this screen: keys not seen before get `now`. Returns
 * the same map when nothing is new, so a caller can skip the update.
 */
export function noteArrivals(arrivals: ReadonlyMap<string, number>, keys: readonly string[], now: number): ReadonlyMap<string, number> {
  const added = keys.filter((key) => !arrivals.has(key));
  if (added.length === 0) return arrivals;
  const next = new Map(arrivals);
  for (const key of added) next.set(key, now);
  return next;
}

/** Whether a card that arrived at `arrivedAt` is still new at `now` (shown for `displaySeconds`). */
export const isFresh = (arrivedAt: number | undefined, now: number, displaySeconds: number) =>
  arrivedAt !== undefined && now >= arrivedAt && now - arrivedAt < displaySeconds * 1000;
