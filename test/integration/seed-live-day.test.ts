import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { zonedParts, zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import { listActions } from '../../functions/src/actions/actions.service.ts';
import { recentActions } from '../../functions/src/actions/public.ts';
import { listFirings } from '../../functions/src/automation/firings.service.ts';
import { listTriggers } from '../../functions/src/automation/triggers.service.ts';
import { mergeByValue, readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { getNotificationStatus, listNotifications } from '../../functions/src/notifications/notifications.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { tasksStartingIn } from '../../functions/src/tasks/public.ts';
import { getTaskStatus } from '../../functions/src/tasks/tasks.service.ts';
import { listUsers } from '../../functions/src/users/users.service.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { seedActions } from '../../infra/local/seed-actions.ts';
import { DEMO_FLIC_TRIGGER, seedAutomation } from '../../infra/local/seed-automation.ts';
import { seedLiveDay } from '../../infra/local/seed-live-day.ts';
import { seedShifts } from '../../infra/local/seed-shifts.ts';
import { seedTasks } from '../../infra/local/seed-tasks.ts';
import { seedWatches } from '../../infra/local/seed-watches.ts';
import { createIdentity } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

const ZONE = 'Europe/Berlin';
const DAY_MS = 86_400_000;

/**
 * 15:30 in Berlin a week from now: the seed's clock in the future, so the integration runtime's
 * scheduler (real time) fires none of the live day's time-outs while the test looks at them.
 */
function nextWeekAt(hour: number, minute: number): Date {
  const { year, month, day } = zonedParts(new Date(Date.now() + 7 * DAY_MS), ZONE);
  return zonedTimeToUtc({ year, month, day, hour, minute }, ZONE);
}
const NOW = nextWeekAt(15, 30);

describe('the demo organisation’s live day (infra/local/seed-live-day.ts)', () => {
  let orgId: string;
  let adminId: string;
  let names: Map<string, string>;
  const today = dayIn(ZONE, NOW);

  beforeAll(async () => {
    const email = `seed-${randomUUID().slice(0, 8)}@seed-live-day.test`;
    adminId = await createIdentity(email, 'Seed-Live-Day-1!');
    orgId = await foundOrganization({ name: 'Live Market', timeZone: ZONE, owner: ownerOf(adminId, ['superadmin'], email) });
    const [templates] = await Promise.all([seedActions(orgId, adminId), seedTasks(orgId, adminId), seedShifts(orgId, adminId, NOW).then(() => seedWatches(orgId, adminId))]);
    await seedAutomation(orgId, adminId, templates);
    expect(await seedLiveDay(orgId, adminId, NOW)).toEqual(['actions', 'tasks', 'notifications']);
    await localDeliveryQueue().idle();
    names = new Map((await listUsers(orgId, { kind: 'person' })).items.map((u) => [u.id, u.firstname]));
  }, 120_000);

  it('sent this morning’s actions: fulfilled after declines, an escalation, one expired and one still open', async () => {
    const actions = (await listActions(orgId, {})).items;
    const byState = (state: string) => actions.filter((a) => a.state === state);
    expect(actions).toHaveLength(7);
    expect(actions.every((a) => a.opts.send_time >= today.start && a.opts.send_time < NOW.toISOString())).toBe(true);
    expect(byState('fulfilled')).toHaveLength(5);
    expect(byState('expired').map((a) => a.content.title.text)).toEqual(['Cashier needed at till 3']);
    const [open] = byState('open');
    expect(open).toMatchObject({ content: { title: { text: 'Unload the delivery truck' } }, accepted_count: 1, declined_count: 1 });
    expect(Date.parse(open!.step_deadline)).toBeGreaterThan(NOW.getTime());
    const escalated = actions.find((a) => a.content.title.text === 'Spill in aisle 5')!;
    expect(escalated).toMatchObject({ state: 'fulfilled', step: 1, accepted_count: 1 });
    expect(actions.reduce((sum, a) => sum + a.declined_count, 0)).toBe(3);
    // The staff wear watches (seed-watches.ts): whoever has not answered has not answered, none is unreachable.
    expect((await recentActions(orgId, 10)).map((a) => a.not_available_count)).toEqual(Array(7).fill(0));
  });

  it('fired the Flic trigger by webhook three times (one press throttled), each accepted, with response times', async () => {
    const flic = (await listTriggers(orgId)).items.find((t) => t.name === DEMO_FLIC_TRIGGER)!;
    const firings = await listFirings(orgId, flic.id, NOW);
    expect(firings.items.map((f) => [f.source, f.outcome])).toEqual([
      ['webhook', 'fired'],
      ['webhook', 'throttled'],
      ['webhook', 'fired'],
      ['webhook', 'fired'],
    ]);
    const fired = firings.items.filter((f) => f.outcome === 'fired');
    expect(fired.map((f) => [f.first_answer?.name.split(' ')[0], f.first_answer?.after_ms])).toEqual([
      ['Felix', 17_000],
      ['Ben', 41_000],
      ['Elif', 22_000],
    ]);
    expect(firings.response_time).toEqual({ count: 3, median_ms: 22_000, slowest_ms: 41_000 });
    // The firings' actions carry the firing's moment, as sent by the job at the time.
    const actions = (await listActions(orgId, {})).items.filter((a) => a.meta.trigger_id === flic.id);
    expect(actions.map((a) => a.opts.send_time).sort()).toEqual(fired.map((f) => f.at).sort());
    // The automation report's day agrees with the trigger page (decision 0087).
    const [trigger] = mergeByValue(await readRollups({ orgId, kind: 'FIRING', dimension: 'TRIGGER', from: today.date, to: today.date }));
    expect(trigger).toEqual({ key: flic.id, counters: { fired: 3, thr: 1, resp: 3 }, durations: { 17_000: 1, 22_000: 1, 41_000: 1 } });
  });

  it('has today’s opening checklist ongoing, three of five items ticked and read by three, and the closing checklist scheduled', async () => {
    const tasks = await tasksStartingIn(orgId, today, NOW, 10);
    expect(tasks.map((t) => [t.title, t.status, t.checklist])).toEqual([
      ['Opening checklist', 'ongoing', { checked: 3, total: 5 }],
      ['Closing checklist', 'scheduled', { checked: 0, total: 5 }],
    ]);
    const status = await getTaskStatus(orgId, tasks[0]!.id, { userId: adminId, employeeOnly: false });
    expect(status.read_user_ids.map((id) => names.get(id)).sort()).toEqual(['Anna', 'Ben', 'Clara']);
    expect(status.checklist_items.filter((item) => item.is_checked).map((item) => names.get(item.user_id ?? ''))).toEqual(['Anna', 'Ben', 'Anna']);
  });

  it('sent a notification to everyone this morning, received by all staff and read by four', async () => {
    const [notification] = (await listNotifications(orgId, { tab: 'sent' })).items;
    expect(notification!.content.title.text).toBe('Team meeting at 14:00');
    const status = await getNotificationStatus(orgId, notification!.id);
    expect(status.read_user_ids.map((id) => names.get(id)).sort()).toEqual(['Anna', 'Ben', 'Clara', 'Elif']);
    expect(status.received_user_ids).toHaveLength(6);
  });

  it('adds nothing on a second start the same day, and the next day gets a live day of its own', async () => {
    const counts = async () => ({
      actions: (await listActions(orgId, {})).items.length,
      notifications: (await listNotifications(orgId, { tab: 'sent' })).items.length,
      tasks: (await tasksStartingIn(orgId, { start: today.start, end: new Date(Date.parse(today.end) + DAY_MS).toISOString() }, NOW, 50)).length,
    });
    const before = await counts();
    expect(await seedLiveDay(orgId, adminId, new Date(NOW.getTime() + 3_600_000))).toEqual([]);
    expect(await counts()).toEqual(before);

    expect(await seedLiveDay(orgId, adminId, new Date(NOW.getTime() + DAY_MS))).toEqual(['actions', 'tasks', 'notifications']);
    await localDeliveryQueue().idle();
    expect(await counts()).toEqual({ actions: 14, notifications: 2, tasks: 4 });
  }, 120_000);
});
