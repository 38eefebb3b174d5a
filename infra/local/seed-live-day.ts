import { organizationTimeZone } from '../../functions/src/platform/tenancy/organization-time-zone.repository.ts';
import { userIdByEmail } from '../../functions/src/users/users.repository.ts';
import { liveDayClock } from './live-day-clock.ts';
import type { LiveDay, LiveDayPart } from './live-day.ts';
import { DEMO_STAFF, type DemoPerson } from './seed-shifts.ts';

export { staffIds, type LiveDay, type LiveDayPart, type PlannedAnswer, type StaffName } from './live-day.ts';

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
export async function seedLiveDay(orgId: string, adminId: string, now = new Date(), people: readonly DemoPerson[] = DEMO_STAFF): Promise<Array<LiveDayPart['kind']>> {
  const [timeZone, ids] = await Promise.all([organizationTimeZone(orgId), Promise.all(people.map((person) => userIdByEmail(orgId, person.email)))]);
  const staff = new Map(people.flatMap((person, index) => (ids[index] ? [[person.firstname, ids[index]] as const] : [])));
  if (staff.size === 0) return [];
  const day: LiveDay = { orgId, adminId, clock: liveDayClock(now, timeZone), staff };
  const parts = await PARTS();
  const missing = (await Promise.all(parts.map(async (part) => ((await part.hasToday(day)) ? [] : [part])))).flat();
  await Promise.all(missing.map((part) => part.seed(day)));
  return missing.map((part) => part.kind);
}
