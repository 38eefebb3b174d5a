import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftDto, ShiftPublishResult, ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { resolveRecipients } from '../../functions/src/platform/recipients/resolve-recipients.ts';
import { registerShiftRecipients } from '../../functions/src/shifts/public.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/**
 * The shift planner's backend (issue 15; decision 0031) against DynamoDB Local and cognito-local:
 * ISO weeks across a year boundary, night shifts, publishing (who is affected, once; a re-publish
 * only the changed) and the `shift_activity_type` resolver at several instants.
 */
const PASSWORD = 'Shifts-Pass-1!';
const at = (date: string, time: string) => ({ date, time, offset: '+01:00' });

let orgId: string;
let token: string;
let ann: string;
let bob: string;
let cashier: string;
let stock: string;

const api = async <T = unknown>(method: string, path: string, body?: unknown) => {
  const answer = await callApi('shifts', method, `/api/organizations/${orgId}${path}`, { token, body });
  return answer as { status: number; body: T };
};
const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await api<T>(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};
const person = async (firstname: string) =>
  (
    (await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token,
      body: { firstname, lastname: 'Staff', email: `${firstname}-${randomUUID()}@shifts.test`, password: PASSWORD },
    })) as { body: { id: string } }
  ).body.id;

function shift(userId: string, start: { date: string; time: string; offset: string }, end: typeof start, activities: Array<[string, typeof start, typeof start]> = []) {
  return { user_id: userId, name: '', start, end, activities: activities.map(([activity_type_id, s, e]) => ({ activity_type_id, start: s, end: e })) };
}

