import { randomBytes } from 'node:crypto';
import { partsIn } from '@portal/shared/scheduling/series-time';
import { isoWeekOf } from '@portal/shared/shifts/iso-week';
import { shiftSchema, type ShiftTemplateShift } from '@portal/shared/shifts/shift.schema';
import type { UserType } from '@portal/shared/users/user-types';
import { organizationTimeZone } from '../../functions/src/platform/tenancy/organization-time-zone.repository.ts';
import { createActivityType, listActivityTypes } from '../../functions/src/shifts/activity-types.service.ts';
import { publishWeek } from '../../functions/src/shifts/publish.service.ts';
import { fromShiftTemplateShifts } from '../../functions/src/shifts/shift-time.ts';
import { weekShifts } from '../../functions/src/shifts/shifts.repository.ts';
import { createShift } from '../../functions/src/shifts/shifts.service.ts';
import { userIdByEmail } from '../../functions/src/users/users.repository.ts';
import { createUser } from '../../functions/src/users/users.service.ts';
import { DEMO_STAFF, type DemoPerson } from './demo-staff.ts';

export { DEMO_STAFF, DEMO_STAFF_DOMAIN, demoStaff, type DemoPerson } from './demo-staff.ts';

/** The demo shop's shift activities (settings, shift planner): names and preset colours. */
export const DEMO_ACTIVITIES = [
  { name: 'Cashier', color: '#1E88E5' },
  { name: 'Bottle return', color: '#43A047' },
  { name: 'Stock', color: '#FB8C00' },
] as const;

type ActivityName = (typeof DEMO_ACTIVITIES)[number]['name'];

interface PatternShift {
  /** Index into DEMO_STAFF. */
  staff: number;
  /** 0 = Monday … 5 = Saturday (the shop is closed on Sundays). */
  day: number;
  name: string;
  start_time: string;
  end_time: string;
  activities: Array<{ activity: ActivityName; start_time: string; end_time: string }>;
}

/**
 * A shop open 08:00–20:00, Monday to Saturday: two early and two late shifts a day, the till staffed
 * from opening to closing. Each shift's activities follow one another and fill it. Staff 0–2 work
 * early, 3–5 late, each with two days off (a late never precedes an early: no short-rest warning).
 */
const SHIFT_KINDS: ReadonlyArray<Omit<PatternShift, 'staff' | 'day'>> = [
  { name: 'Early', start_time: '07:30', end_time: '14:00', activities: [{ activity: 'Stock', start_time: '07:30', end_time: '09:00' }, { activity: 'Cashier', start_time: '09:00', end_time: '14:00' }] },
  { name: 'Early', start_time: '08:00', end_time: '14:30', activities: [{ activity: 'Cashier', start_time: '08:00', end_time: '11:00' }, { activity: 'Bottle return', start_time: '11:00', end_time: '14:30' }] },
  { name: 'Late', start_time: '13:30', end_time: '20:30', activities: [{ activity: 'Cashier', start_time: '13:30', end_time: '20:30' }] },
  { name: 'Late', start_time: '14:00', end_time: '20:00', activities: [{ activity: 'Bottle return', start_time: '14:00', end_time: '17:00' }, { activity: 'Stock', start_time: '17:00', end_time: '20:00' }] },
];

/** The demo week: 24 shifts; on day d, the early and late person d mod 3 of their group is off. */
export const DEMO_WEEK_PATTERN: readonly PatternShift[] = Array.from({ length: 6 }, (_, day) =>
  [0, 1].flatMap((group) => {
    const working = [0, 1, 2].filter((member) => member !== day % 3).map((member) => group * 3 + member);
    return working.map((staff, slot) => ({ staff, day, ...SHIFT_KINDS[group * 2 + slot]! }));
  }),
).flat();

/** The ISO week `now` is in, in the organisation's time zone. */
export const currentWeek = (now: Date, timeZone: string) => isoWeekOf(partsIn(now, timeZone).date);

/**
 * First start: the activities and the staff through the services the API uses (the staff as an
 * administrator adds them: a profile, a membership and a sign-in identity with a random password
 * nobody knows; an administrator sets one on the Users page to try a person's watch), then the
 * current week as planCurrentWeek plans it.
 */
export async function seedShifts(orgId: string, adminId: string, now = new Date(), staff: readonly DemoPerson[] = DEMO_STAFF): Promise<void> {
  // One after another: ULID ids keep this order as the creation order; cognito-local keeps one file.
  const caller = { userId: adminId, organizations: { [orgId]: ['superadmin' as const] } };
  for (const activity of DEMO_ACTIVITIES) await createActivityType(orgId, activity, caller, now);
  for (const person of staff) {
    const password = `Aa1!${randomBytes(18).toString('base64url')}`;
    await createUser(orgId, { ...person, type: 'normal' as UserType, access_level: 'employee', password }, caller);
  }
  await planCurrentWeek(orgId, adminId, now, staff);
}

/**
 * Every start (decision 0031): a planner seeded once would be empty from the next week on. When the
 * current week (organisation's time zone) has no shift at all, not even a draft, it is planned from
 * DEMO_WEEK_PATTERN with the demo staff and activities that still exist (found by email and by
 * name; an organisation without them gets nothing) and published, as a manager would. A week with
 * any shift is left as it is. Returns the week and how many shifts were planned. `staff`: the demo
 * staff as seeded (demoStaff).
 */
export async function planCurrentWeek(orgId: string, adminId: string, now = new Date(), staff: readonly DemoPerson[] = DEMO_STAFF): Promise<{ week: string; planned: number }> {
  const timeZone = await organizationTimeZone(orgId);
  const week = currentWeek(now, timeZone);
  if ((await weekShifts(orgId, week)).length > 0) return { week, planned: 0 };
  const [staffIds, types] = await Promise.all([Promise.all(staff.map((person) => userIdByEmail(orgId, person.email))), listActivityTypes(orgId)]);
  const typeIds = new Map(types.items.map((type) => [type.name, type.id]));
  const shifts: ShiftTemplateShift[] = DEMO_WEEK_PATTERN.flatMap((shift) => {
    const userId = staffIds[shift.staff];
    if (!userId) return [];
    const activities = shift.activities.flatMap(({ activity, ...times }) => (typeIds.has(activity) ? [{ activity_type_id: typeIds.get(activity)!, ...times }] : []));
    return [{ user_id: userId, name: shift.name, day: shift.day, start_time: shift.start_time, end_time: shift.end_time, activities }];
  });
  if (shifts.length === 0) return { week, planned: 0 };
  // Wall-clock times placed in the week as a week template is (the organisation's offsets that day).
  const drafts = fromShiftTemplateShifts(shifts, week, timeZone);
  await Promise.all(
    drafts.map((draft) =>
      createShift(
        orgId,
        shiftSchema.validateSync({
          user_id: draft.userId,
          name: draft.name,
          start: draft.start,
          end: draft.end,
          activities: draft.activities.map((a) => ({ activity_type_id: a.activityTypeId, start: a.start, end: a.end })),
        }),
        now,
      ),
    ),
  );
  await publishWeek(orgId, week, adminId, now);
  return { week, planned: drafts.length };
}
