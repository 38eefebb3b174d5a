import { TIME_PICKER_ROUND_MINUTES } from '@portal/shared/constants';
import { addDays, isSameDay, roundUpMinutes, startOfDay, startOfMinute, timeOfDay, withTime } from '../../../lib/date-time.ts';

/** Spec 000 §4: right now (default), later today, tomorrow, a specific date. */
export const SEND_OPTIONS = ['now', 'laterToday', 'tomorrow', 'date'] as const;
export type SendOption = (typeof SEND_OPTIONS)[number];

/** Spec 000 §5: a send date earlier than now is set to now. */
export function clampToNow(send: Date, now: Date): Date {
  return send.getTime() < now.getTime() ? startOfMinute(now) : send;
}

/** The send time an option starts with: the next 30-minute mark (today, else its day), in the organisation's zone. */
export function defaultSendFor(option: SendOption, now: Date, timeZone: string): Date | null {
  if (option === 'now') return null;
  const rounded = roundUpMinutes(now, TIME_PICKER_ROUND_MINUTES, timeZone);
  const { hour, minute } = timeOfDay(rounded, timeZone);
  if (option === 'tomorrow') return withTime(addDays(startOfDay(now, timeZone), 1, timeZone), hour, minute, timeZone);
  // Later today never spills into tomorrow: the last minute of the day at most.
  if (!isSameDay(rounded, now, timeZone)) return withTime(now, 23, 59, timeZone);
  return rounded;
}

/** The option a stored send time shows as. */
export function sendOptionOf(send: Date | null, now: Date, timeZone: string): SendOption {
  if (!send) return 'now';
  if (isSameDay(send, now, timeZone)) return 'laterToday';
  if (isSameDay(send, addDays(now, 1, timeZone), timeZone)) return 'tomorrow';
  return 'date';
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Spec 000 §5: hours 0-23 of the organisation's day; for today only the current hour and later. */
export function availableHours(day: Date, now: Date, timeZone: string): number[] {
  return isSameDay(day, now, timeZone) ? range(timeOfDay(now, timeZone).hour, 23) : range(0, 23);
}

/** Minutes 0-59; in today's current hour only the current minute and later. */
export function availableMinutes(day: Date, hour: number, now: Date, timeZone: string): number[] {
  const current = timeOfDay(now, timeZone);
  return isSameDay(day, now, timeZone) && hour === current.hour ? range(current.minute, 59) : range(0, 59);
}

/** A send time before the current minute is in the past (the pickers work in whole minutes). */
export const isInPast = (send: Date, now: Date) => send.getTime() < startOfMinute(now).getTime();