beforeAll(async () => {
  const email = `owner-${randomUUID()}@shifts.test`;
  const ownerId = await createIdentity(email, PASSWORD);
  orgId = await foundOrganization({ name: 'Shifts', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
  token = await signIn(email, PASSWORD);
  [ann, bob] = [await person('Ann'), await person('Bob')];
  cashier = (await ok<{ id: string }>('POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' })).id;
  stock = (await ok<{ id: string }>('POST', '/shift-activity-types', { name: 'Stock', color: '#43A047' })).id;
  registerShiftRecipients();
});
afterAll(() => closeDelivery());

describe('shift activity types', () => {
  it("answers the spec's messages and lists the types for the recipient picker", async () => {
    expect((await api('POST', '/shift-activity-types', { color: '#1E88E5' })).body).toMatchObject({ errors: { name: 'Name is required' } });
    expect((await api('POST', '/shift-activity-types', { name: 'Till' })).body).toMatchObject({ errors: { color: 'Color is required' } });
    expect((await api('POST', '/shift-activity-types', { name: 'Till', color: '#123456' })).status).toBe(400);
    const { items } = await ok<{ items: Array<{ name: string }> }>('GET', '/shift-activity-types');
    expect(items.map((t) => t.name)).toEqual(['Cashier', 'Stock']);
    const picker = await callApi('users', 'GET', `/api/organizations/${orgId}/recipients`, { token });
    expect((picker.body as { shifts: Array<{ id: string }> }).shifts.map((s) => s.id).sort()).toEqual([cashier, stock].sort());
  });
});

describe('ISO weeks', () => {
  it('has 2026-W53, which runs into 2027, and refuses 2025-W53', async () => {
    const created = await ok<ShiftDto>('POST', '/shifts', shift(ann, at('2027-01-01', '08:00'), at('2027-01-01', '12:00'), [[cashier, at('2027-01-01', '08:00'), at('2027-01-01', '12:00')]]));
    expect(created.week).toBe('2026-W53');
    const week = await ok<ShiftWeekDto>('GET', '/shift-weeks/2026-W53');
    expect(week.days).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(week.shifts.map((s) => s.id)).toEqual([created.id]);
    expect((await ok<ShiftWeekDto>('GET', '/shift-weeks/2027-W01')).shifts).toEqual([]);
    expect((await api('GET', '/shift-weeks/2025-W53')).body).toMatchObject({ message: 'Week must be an ISO week like 2026-W05' });
  });
});

describe('shifts past midnight', () => {
  it("lists a Sunday night shift in its own week and in the next week's Monday; refuses over 24 hours and activities outside", async () => {
    const night = await ok<ShiftDto>('POST', '/shifts', shift(bob, at('2027-02-07', '22:00'), at('2027-02-08', '06:00'), [[stock, at('2027-02-07', '23:00'), at('2027-02-08', '05:00')]]));
    expect(night).toMatchObject({ week: '2027-W05', start_at: '2027-02-07T21:00:00.000Z', end_at: '2027-02-08T05:00:00.000Z', published: false, changed_since_publish: true });
    expect((await ok<ShiftWeekDto>('GET', '/shift-weeks/2027-W05')).shifts.map((s) => s.id)).toEqual([night.id]);
    expect((await ok<ShiftWeekDto>('GET', '/shift-weeks/2027-W06')).shifts.map((s) => s.id)).toEqual([night.id]);

    expect((await api('POST', '/shifts', shift(bob, at('2027-02-09', '06:00'), at('2027-02-10', '07:00')))).body).toMatchObject({
      errors: { end: 'A shift can be at most 24 hours long' },
    });
    expect((await api('POST', '/shifts', shift(bob, at('2027-02-09', '06:00'), at('2027-02-09', '05:00')))).body).toMatchObject({ errors: { end: 'End must be after start' } });
    expect(
      (await api('POST', '/shifts', shift(bob, at('2027-02-09', '06:00'), at('2027-02-09', '10:00'), [[stock, at('2027-02-09', '09:00'), at('2027-02-09', '11:00')]]))).body,
    ).toMatchObject({ errors: { activities: 'An activity must lie within its shift' } });
  });
});

describe('publishing and routing by who is on shift', () => {
  const week = '2027-W10'; // Monday 2027-03-08
  const day = '2027-03-08';
  let annShift: ShiftDto;
  let bobShift: ShiftDto;

  const onCashier = async (time: string) =>
    (await resolveRecipients(orgId, [{ group_number: 0, recipients: [{ id: cashier, type: 'shift_activity_type' }] }], { at: new Date(`${day}T${time}:00+01:00`) })).recipients
      .map((r) => r.userId)
      .sort();

  it('publishes a week: each planned person is affected once, and drafts never route', async () => {
    // Ann: cashier 08–12 then stock 12–16; Bob: cashier 11–15 (overlapping Ann's till 11–12).
    annShift = await ok<ShiftDto>('POST', '/shifts', shift(ann, at(day, '08:00'), at(day, '16:00'), [[cashier, at(day, '08:00'), at(day, '12:00')], [stock, at(day, '12:00'), at(day, '16:00')]]));
    bobShift = await ok<ShiftDto>('POST', '/shifts', shift(bob, at(day, '11:00'), at(day, '19:00'), [[cashier, at(day, '11:00'), at(day, '15:00')]]));
    expect(await onCashier('09:00')).toEqual([]);

    const first = await ok<ShiftPublishResult>('POST', `/shift-weeks/${week}/publish`);
    expect(first.affected_user_ids).toEqual([ann, bob].sort());
    expect(first.week.published_at).not.toBeNull();
    expect(first.week.has_unpublished_changes).toBe(false);
    expect(first.week.shifts.every((s) => s.published && !s.changed_since_publish)).toBe(true);
  });

  it('resolves an activity to who does it at three instants of the day', async () => {
    expect(await onCashier('09:00')).toEqual([ann]);
    expect(await onCashier('11:30')).toEqual([ann, bob].sort());
    expect(await onCashier('13:00')).toEqual([bob]);
    expect(await onCashier('15:00')).toEqual([]);
  });

  it('re-publishes only to the people whose shifts changed; drafts stay unseen until then', async () => {
    expect((await ok<ShiftPublishResult>('POST', `/shift-weeks/${week}/publish`)).affected_user_ids).toEqual([]);

    const edited = await ok<ShiftDto>('PUT', `/shifts/${bobShift.id}`, shift(bob, at(day, '12:00'), at(day, '19:00'), [[cashier, at(day, '12:00'), at(day, '15:00')]]));
    expect(edited).toMatchObject({ published: true, changed_since_publish: true });
    expect((await ok<ShiftWeekDto>('GET', `/shift-weeks/${week}`)).has_unpublished_changes).toBe(true);
    expect(await onCashier('11:30')).toEqual([ann, bob].sort()); // still as published

    const second = await ok<ShiftPublishResult>('POST', `/shift-weeks/${week}/publish`);
    expect(second.affected_user_ids).toEqual([bob]);
    expect(await onCashier('11:30')).toEqual([ann]);

    expect((await api('DELETE', `/shifts/${annShift.id}`)).status).toBe(204);
    expect(await onCashier('09:00')).toEqual([ann]); // removal is a draft until published
    const third = await ok<ShiftPublishResult>('POST', `/shift-weeks/${week}/publish`);
    expect(third.affected_user_ids).toEqual([ann]);
    expect(await onCashier('09:00')).toEqual([]);
  });
});

describe('a week of 200 staff', () => {
  // 1,400 shifts with two activities each: the published record is one row per shift, since a week
  // row holding them all (~740 bytes a shift) would pass DynamoDB's 400 KB item limit (decision 0031).
  const week = '2027-W20'; // Monday 2027-05-17
  const days = ['2027-05-17', '2027-05-18', '2027-05-19', '2027-05-20', '2027-05-21', '2027-05-22', '2027-05-23'];

  it('publishes all 1,400 shifts, routes them, and a re-publish after one edit affects only its person', { timeout: 240_000 }, async () => {
    const staff = Array.from({ length: 200 }, (_, i) => `staff-200-${String(i).padStart(3, '0')}-${randomUUID().slice(0, 8)}`);
    for (let i = 0; i < staff.length; i += 50)
      await Promise.all(staff.slice(i, i + 50).map((userId, j) => insertUser({ orgId, userId, email: `${userId}@shifts.test`, firstname: 'Staff', lastname: `No ${i + j}`, type: 'normal', accessLevel: 'employee' })));
    const plans = staff.flatMap((userId) =>
      days.map((d) => shift(userId, at(d, '08:00'), at(d, '16:00'), [[cashier, at(d, '08:00'), at(d, '12:00')], [stock, at(d, '12:00'), at(d, '16:00')]])),
    );
    const created: ShiftDto[] = [];
    for (let i = 0; i < plans.length; i += 50) created.push(...(await Promise.all(plans.slice(i, i + 50).map((plan) => ok<ShiftDto>('POST', '/shifts', plan)))));

    const first = await ok<ShiftPublishResult>('POST', `/shift-weeks/${week}/publish`);
    expect(first.affected_user_ids).toEqual([...staff].sort());
    expect(first.week.shifts.filter((s) => s.week === week && s.published)).toHaveLength(1_400);
    const tillAt = async (time: string) =>
      (await resolveRecipients(orgId, [{ group_number: 0, recipients: [{ id: cashier, type: 'shift_activity_type' }] }], { at: new Date(`2027-05-19T${time}:00+01:00`) })).recipients.length;
    expect(await tillAt('09:00')).toBe(200);
    expect(await tillAt('13:00')).toBe(0);

    const moved = created.find((s) => s.user_id === staff[7] && s.start.date === '2027-05-19')!;
    await ok('PUT', `/shifts/${moved.id}`, shift(staff[7]!, at('2027-05-19', '09:00'), at('2027-05-19', '16:00'), [[cashier, at('2027-05-19', '09:00'), at('2027-05-19', '12:00')]]));
    const second = await ok<ShiftPublishResult>('POST', `/shift-weeks/${week}/publish`);
    expect(second.affected_user_ids).toEqual([staff[7]]);
    expect(second.week.has_unpublished_changes).toBe(false);
  });
});

describe('week templates and copying the previous week', () => {
  it('saves a week as a template and applies it to another week at the same wall-clock times', async () => {
    const day = '2027-04-05'; // Monday of 2027-W14 (CEST)
    const summer = (time: string) => ({ date: day, time, offset: '+02:00' });
    await ok('POST', '/shifts', shift(ann, summer('22:00'), { date: '2027-04-06', time: '06:00', offset: '+02:00' }, [[stock, summer('23:00'), { date: '2027-04-06', time: '02:00', offset: '+02:00' }]]));
    const template = await ok<{ id: string; shifts: unknown[] }>('POST', '/shift-templates', { name: 'Nights', week: '2027-W14' });
    expect(template.shifts).toEqual([{ user_id: ann, name: '', day: 0, start_time: '22:00', end_time: '06:00', activities: [{ activity_type_id: stock, start_time: '23:00', end_time: '02:00' }] }]);

    const applied = await ok<ShiftWeekDto>('POST', `/shift-templates/${template.id}/apply`, { week: '2027-W15' });
    expect(applied.shifts.filter((s) => s.week === '2027-W15').map((s) => [s.start, s.end, s.activities.map((a) => [a.start_at, a.end_at])])).toEqual([
      [{ date: '2027-04-12', time: '22:00', offset: '+02:00' }, { date: '2027-04-13', time: '06:00', offset: '+02:00' }, [['2027-04-12T21:00:00.000Z', '2027-04-13T00:00:00.000Z']]],
    ]);

    const copied = await ok<ShiftWeekDto>('POST', '/shift-weeks/2027-W16/copy-previous');
    expect(copied.shifts.filter((s) => s.week === '2027-W16').map((s) => s.start)).toEqual([{ date: '2027-04-19', time: '22:00', offset: '+02:00' }]);
    expect((await api('POST', '/shift-weeks/2030-W02/copy-previous')).body).toMatchObject({ message: 'The previous week has no shifts' });
  });
});
