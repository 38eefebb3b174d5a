import { TIME_PICKER_ROUND_MINUTES } from '@portal/shared/constants';
import { addDays, isSameDay, roundUpMinutes, startOfDay, startOfMinute, withTime } from '../../../lib/date-time.ts';

/** Spec 000 §4: right now (default), later today, tomorrow, a specific date. */
export const SEND_OPTIONS = ['now', 'laterToday', 'tomorrow', 'date'] as const;
export type SendOption = (typeof SEND_OPTIONS)[number];

/** Spec 000 §5: a send date earlier than now is set to now. */
export function clampToNow(send: Date, now: Date): Date {
  return send.getTime() < now.getTime() ? startOfMinute(now) : send;
}

/** The send time an option starts with: the next 30-minute mark (today, else its day). */
export function defaultSendFor(option: SendOption, now: Date): Date | null {
  if (option === 'now') return null;
  const rounded = roundUpMinutes(now, TIME_PICKER_ROUND_MINUTES);
  if (option === 'tomorrow') return withTime(addDays(startOfDay(now), 1), rounded.getHours(), rounded.getMinutes());
  // Later today never spills into tomorrow: the last minute of the day at most.
  if (!isSameDay(rounded, now)) return withTime(now, 23, 59);
  return rounded;
}

/** The option a stored send time shows as. */
export function sendOptionOf(send: Date | null, now: Date): SendOption {
  if (!send) return 'now';
  if (isSameDay(send, now)) return 'laterToday';
  if (isSameDay(send, addDays(now, 1))) return 'tomorrow';
  return 'date';
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Spec 000 §5: hours 0-23; for today only the current hour and later. */
export function availableHours(day: Date, now: Date): number[] {
  return isSameDay(day, now) ? range(now.getHours(), 23) : range(0, 23);
}

/** Minutes 0-59; in today's current hour only the current minute and later. */
export function availableMinutes(day: Date, hour: number, now: Date): number[] {
  return isSameDay(day, now) && hour === now.getHours() ? range(now.getMinutes(), 59) : range(0, 59);
}

/** A send time before the current minute is in the past (the pickers work in whole minutes). */
export const isInPast = (send: Date, now: Date) => send.getTime() < startOfMinute(now).getTime();
