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
  /** The scheduled time of this occurrence (ISO-8601 UTC): with the name, the idempotency key. */
  occurrence: string;
}

export interface Scheduler {
  scheduleOnce(schedule: OneOffSchedule): Promise<void>;
  scheduleRecurring(schedule: RecurringSchedule): Promise<void>;
  /** Idempotent: deleting an unknown schedule is not an error. */
  cancel(name: string): Promise<void>;
}
