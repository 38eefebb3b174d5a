import type { LiveDayClock } from './live-day-clock.ts';
import type { DEMO_STAFF } from './seed-shifts.ts';

/*
 * What the live day's parts (seed-live-actions.ts, -tasks, -notifications, -firings) share with
 * seed-live-day.ts, which loads them: here, so no part imports its loader back.
 */

/** A demo employee by first name: the live day names who answers and ticks. */
export type StaffName = (typeof DEMO_STAFF)[number]['firstname'];

/** An answer from a watch, `after` seconds after its action was sent (or its time-out fired). */
export interface PlannedAnswer {
  who: StaffName;
  answer: 'accepted' | 'declined';
  after: number;
}

/** What every part of the live day works with. */
export interface LiveDay {
  orgId: string;
  adminId: string;
  clock: LiveDayClock;
  /** The demo staff who still exist, by first name (found by email, as the planner finds them). */
  staff: ReadonlyMap<StaffName, string>;
}

/** A part of the live day: whether the organisation has its kind of item today, and how it seeds them. */
export interface LiveDayPart {
  kind: 'actions' | 'tasks' | 'notifications';
  hasToday(day: LiveDay): Promise<boolean>;
  seed(day: LiveDay): Promise<void>;
}

/** The demo employees among `names` who still exist (a deleted one answers nothing). */
export const staffIds = (day: LiveDay, names: readonly StaffName[]): string[] => names.flatMap((name) => (day.staff.has(name) ? [day.staff.get(name)!] : []));
