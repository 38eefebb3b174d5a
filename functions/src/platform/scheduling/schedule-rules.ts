import { nextOccurrence, type Series } from '@portal/shared/scheduling/recurrence';
import type { OneOffSchedule, RecurringSchedule } from './scheduler.port.ts';

/** Both adapters refuse a one-off in the past, as EventBridge Scheduler does: send it directly instead. */
export class ScheduleInPastError extends Error {
  override readonly name = 'ScheduleInPastError';
  constructor(readonly scheduleName: string, readonly at: Date) {
    super(`One-off schedule ${scheduleName} is in the past (${at.toISOString()})`);
  }
}

/** at() has whole seconds; rounding up keeps it no earlier than asked (and not in the past). */
export const toWholeSecond = (date: Date) => new Date(Math.ceil(date.getTime() / 1000) * 1000);

export function assertFuture(schedule: OneOffSchedule, now: Date): Date {
  if (schedule.at.getTime() < now.getTime()) throw new ScheduleInPastError(schedule.name, schedule.at);
  return toWholeSecond(schedule.at);
}

export const seriesOf = (schedule: RecurringSchedule): Series => ({
  time: schedule.time,
  days: schedule.days,
  timeZone: schedule.timeZone,
  start: schedule.start,
  end: schedule.end,
});

/**
 * The first occurrence a newly (re)created series fires: not before its start, and not in the past
 * (EventBridge's StartDate cannot lie in the past, so earlier occurrences never fire there either).
 * Null when the series has nothing left.
 */
export function firstOccurrence(schedule: RecurringSchedule, now: Date): Date | null {
  return nextOccurrence(seriesOf(schedule), new Date(Math.max(schedule.start.getTime(), now.getTime()) - 1));
}
