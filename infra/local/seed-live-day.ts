import { organizationTimeZone } from '../../functions/src/platform/tenancy/organization-time-zone.repository.ts';
import { userIdByEmail } from '../../functions/src/users/users.repository.ts';
import { liveDayClock, type LiveDayClock } from './live-day-clock.ts';
import { DEMO_STAFF } from './seed-shifts.ts';

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

/** Loaded by the seed, not with the runtime's modules: the parts import most of three modules' services. */
const PARTS = async (): Promise<LiveDayPart[]> => {
  const [{ liveActions }, { liveTasks }, { liveNotifications }] = await Promise.all([
    import('./seed-live-actions.ts'),
    import('./seed-live-tasks.ts'),
    import('./seed-live-notifications.ts'),
  ]);
  return [liveActions, liveTasks, liveNotifications];
};

/**
 * The demo organisation's live day (decision 0051): this morning's actions with their answers, an
 * escalation and one still open, and the Flic trigger's webhook firings; today's opening checklist
 * half ticked and the closing checklist planned; a notification read by some. Every item goes
 * through its module's services at the seed's clock (live-day-clock.ts), as the API, the watches
 * and the scheduler would have made it. Like the planner, on every start: a part is seeded only
 * when the organisation has no item of its kind today (its zone), so a second start the same day
 * adds nothing and a start on another day gets that day's. An organisation without the demo staff
 * gets nothing. Answers which kinds it seeded.
 */
export async function seedLiveDay(orgId: string, adminId: string, now = new Date()): Promise<Array<LiveDayPart['kind']>> {
  const [timeZone, ids] = await Promise.all([organizationTimeZone(orgId), Promise.all(DEMO_STAFF.map((person) => userIdByEmail(orgId, person.email)))]);
  const staff = new Map(DEMO_STAFF.flatMap((person, index) => (ids[index] ? [[person.firstname, ids[index]] as const] : [])));
  if (staff.size === 0) return [];
  const day: LiveDay = { orgId, adminId, clock: liveDayClock(now, timeZone), staff };
  const parts = await PARTS();
  const missing = (await Promise.all(parts.map(async (part) => ((await part.hasToday(day)) ? [] : [part])))).flat();
  await Promise.all(missing.map((part) => part.seed(day)));
  return missing.map((part) => part.kind);
}

/** The demo employees among `names` who still exist (a deleted one answers nothing). */
export const staffIds = (day: LiveDay, names: readonly StaffName[]): string[] => names.flatMap((name) => (day.staff.has(name) ? [day.staff.get(name)!] : []));
