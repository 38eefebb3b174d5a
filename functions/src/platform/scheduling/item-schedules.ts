import type { ModuleName } from '@portal/shared/api/route-table';
import { scheduleNamePrefixOf, type ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import type { Series } from '@portal/shared/scheduling/recurrence';
import { ScheduleInPastError, scheduler, type ScheduleTarget } from './scheduler.ts';

/**
 * The schedules of a module's items (series kit, decision 0029): a one-off at a moment, or a series
 * whose firings materialise one child each, named `{prefix}{id}` (the job's `namePrefix` in
 * shared/src/api/scheduled-jobs.ts, which also scopes the scheduler rights) and targeting the module's
 * scheduled handler with the job type. Notifications bind it for `notification.send`, tasks for
 * `task.start`, `task.remind` and `task.end`.
 */
export interface ItemScheduleKind {
  module: ModuleName;
  type: ScheduledJobType;
}

export interface ItemSchedules {
  /** The schedule's name for an item (and an optional suffix, e.g. a reminder's offset). */
  nameOf(id: string, suffix?: string): string;
  /** One-off at `at`; false when `at` has passed meanwhile (the caller acts now instead). */
  scheduleOnce(orgId: string, id: string, at: Date, name?: string): Promise<boolean>;
  /** A series in the organisation's zone; each firing materialises one child of the root. */
  scheduleSeries(orgId: string, id: string, series: Series, name?: string): Promise<void>;
}

export function itemSchedules(kind: ItemScheduleKind): ItemSchedules {
  const targetOf = (orgId: string, id: string): ScheduleTarget => ({ module: kind.module, type: kind.type, orgId, id });
  const prefix = scheduleNamePrefixOf(kind.type);
  const nameOf = (id: string, suffix?: string) => `${prefix}${id}${suffix ? `-${suffix}` : ''}`;
  return {
    nameOf,
    async scheduleOnce(orgId, id, at, name = nameOf(id)) {
      try {
        await scheduler().scheduleOnce({ name, at, target: targetOf(orgId, id) });
        return true;
      } catch (error) {
        if (error instanceof ScheduleInPastError) return false;
        throw error;
      }
    },
    async scheduleSeries(orgId, id, series, name = nameOf(id)) {
      await scheduler().scheduleRecurring({
        name,
        time: series.time,
        days: [...series.days],
        timeZone: series.timeZone,
        start: series.start,
        ...(series.end ? { end: series.end } : {}),
        target: targetOf(orgId, id),
      });
    },
  };
}

/** Cancels a schedule by name (unknown names are fine); undefined is nothing to cancel. */
export async function cancelSchedule(name: string | undefined): Promise<void> {
  if (name) await scheduler().cancel(name);
}

/** Cancels every named schedule (an item's start, reminders and end), side by side. */
export async function cancelSchedules(names: readonly (string | undefined)[] | undefined): Promise<void> {
  await Promise.all([...new Set(names ?? [])].map((name) => cancelSchedule(name)));
}

/**
 * A series' occurrence made into a child, once (series kit): the child's id is deterministic
 * (`childId` of shared/src/scheduling/series-time.ts), so a second firing of the same occurrence
 * finds it. `insert` is an `attribute_not_exists` put; a child found already delivered is left
 * alone (null, nothing advanced); one whose delivery broke off is resumed and delivered again.
 * Then the root moves to its next occurrence (`advance`).
 */
export interface OccurrenceSteps<T> {
  /** The child as it should be stored, ready to deliver. */
  child: T;
  insert(child: T): Promise<boolean>;
  /** The stored child, read when the insert found one. */
  existing(): Promise<T | null>;
  delivered(existing: T): boolean;
  /** The child to deliver when a stored, undelivered one was found (written back by the module). */
  resume(existing: T): Promise<T>;
  deliver(child: T): Promise<void>;
  advance(): Promise<void>;
}

export async function materialiseOccurrenceOnce<T>(steps: OccurrenceSteps<T>): Promise<T | null> {
  let child = steps.child;
  if (!(await steps.insert(child))) {
    const existing = await steps.existing();
    if (!existing || steps.delivered(existing)) return null;
    child = await steps.resume(existing);
  }
  await steps.deliver(child);
  await steps.advance();
  return child;
}
