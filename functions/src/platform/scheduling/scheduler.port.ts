import type { ModuleName } from '@portal/shared/api/route-table';
import type { Weekday } from '@portal/shared/constants';

/**
 * The scheduling port (architecture: EventBridge Scheduler on AWS, a table-backed scheduler
 * locally). A schedule fires its target: the module's scheduled-event handler
 * (`functions/src/<module>/scheduled.handler.ts`), with a `ScheduledFiring`.
 */
export interface ScheduleTarget {
  /** The module whose scheduled handler runs (one Lambda per module on AWS). */
  module: ModuleName;
  /** What to do, e.g. 'notification.send'; the module's handler dispatches on it. */
  type: string;
  orgId: string;
  /** The item the firing is about, e.g. the notification (or recurring root) id. */
  id: string;
}

/** One-off: EventBridge `at(yyyy-mm-ddThh:mm:ss)` in UTC. */
export interface OneOffSchedule {
  name: string;
  at: Date;
  target: ScheduleTarget;
}

/** A series: EventBridge `cron(m h ? * DAYS *)` in the organisation's time zone, between start and end. */
export interface RecurringSchedule {
  name: string;
  /** Local time of day, 'HH:mm'. */
  time: string;
  days: Weekday[];
  timeZone: string;
  start: Date;
  end?: Date;
  target: ScheduleTarget;
}

/** The event a schedule delivers to the target handler. */
export interface ScheduledFiring {
  source: 'portal.scheduler';
  schedule_name: string;
  target: ScheduleTarget;
  /**
   * The scheduled time of this occurrence (ISO-8601 UTC, to the second: '2026-03-29T07:00:00Z'):
   * with the name, the idempotency key (firing-guard.ts).
   */
  occurrence: string;
}

/**
 * Get it with `scheduler()` (./scheduler.ts). A schedule is identified by its name (unique across
 * organisations: include an id); scheduling a name that exists replaces that schedule.
 */
export interface Scheduler {
  /** `at` must not be in the past: ScheduleInPastError (as EventBridge refuses it); send directly instead. */
  scheduleOnce(schedule: OneOffSchedule): Promise<void>;
  /**
   * Fires from max(start, now), start inclusive, end exclusive (shared/src/scheduling/recurrence.ts);
   * a series with nothing left to fire is cancelled instead.
   */
  scheduleRecurring(schedule: RecurringSchedule): Promise<void>;
  /** Idempotent: deleting an unknown schedule is not an error. */
  cancel(name: string): Promise<void>;
}
