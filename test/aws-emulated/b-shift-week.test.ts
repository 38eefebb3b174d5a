import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShiftsDownlink } from '@portal/shared/devices/shift-messages';
import type { ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { waitFor } from '../support/wait-for.ts';
import { api, closeWatches, harnessReport, organizationWithStaff, type StaffMember } from '../support/aws-emulated/portal-client.ts';

/**
 * (b) A published shift week reaches the affected watches, on the stack CloudFormation would
 * deploy: the shifts API function queues each person's week on the shifts delivery queue (SQS, with
 * its role's sqs:SendMessage), the event source mapping hands the batch to the shifts delivery
 * function, which publishes through the IoT data plane into the broker. Issue 27's first fault: a
 * shifts handler without the SQS adapter answers 500 here and no watch hears of the week.
 */
const PASSWORD = 'Emulated-Shift-1!';
const WEEK = '2027-W11';
const at = (date: string, time: string) => ({ date, time, offset: '+01:00' });

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Shift Market', ['Ann', 'Bob'], PASSWORD));
});

afterAll(async () => {
  await closeWatches(staff);
  expect((await harnessReport()).refused).toEqual([]);
});

describe('a shift week published on the emulated stack', () => {
  it("reaches each affected person's watch with their own shifts, and the week is stored as published", async () => {
    const [ann, bob] = staff as [StaffMember, StaffMember];
    const shifts = orgPath('/shifts');
    const activity = await api(owner, 'POST', orgPath('/shift-activity-types'), { name: 'Cashier', color: '#1E88E5' });
    expect(activity.status, JSON.stringify(activity.body)).toBe(201);
    const body = (userId: string, date: string, from: string, to: string) => ({
      user_id: userId,
      name: '',
      start: at(date, from),
      end: at(date, to),
      activities: [{ activity_type_id: activity.body.id, start: at(date, from), end: at(date, to) }],
    });
    const annShift = await api(owner, 'POST', shifts, body(ann.userId, '2027-03-15', '08:00', '16:00'));
    const bobShift = await api(owner, 'POST', shifts, body(bob.userId, '2027-03-16', '12:00', '20:00'));
    expect([annShift.status, bobShift.status]).toEqual([201, 201]);

    const published = await api(owner, 'POST', orgPath(`/shift-weeks/${WEEK}/publish`));
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.affected_user_ids).toEqual([ann.userId, bob.userId].sort());

    for (const [person, shift] of [[ann, annShift.body], [bob, bobShift.body]] as const) {
      const [message] = await waitFor(() => person.watch.inbox.filter((e) => e.type === 'shifts'), (m) => m.length > 0, `the week on ${person.userId}'s watch`, 20_000);
      expect(parseShiftsDownlink(message!.type, message!.data)).toMatchObject({ kind: 'shifts', week: WEEK, shifts: [{ shift_id: shift.id }] });
    }
    const week = await api<ShiftWeekDto>(owner, 'GET', orgPath(`/shift-weeks/${WEEK}`));
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({ has_unpublished_changes: false });
    expect(week.body.published_at).toEqual(expect.any(String));
  });
});

function orgPath(path: string) {
  return `/organizations/${orgId}${path}`;
}
