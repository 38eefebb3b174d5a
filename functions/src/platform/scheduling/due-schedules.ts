import type { Weekday } from '@portal/shared/constants';
import { nextOccurrence } from '@portal/shared/scheduling/recurrence';
import { conditionalWrite } from '../db/conditional-write.ts';
import { ScheduleEntity, type ScheduleItem } from './schedule.entity.ts';
import { occurrenceOf } from './schedule-names.ts';
import { DUE_BUCKETS } from './table.adapter.ts';
import type { ScheduledFiring } from './scheduler.port.ts';

/**
 * What the local scheduler does with the table adapter's rows (docs/data-model.md AP78, AP79).
 * Every write is a Put conditioned on the `dueAt` the caller read, so of two pollers (or a poller
 * and a concurrent reschedule) exactly one wins and a replaced schedule is never overwritten.
 */

/** How long a claimed schedule stays out of the due index while its handler runs. */
export const LEASE_MS = 60_000;
/** The first try and 3 retries, as the AWS adapter's RetryPolicy. */
export const MAX_ATTEMPTS = 4;
export const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;

export type Schedule = ScheduleItem;

const iso = (ms: number) => new Date(ms).toISOString();


/** Put `next` if the row still has the `dueAt` that was read; false when someone else changed it. */
async function replaceIfUnchanged(next: ScheduleItem, seenDueAt: string): Promise<boolean> {
  return conditionalWrite(() =>
    ScheduleEntity.put(next)
      .where((attr, op) => op.eq(attr.dueAt, seenDueAt))
      .go(),
  );
}

async function deleteIfUnchanged(schedule: ScheduleItem): Promise<boolean> {
  return conditionalWrite(() =>
    ScheduleEntity.delete({ scheduleId: schedule.scheduleId })
      .where((attr, op) => op.eq(attr.dueAt, schedule.dueAt))
      .go(),
  );
}

/** AP78: schedules whose next attempt is at or before `now`, oldest first. Overdue rows from before a restart are among them. */
export async function dueSchedules(now: Date, limit = 100): Promise<ScheduleItem[]> {
  const bound = iso(now.getTime() + 1);
  const buckets = Array.from({ length: DUE_BUCKETS }, (_, b) => String(b));
  const pages = await Promise.all(buckets.map((bucket) => ScheduleEntity.query.due({ bucket }).lt({ dueAt: bound }).go({ limit })));
  return pages
    .flatMap((page) => page.data)
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
    .slice(0, limit);
}

/** AP79 claim: takes the schedule for LEASE_MS. Null when another poller or a reschedule got there first. */
export async function claimSchedule(schedule: ScheduleItem, now: Date): Promise<ScheduleItem | null> {
  const leased = { ...schedule, dueAt: iso(now.getTime() + LEASE_MS), updatedAt: now.toISOString() };
  return (await replaceIfUnchanged(leased, schedule.dueAt)) ? leased : null;
}

/** The event the target handler gets, shaped as the AWS adapter's Input after EventBridge fills in the time. */
export function firingOf(schedule: ScheduleItem): ScheduledFiring {
  return { source: 'portal.scheduler', schedule_name: schedule.name, target: { ...schedule.target }, occurrence: occurrenceOf(schedule.occurrenceAt) };
}

/**
 * The occurrence that follows a fired one, or null when there is none (a one-off, or a series past
 * its end). Missed occurrences collapse: after a restart the oldest due occurrence fires once and the
 * series continues with the first one after `now`.
 */
export function nextDue(schedule: ScheduleItem, firedOccurrence: Date | string, now: Date): Date | null {
  if (schedule.kind === 'at' || !schedule.time || !schedule.startAt) return null;
  const after = Math.max(new Date(firedOccurrence).getTime(), now.getTime());
  return nextOccurrence(
    {
      time: schedule.time,
      days: (schedule.days ?? []) as Weekday[],
      timeZone: schedule.timeZone,
      start: new Date(schedule.startAt),
      end: schedule.endAt ? new Date(schedule.endAt) : undefined,
    },
    new Date(after),
  );
}

export type Advanced = 'next' | 'done' | 'stale';

/**
 * AP79 after a firing: a series moves to its next occurrence, a one-off (or an ended series) is
 * deleted, as EventBridge's ActionAfterCompletion DELETE does. 'stale': the row changed meanwhile.
 */
export async function advance(schedule: ScheduleItem, firedOccurrence: Date | string = schedule.occurrenceAt, now = new Date(), lastError?: string): Promise<Advanced> {
  const next = nextDue(schedule, firedOccurrence, now);
  if (!next) return (await deleteIfUnchanged(schedule)) ? 'done' : 'stale';
  const { lastError: _previous, ...rest } = schedule;
  const moved: ScheduleItem = { ...rest, ...(lastError ? { lastError } : {}), occurrenceAt: next.toISOString(), dueAt: next.toISOString(), attempts: 0, updatedAt: now.toISOString() };
  return (await replaceIfUnchanged(moved, schedule.dueAt)) ? 'next' : 'stale';
}

/**
 * AP79 when the target's firing guard says another execution still holds this occurrence (a
 * crashed or killed one whose lease has not run out): try again after `delayMs` without spending an
 * attempt, so the occurrence fires once the holder finishes or its lease ends, however long that is.
 */
export async function deferSchedule(schedule: ScheduleItem, now: Date, delayMs: number): Promise<'retry' | 'stale'> {
  const later = { ...schedule, dueAt: iso(now.getTime() + delayMs), updatedAt: now.toISOString() };
  return (await replaceIfUnchanged(later, schedule.dueAt)) ? 'retry' : 'stale';
}

export type FailureOutcome = 'retry' | 'failed' | 'skipped' | 'stale';

/**
 * AP79 on a handler error: retry the same occurrence after an exponential backoff; after
 * MAX_ATTEMPTS a one-off becomes `failed` (kept, out of the due index: the local dead-letter queue)
 * and a series gives up this occurrence and moves on, as EventBridge does after its retries.
 */
export async function recordFailure(schedule: ScheduleItem, error: unknown, now = new Date(), retryBaseMs = RETRY_BASE_MS): Promise<FailureOutcome> {
  const attempts = schedule.attempts + 1;
  const lastError = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1_000);
  if (attempts >= MAX_ATTEMPTS) {
    if (schedule.kind === 'cron') {
      const outcome = await advance(schedule, schedule.occurrenceAt, now, lastError);
      return outcome === 'stale' ? 'stale' : 'skipped';
    }
    return (await replaceIfUnchanged({ ...schedule, state: 'failed', attempts, lastError, updatedAt: now.toISOString() }, schedule.dueAt)) ? 'failed' : 'stale';
  }
  const backoff = Math.min(retryBaseMs * 2 ** (attempts - 1), RETRY_MAX_MS);
  const retry = { ...schedule, attempts, lastError, dueAt: iso(now.getTime() + backoff), updatedAt: now.toISOString() };
  return (await replaceIfUnchanged(retry, schedule.dueAt)) ? 'retry' : 'stale';
}
