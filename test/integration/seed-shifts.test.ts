import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { shiftWarnings } from '@portal/shared/shifts/shift-warnings';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { recipientResolver } from '../../functions/src/platform/recipients/recipient-resolvers.ts';
import { listActivityTypes } from '../../functions/src/shifts/activity-types.service.ts';
import { registerShiftRecipients } from '../../functions/src/shifts/public.ts';
import { createShift, getWeek } from '../../functions/src/shifts/shifts.service.ts';
import { listUsers } from '../../functions/src/users/users.service.ts';
import { DEMO_STAFF, planCurrentWeek, seedShifts } from '../../infra/local/seed-shifts.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

/** Wednesday 30 December 2026, 10:00 in Berlin: week 2026-W53, which runs into 2027. */
const NOW = new Date('2026-12-30T09:00:00Z');

async function foundShop(name: string) {
  const email = `seed-${randomUUID().slice(0, 8)}@seed-shifts.test`;
  const adminId = await createIdentity(email, 'Seed-Shifts-1!');
  const orgId = await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['superadmin'], email) });
  return { orgId, adminId };
}

describe('the demo organisation’s shift planner (infra/local/seed-shifts.ts)', () => {
  let shop: { orgId: string; adminId: string };
  beforeAll(async () => {
    registerShiftRecipients();
    shop = await foundShop('Seed Market');
    await seedShifts(shop.orgId, shop.adminId, NOW);
  });

  it('has the activities Cashier, Bottle return and Stock and six employees beside the admin', async () => {
    expect((await listActivityTypes(shop.orgId)).items.map((t) => t.name)).toEqual(['Bottle return', 'Cashier', 'Stock']);
    const people = (await listUsers(shop.orgId, { kind: 'person' })).items.filter((u) => u.id !== shop.adminId);
    expect(people.map((p) => p.email).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());
    expect(people.every((p) => p.access_level === 'employee' && p.type === 'normal')).toBe(true);
  });

  it('plans and publishes the current week: early and late shifts Monday to Saturday, without warnings', async () => {
    const week = await getWeek(shop.orgId, '2026-W53');
    expect(week.published_at).toBe(NOW.toISOString());
    expect(week.has_unpublished_changes).toBe(false);
    expect(week.shifts).toHaveLength(24);
    expect(week.shifts.every((s) => s.published && !s.changed_since_publish && s.activities.length > 0)).toBe(true);
    const byDay = new Map<string, string[]>();
    for (const s of week.shifts) byDay.set(s.start.date, [...(byDay.get(s.start.date) ?? []), `${s.name} ${s.start.time}`]);
    // Monday 28 December 2026 to Saturday 2 January 2027 (another year, the same ISO week); Sunday closed.
    expect([...byDay.keys()].sort()).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    for (const shifts of byDay.values()) expect(shifts.sort()).toEqual(['Early 07:30', 'Early 08:00', 'Late 13:30', 'Late 14:00']);
    // Berlin's winter offset, as entered in the organisation's time zone.
    expect(week.shifts.every((s) => s.start.offset === '+01:00')).toBe(true);
    // Each person works four days; nobody has two shifts a day or too short a rest.
    const perPerson = new Map<string, number>();
    for (const s of week.shifts) perPerson.set(s.user_id, (perPerson.get(s.user_id) ?? 0) + 1);
    expect([...perPerson.values()]).toEqual([4, 4, 4, 4, 4, 4]);
    expect(shiftWarnings(week.shifts)).toEqual([]);
  });

  it('routes to whoever is on the till: Cashier on Wednesday at 10:00 is Anna and Ben, at 16:00 David', async () => {
    const cashier = (await listActivityTypes(shop.orgId)).items.find((t) => t.name === 'Cashier')!.id;
    const people = (await listUsers(shop.orgId, { kind: 'person' })).items;
    const nameOf = (id: string) => people.find((p) => p.id === id)?.firstname;
    const at = async (instant: string) => (await recipientResolver('shift_activity_type')(shop.orgId, [cashier], { at: new Date(instant) })).map(nameOf).sort();
    expect(await at('2026-12-30T09:00:00Z')).toEqual(['Anna', 'Ben']);
    expect(await at('2026-12-30T15:00:00Z')).toEqual(['David']);
    // Sunday: closed.
    expect(await at('2027-01-03T11:00:00Z')).toEqual([]);
  });

  it('plans again on a start in a week with no shifts, and leaves a week with any shift (a draft too) as it is', async () => {
    // A restart in the same week: nothing new.
    expect(await planCurrentWeek(shop.orgId, shop.adminId, new Date(NOW.getTime() + 3_600_000))).toEqual({ week: '2026-W53', planned: 0 });
    expect((await getWeek(shop.orgId, '2026-W53')).shifts).toHaveLength(24);

    // The next week (2027-W01) is planned and published from the pattern on the first start in it.
    const nextWeek = new Date('2027-01-05T08:00:00Z');
    expect(await planCurrentWeek(shop.orgId, shop.adminId, nextWeek)).toEqual({ week: '2027-W01', planned: 24 });
    const planned = await getWeek(shop.orgId, '2027-W01');
    expect(planned.shifts.filter((s) => s.week === '2027-W01')).toHaveLength(24);
    expect(planned.has_unpublished_changes).toBe(false);

    // A week the manager has begun (one draft) is theirs.
    const anna = (await listUsers(shop.orgId, { kind: 'person', filter: 'Anna' })).items[0]!;
    await createShift(shop.orgId, {
      user_id: anna.id,
      name: 'Inventory',
      start: { date: '2027-01-11', time: '09:00', offset: '+01:00' },
      end: { date: '2027-01-11', time: '13:00', offset: '+01:00' },
      activities: [],
    });
    expect(await planCurrentWeek(shop.orgId, shop.adminId, new Date('2027-01-12T08:00:00Z'))).toEqual({ week: '2027-W02', planned: 0 });
    expect((await getWeek(shop.orgId, '2027-W02')).shifts.map((s) => s.name)).toEqual(['Inventory']);
  });

  it('plans nothing in an organisation without the demo staff (another organisation of the demo admin)', async () => {
    const other = await foundShop('Other Market');
    expect(await planCurrentWeek(other.orgId, other.adminId, NOW)).toEqual({ week: '2026-W53', planned: 0 });
    expect((await getWeek(other.orgId, '2026-W53')).shifts).toEqual([]);
  });
});
