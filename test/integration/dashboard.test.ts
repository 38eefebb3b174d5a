import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import type { DashboardActionsDto, DashboardSettingsDto, DashboardShiftsDto, DashboardTasksDto } from '@portal/shared/dashboard/dashboard.schema';
import { ActionEntity, type ActionItem } from '../../functions/src/actions/action.entity.ts';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { answerAction } from '../../functions/src/actions/answers.service.ts';
import { fireStepTimeout } from '../../functions/src/actions/escalation.service.ts';
import { tasksPanel } from '../../functions/src/dashboard/tasks-panel.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { dynamoDb } from '../../functions/src/platform/db/client.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { TaskEntity, type TaskItem } from '../../functions/src/tasks/task.entity.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

/**
 * The dashboard's reads (issue 17, decision 0036) against DynamoDB Local, in an organisation with
 * 1,000 actions and 1,000 tasks (written through their entities in batches, as the API would have
 * left them): every panel is ONE Query (no Scan, whatever the organisation holds), the answers'
 * counts, percentages (summing to 100) and order, the action row's new counters as real sends and
 * answers leave them, the published shifts of a date, and the custom dashboard's settings.
 */
process.env.SCHEDULER ??= 'table';
afterAll(() => closeDelivery());

const PASSWORD = 'Dashboard-Pass-1!';
const ZONE = 'Europe/Berlin';
/** The day of the seeded tasks: a Friday; `NOON` is 12:00 Berlin (CET, +01:00) on it. */
const DAY = '2026-11-20';
const NOON = new Date('2026-11-20T11:00:00.000Z');

/** Every command the DynamoDB client sends, by name and input (the client's own middleware stack). */
const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
dynamoDb.middlewareStack.add(
  (next, context) => async (args) => {
    sent.push({ name: String(context.commandName), input: args.input as Record<string, unknown> });
    return next(args);
  },
  { step: 'initialize', name: 'dashboardCommandLog' },
);

/** The commands `run` sends, with its result. */
async function recorded<T>(run: () => Promise<T>): Promise<{ result: T; commands: typeof sent }> {
  const from = sent.length;
  const result = await run();
  return { result, commands: sent.slice(from) };
}
const named = (commands: typeof sent, name: string) => commands.filter((c) => c.name === name);
/** The HTTP preset's access check on a feature route: the caller's membership and the general settings in one BatchGetItem. */
const isAccessRead = (command: (typeof sent)[number]) =>
  command.name === 'BatchGetItemCommand' &&
  JSON.stringify(Object.values(command.input.RequestItems as Record<string, { Keys: Array<{ sk: string }> }>).flatMap((r) => r.Keys.map((k) => k.sk.split('#')[0]))) ===
    JSON.stringify(['MEMBER', 'SETTINGS']);
const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

interface Org {
  orgId: string;
  token: string;
  adminId: string;
}

async function organisation(name: string): Promise<Org> {
  const email = `owner-${randomUUID()}@dashboard.test`;
  const adminId = await createIdentity(email, PASSWORD);
  const orgId = await foundOrganization({ name, timeZone: ZONE, owner: ownerOf(adminId, ['superadmin'], email) });
  return { orgId, token: await signIn(email, PASSWORD), adminId };
}

const api = async <T>(org: Org, module: 'dashboard' | 'actions' | 'shifts' | 'devices', method: string, path: string, body?: unknown) => {
  const answer = await callApi(module, method, `/api/organizations/${org.orgId}${path}`, { token: org.token, body });
  return answer as { status: number; body: T };
};
const ok = async <T>(org: Org, module: 'dashboard' | 'actions' | 'shifts' | 'devices', method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await api<T>(org, module, method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};

const iso = (ms: number) => new Date(ms).toISOString();
const SEED_BASE = Date.parse('2026-10-01T06:00:00.000Z');

/** Seeded action i: sent i minutes after the base, 1-3 groups, every 7th still open, counters that add up. */
function seededAction(orgId: string, i: number): ActionItem {
  const sendTime = iso(SEED_BASE + i * 60_000);
  const recipientCount = 3 + (i % 5);
  const acceptedCount = i % 3;
  const declinedCount = i % 2;
  const notAvailableCount = i % 4 === 0 ? 1 : 0;
  const groups = 1 + (i % 3);
  return {
    orgId,
    actionId: `seed-${String(i).padStart(4, '0')}`,
    content: { title: { text: `Seeded ${i}` }, body: { text: '' } },
    recipientGroups: Array.from({ length: groups }, (_, g) => ({ group_number: g, recipients: [{ id: 'everyone', type: 'everyone' }] })),
    config: { forward_after: 60, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } },
    meta: { template_id: null, trigger_id: null },
    sendTime,
    createdBy: 'seed',
    createdAt: sendTime,
    state: i % 7 === 0 ? 'open' : i % 2 ? 'fulfilled' : 'expired',
    step: i % groups,
    stepDeadline: iso(SEED_BASE + i * 60_000 + 60_000),
    recipientCount,
    acceptedCount,
    declinedCount,
    notAvailableCount,
    neededCount: 1,
    recipientShards: 1,
    ...(acceptedCount ? { firstAcceptAt: iso(SEED_BASE + i * 60_000 + (i % 50) * 1000), firstAnswerAt: iso(SEED_BASE + i * 60_000 + (i % 50) * 1000) } : {}),
  };
}

/** A task row as the tasks module leaves it (open or done), starting at `start` for `hours`. */
function taskRow(orgId: string, taskId: string, start: string, hours: number, extra: Partial<TaskItem> = {}): TaskItem {
  const endAt = iso(Date.parse(start) + hours * 3_600_000);
  return {
    orgId,
    taskId,
    listState: extra.completedAt ? 'DONE' : 'OPEN',
    listAt: extra.completedAt ?? start,
    content: { title: { text: taskId }, body: { text: '' }, checklist: [] },
    recipientGroups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }],
    config: { closure_criteria: 'one', reminders_enabled: false },
    meta: { is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null },
    createdBy: 'seed',
    createdAt: start,
    startAt: start,
    endAt,
    recipientCount: 0,
    completedCount: 0,
    declinedCount: 0,
    ...extra,
  };
}

/** 990 tasks on the 99 days before and after DAY (10 a day at 08:00-ish UTC), none on DAY itself. */
function backgroundTasks(orgId: string): TaskItem[] {
  const rows: TaskItem[] = [];
  for (let d = 1; rows.length < 990; d++) {
    for (const sign of [-1, 1]) {
      for (let k = 0; k < 5 && rows.length < 990; k++) {
        const start = iso(Date.parse(`${DAY}T08:00:00.000Z`) + sign * d * 86_400_000 + k * 600_000);
        rows.push(taskRow(orgId, `bg-${sign > 0 ? 'n' : 'p'}${d}-${k}`, start, 1, { recipientCount: 2, completedCount: k % 2 }));
      }
    }
  }
  return rows;
}

/** The ten tasks of DAY (Berlin, +01:00): every status at NOON, a checklist, a root, both day edges. */
function dayTasks(orgId: string): TaskItem[] {
  const at = (time: string) => iso(Date.parse(`${DAY}T${time}:00.000+01:00`));
  return [
    taskRow(orgId, 'overdue-06', at('06:00'), 2, { recipientCount: 3, completedCount: 1 }),
    taskRow(orgId, 'overdue-07', at('07:00'), 2, { recipientCount: 2 }),
    taskRow(orgId, 'ongoing-00', at('00:00'), 23, { recipientCount: 5 }),
    taskRow(orgId, 'ongoing-10', at('10:00'), 4, { recipientCount: 4, completedCount: 2 }),
    taskRow(orgId, 'ongoing-1130', at('11:30'), 1.5, {
      recipientCount: 1,
      content: { title: { text: 'ongoing-1130' }, body: { text: '' }, checklist: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }, { id: 'c', text: 'C', is_deleted: true }] },
      checklistState: { a: { is_checked: true, user_id: 'u', timestamp: at('11:40') }, c: { is_checked: true, user_id: 'u', timestamp: at('11:40') } },
    }),
    taskRow(orgId, 'scheduled-15', at('15:00'), 1),
    taskRow(orgId, 'declined-09', at('09:00'), 2, { recipientCount: 2, declinedCount: 2 }),
    taskRow(orgId, 'completed-08', at('08:00'), 2, { recipientCount: 2, completedCount: 1, completedAt: at('09:30') }),
    // A series' root under its next occurrence on DAY: its child is the task, not the root.
    taskRow(orgId, 'root-12', at('12:00'), 1, { itemType: 'task_recurring_root' }),
    // 00:00 of the next day belongs to the next day.
    taskRow(orgId, 'next-day-00', iso(Date.parse(`${DAY}T00:00:00.000+01:00`) + 86_400_000), 1),
  ];
}

describe('the dashboard with 1,000 actions and 1,000 tasks', () => {
  let a: Org;
  let b: Org;
  let ann: string;
  let bob: string;
  let cy: string;
  let real: ActionDto;
  let escalating: ActionDto;

  beforeAll(async () => {
    [a, b] = await Promise.all([organisation('Dashboard A'), organisation('Dashboard B')]);
    [ann, bob, cy] = ['ann', 'bob', 'cy'].map((name) => `${name}-${randomUUID().slice(0, 8)}`) as [string, string, string];
    for (const userId of [ann, bob, cy]) {
      await insertUser({ orgId: a.orgId, userId, email: `${userId}@dashboard.test`, firstname: userId, lastname: 'Staff', type: 'normal', accessLevel: 'employee' });
    }
    // Ann has a watch; Bob and Cy have no device and no emulator connection: not available.
    await ok(a, 'devices', 'POST', '/devices', { device_id: `SN-${randomUUID().slice(0, 8)}`, type: 'wear_os', name: 'Watch', protocol: 'MQTT', user_id: ann });

    const seeded = Array.from({ length: 1_000 }, (_, i) => seededAction(a.orgId, i));
    await ActionEntity.put(seeded).go({ concurrency: 4 });
    await TaskEntity.put([...backgroundTasks(a.orgId), ...dayTasks(a.orgId)]).go({ concurrency: 4 });
    // Organisation B's action and task of the same day never show in A's dashboard.
    await ActionEntity.put([{ ...seededAction(b.orgId, 999), actionId: 'b-action', sendTime: iso(Date.now()) }]).go();
    await TaskEntity.put([taskRow(b.orgId, 'b-task', iso(Date.parse(`${DAY}T10:00:00.000+01:00`)), 1, { recipientCount: 9 })]).go();

    const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
    const config = { forward_after: 600, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.All, number: null } };
    // Sent now, so newer than every seeded one: Ann (reachable), Bob and Cy (not available) in one
    // group; two accepts fulfil it, so it stays open after one decline and one accept.
    real = await ok<ActionDto>(a, 'actions', 'POST', '/actions', {
      content: content('Till 3'),
      recipient_groups: [{ group_number: 0, recipients: [ann, bob, cy].map((id) => ({ id, type: 'user' })) }],
      config: { ...config, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Number, number: 2 } },
    });
    // Two groups: Bob (not available) is staged in the second and counts only once it is asked.
    escalating = await ok<ActionDto>(a, 'actions', 'POST', '/actions', {
      content: content('Escalating'),
      recipient_groups: [
        { group_number: 0, recipients: [{ id: ann, type: 'user' }] },
        { group_number: 1, recipients: [{ id: bob, type: 'user' }] },
      ],
      config,
    });
    await localDeliveryQueue().idle();
  }, 240_000);

  describe('action counters (not_available_count, first_accept_at on the action row)', () => {
    it('counts the not-available as their step is asked, and takes off those who answer', async () => {
      expect(await readAction(a.orgId, real.id)).toMatchObject({ recipientCount: 3, notAvailableCount: 2, acceptedCount: 0 });
      expect((await readAction(a.orgId, real.id))?.firstAcceptAt).toBeUndefined();

      // A decline first: the first answer, but no accept yet.
      expect(await answerAction({ orgId: a.orgId, actionId: real.id, userId: cy, answer: 'declined' })).toBe('counted');
      const afterDecline = await readAction(a.orgId, real.id);
      expect(afterDecline).toMatchObject({ declinedCount: 1, notAvailableCount: 1 });
      expect(afterDecline?.firstAnswerAt).toBeDefined();
      expect(afterDecline?.firstAcceptAt).toBeUndefined();

      expect(await answerAction({ orgId: a.orgId, actionId: real.id, userId: ann, answer: 'accepted' })).toBe('counted');
      const accepted = (await readAction(a.orgId, real.id))!;
      expect(accepted).toMatchObject({ acceptedCount: 1, declinedCount: 1, notAvailableCount: 1 });
      const firstAccept = accepted.firstAcceptAt!;
      expect(Date.parse(firstAccept)).toBeGreaterThanOrEqual(Date.parse(real.opts.send_time));
      // A repeat of the answer changes nothing; the first accept's time is kept.
      expect(await answerAction({ orgId: a.orgId, actionId: real.id, userId: ann, answer: 'accepted' })).toBe('already_answered');
      expect((await readAction(a.orgId, real.id))?.firstAcceptAt).toBe(firstAccept);
    });

    it('counts a staged not-available user only when the escalation reaches their group', async () => {
      expect(await readAction(a.orgId, escalating.id)).toMatchObject({ step: 0, recipientCount: 1 });
      expect((await readAction(a.orgId, escalating.id))?.notAvailableCount ?? 0).toBe(0);
      const due = new Date(Date.parse(escalating.step_deadline) + 1_000);
      expect(await fireStepTimeout(a.orgId, escalating.id, due)).toBe('escalated');
      await localDeliveryQueue().idle();
      expect(await readAction(a.orgId, escalating.id)).toMatchObject({ step: 1, recipientCount: 2, notAvailableCount: 1 });
    });
  });

  describe('GET /dashboard/actions', () => {
    it('answers the 50 latest actions, open first, from ONE Query of the sent list and no Scan', async () => {
      const { result, commands } = await recorded(() => ok<DashboardActionsDto>(a, 'dashboard', 'GET', '/dashboard/actions'));
      expect(named(commands, 'ScanCommand')).toEqual([]);
      const queries = named(commands, 'QueryCommand');
      expect(queries).toHaveLength(1);
      expect(queries[0]!.input).toMatchObject({ IndexName: 'gsi1', Limit: 50, ScanIndexForward: false });
      expect(JSON.stringify(queries[0]!.input.ExpressionAttributeValues)).toContain(`ORG#${a.orgId}#ACTIONS`);
      // Besides the Query only the preset's membership and flag reads.
      expect(commands.filter((c) => c.name !== 'QueryCommand' && !isAccessRead(c))).toEqual([]);
      expect(commands.filter(isAccessRead)).toHaveLength(1);

      const { items } = result;
      expect(items).toHaveLength(50);
      // The 50 newest: the two sent now and the 48 newest seeded ones; nothing of organisation B.
      const newestSeeded = Array.from({ length: 48 }, (_, k) => `seed-${String(999 - k).padStart(4, '0')}`);
      expect(items.map((item) => item.id).sort()).toEqual([real.id, escalating.id, ...newestSeeded].sort());
      // Open first, newest first within open and within the rest.
      const open = items.filter((item) => item.state === 'open');
      expect(items.slice(0, open.length)).toEqual(open);
      for (const part of [open, items.slice(open.length)]) {
        expect(part.map((item) => item.sent_at)).toEqual([...part.map((item) => item.sent_at)].sort().reverse());
      }

      for (const item of items) {
        expect(item.counts.accepted + item.counts.declined + item.counts.not_available + item.counts.no_response).toBe(item.recipient_count);
        expect(sum(item.percentages as unknown as Record<string, number>)).toBe(item.recipient_count ? 100 : 0);
      }
      const seed990 = items.find((item) => item.id === 'seed-0990')!;
      // 3 + 990 % 5 = 3 asked; 0 accepted, 0 declined, 0 not available (990 % 4 = 2): all no-response.
      expect(seed990).toMatchObject({ state: 'expired', recipient_count: 3, counts: { accepted: 0, declined: 0, not_available: 0, no_response: 3 }, first_accept_ms: null });
      const seed988 = items.find((item) => item.id === 'seed-0988')!;
      // 988: 6 asked, 1 accepted (38 s after the send), 0 declined, 1 not available, 4 no-response; group 1 of 2.
      expect(seed988).toMatchObject({
        state: 'expired',
        step: 1,
        steps: 2,
        counts: { accepted: 1, declined: 0, not_available: 1, no_response: 4 },
        percentages: { accepted: 17, declined: 0, no_response: 67, not_available: 16 },
        first_accept_ms: 38_000,
      });
      const sentNow = items.find((item) => item.id === real.id)!;
      expect(sentNow).toMatchObject({ name: 'Till 3', state: 'open', step: 1, steps: 1, recipient_count: 3, counts: { accepted: 1, declined: 1, not_available: 1, no_response: 0 } });
      expect(sentNow.percentages).toEqual({ accepted: 34, declined: 33, no_response: 0, not_available: 33 });
      expect(sentNow.first_accept_ms).toBeGreaterThanOrEqual(0);
      expect(items.find((item) => item.id === escalating.id)).toMatchObject({ step: 2, steps: 2, counts: { accepted: 0, declined: 0, not_available: 1, no_response: 1 } });

      const totals = { accepted: 0, declined: 0, no_response: 0, not_available: 0 };
      for (const item of items) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += item.counts[key];
      expect(result.totals).toEqual(totals);
      expect(sum(result.percentages as unknown as Record<string, number>)).toBe(100);
    });
  });

  describe('GET /dashboard/tasks', () => {
    it("answers the day's tasks from ONE Query of gsi2, overdue first, with statuses and percentages", async () => {
      const { result, commands } = await recorded(() => tasksPanel(a.orgId, DAY, NOON));
      expect(named(commands, 'ScanCommand')).toEqual([]);
      const queries = named(commands, 'QueryCommand');
      expect(queries).toHaveLength(1);
      expect(queries[0]!.input).toMatchObject({ IndexName: 'gsi2', Limit: 500 });
      // The organisation's time zone (AP1) is the only other read.
      expect(commands.map((c) => c.name).sort()).toEqual(['GetItemCommand', 'QueryCommand']);

      expect(result.date).toBe(DAY);
      expect(result.items.map((task) => [task.id, task.status, task.completion_percent])).toEqual([
        ['overdue-06', 'overdue', 33],
        ['overdue-07', 'overdue', 0],
        ['ongoing-00', 'ongoing', 0],
        ['ongoing-10', 'ongoing', 50],
        ['ongoing-1130', 'ongoing', 0],
        ['scheduled-15', 'scheduled', 0],
        ['declined-09', 'all_declined', 0],
        ['completed-08', 'completed', 100],
      ]);
      expect(result.statuses).toEqual({ scheduled: 1, ongoing: 3, overdue: 2, completed: 1, all_declined: 1 });
      // Completed recipients over all of the day's: (1 + 2 + 2 of the completed task) / 19.
      expect(result.overall_percent).toBe(26);
      expect(result.items.find((task) => task.id === 'ongoing-1130')?.checklist).toEqual({ checked: 1, total: 2 });
      expect(result.items.find((task) => task.id === 'overdue-06')?.checklist).toBeNull();
      expect(result.items.find((task) => task.id === 'declined-09')).toMatchObject({ recipient_count: 2, declined_count: 2, completed_count: 0 });
    });

    it('answers through the handler with one Query, for a date asked and for today by default', async () => {
      const { result, commands } = await recorded(() => ok<DashboardTasksDto>(a, 'dashboard', 'GET', `/dashboard/tasks?date=${DAY}`));
      expect(named(commands, 'ScanCommand')).toEqual([]);
      expect(named(commands, 'QueryCommand')).toHaveLength(1);
      // Long past: nothing scheduled or ongoing any more.
      expect(result.items.map((task) => task.id)).toEqual(['ongoing-00', 'overdue-06', 'overdue-07', 'ongoing-10', 'ongoing-1130', 'scheduled-15', 'declined-09', 'completed-08']);
      expect(result.statuses).toEqual({ scheduled: 0, ongoing: 0, overdue: 6, completed: 1, all_declined: 1 });

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      const byDefault = await ok<DashboardTasksDto>(a, 'dashboard', 'GET', '/dashboard/tasks');
      expect([today, byDefault.date]).toContain(byDefault.date);
      expect(byDefault.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const empty = await ok<DashboardTasksDto>(a, 'dashboard', 'GET', '/dashboard/tasks?date=2031-01-01');
      expect(empty).toEqual({ date: '2031-01-01', items: [], statuses: { scheduled: 0, ongoing: 0, overdue: 0, completed: 0, all_declined: 0 }, overall_percent: 0 });
    });

    it("refuses a date that is none with the product's message", async () => {
      for (const date of ['2026-02-30', '20.11.2026', 'today']) {
        const answer = await api(a, 'dashboard', 'GET', `/dashboard/tasks?date=${encodeURIComponent(date)}`);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ message: 'Date must be a date like 2026-11-23', code: 'dashboard.invalidDate' });
      }
    });
  });

  describe('GET /dashboard/shifts', () => {
    it('answers the published shifts running on the date from ONE Query of the published shifts, drafts and other days left out', async () => {
      const activity = await ok<{ id: string }>(a, 'shifts', 'POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' });
      const at = (date: string, time: string) => ({ date, time, offset: '+01:00' });
      const shift = (userId: string, start: ReturnType<typeof at>, end: ReturnType<typeof at>, activities: Array<[ReturnType<typeof at>, ReturnType<typeof at>]> = []) => ({
        user_id: userId,
        name: '',
        start,
        end,
        activities: activities.map(([s, e]) => ({ activity_type_id: activity.id, start: s, end: e })),
      });
      // Week 2026-W47 (Mon 16 – Sun 22 November): a night shift into Friday, Friday's day shift, Saturday's, and
      // a Sunday night shift into Monday 23 November (2026-W48).
      const night = await ok<{ id: string }>(a, 'shifts', 'POST', '/shifts', shift(bob, at('2026-11-19', '22:00'), at('2026-11-20', '06:00')));
      const day = await ok<{ id: string }>(a, 'shifts', 'POST', '/shifts', shift(ann, at(DAY, '08:00'), at(DAY, '16:00'), [[at(DAY, '08:00'), at(DAY, '12:00')]]));
      await ok(a, 'shifts', 'POST', '/shifts', shift(cy, at('2026-11-21', '08:00'), at('2026-11-21', '16:00')));
      const sunday = await ok<{ id: string }>(a, 'shifts', 'POST', '/shifts', shift(cy, at('2026-11-22', '22:00'), at('2026-11-23', '06:00')));
      await ok(a, 'shifts', 'POST', '/shift-weeks/2026-W47/publish', {});
      // A draft made after the publish: staff do not see it, nor does the dashboard.
      await ok(a, 'shifts', 'POST', '/shifts', shift(cy, at(DAY, '10:00'), at(DAY, '14:00')));

      const { result, commands } = await recorded(() => ok<DashboardShiftsDto>(a, 'dashboard', 'GET', `/dashboard/shifts?date=${DAY}`));
      expect(named(commands, 'ScanCommand')).toEqual([]);
      // ONE Query of the published shifts' rows (AP85), nothing batch-read but the access check.
      expect(named(commands, 'QueryCommand')).toHaveLength(1);
      expect(named(commands, 'BatchGetItemCommand').filter((c) => !isAccessRead(c))).toEqual([]);
      expect(result.date).toBe(DAY);
      expect(result.items.map((s) => s.shift_id)).toEqual([night.id, day.id]);
      expect(result.items[1]).toMatchObject({
        user_id: ann,
        start_at: '2026-11-20T07:00:00.000Z',
        end_at: '2026-11-20T15:00:00.000Z',
        activities: [{ activity_type_id: activity.id, start_at: '2026-11-20T07:00:00.000Z', end_at: '2026-11-20T11:00:00.000Z' }],
      });

      // A Monday also reads the week before (night shifts into it): still ONE Query, over both weeks' rows.
      const monday = await recorded(() => ok<DashboardShiftsDto>(a, 'dashboard', 'GET', '/dashboard/shifts?date=2026-11-23'));
      expect(named(monday.commands, 'QueryCommand')).toHaveLength(1);
      expect(named(monday.commands, 'BatchGetItemCommand').filter((c) => !isAccessRead(c))).toEqual([]);
      expect(monday.result.items.map((s) => s.shift_id)).toEqual([sunday.id]);
    });

    it('is empty while the shift planner is off', async () => {
      await updateGeneralSettings(a.orgId, { general: { features: { shift_planner: 'disable' } } }, SETUP_ACTOR);
      try {
        expect(await ok<DashboardShiftsDto>(a, 'dashboard', 'GET', `/dashboard/shifts?date=${DAY}`)).toEqual({ date: DAY, items: [] });
      } finally {
        await updateGeneralSettings(a.orgId, { general: { features: { shift_planner: 'enable' } } }, SETUP_ACTOR);
      }
    });
  });
});

describe('the custom dashboard setting', () => {
  let org: Org;
  let assistant: string;

  beforeAll(async () => {
    org = await organisation('Dashboard settings');
    const email = `assistant-${randomUUID()}@dashboard.test`;
    const userId = await createIdentity(email, PASSWORD);
    const { MembershipEntity } = await import('../../functions/src/platform/tenancy/membership.entity.ts');
    await MembershipEntity.create({ orgId: org.orgId, userId, roles: ['assistant'] }).go();
    assistant = await signIn(email, PASSWORD);
  });

  it('reads the default panels, saves an order, and answers what it saved', async () => {
    expect(await ok<DashboardSettingsDto>(org, 'dashboard', 'GET', '/settings/dashboard')).toEqual({ panels: ['actions', 'tasks'] });
    expect(await ok<DashboardSettingsDto>(org, 'dashboard', 'PUT', '/settings/dashboard', { panels: ['shifts', 'tasks', 'actions'] })).toEqual({ panels: ['shifts', 'tasks', 'actions'] });
    expect(await ok<DashboardSettingsDto>(org, 'dashboard', 'GET', '/settings/dashboard')).toEqual({ panels: ['shifts', 'tasks', 'actions'] });
    expect(await ok<DashboardSettingsDto>(org, 'dashboard', 'PUT', '/settings/dashboard', { panels: [] })).toEqual({ panels: [] });
    expect(await ok<DashboardSettingsDto>(org, 'dashboard', 'GET', '/settings/dashboard')).toEqual({ panels: [] });
  });

  it("refuses unknown and repeated panels with the product's messages and keeps what was saved", async () => {
    await ok(org, 'dashboard', 'PUT', '/settings/dashboard', { panels: ['tasks'] });
    const cases: Array<[unknown, string, string]> = [
      [{ panels: ['weather'] }, 'Unknown dashboard panel', 'dashboard.unknownPanel'],
      [{ panels: ['tasks', 'tasks'] }, 'Each panel can be shown once', 'dashboard.duplicatePanel'],
      // The type check before any transform (platform/http/type-check.ts) answers a number in the list.
      [{ panels: [7] }, 'panels[0] must be text', 'invalid_input'],
    ];
    for (const [body, message, code] of cases) {
      const answer = await api(org, 'dashboard', 'PUT', '/settings/dashboard', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ message, code });
    }
    expect(await ok<DashboardSettingsDto>(org, 'dashboard', 'GET', '/settings/dashboard')).toEqual({ panels: ['tasks'] });
  });

  it('lets an assistant read the panels but not change them', async () => {
    const read = await callApi('dashboard', 'GET', `/api/organizations/${org.orgId}/settings/dashboard`, { token: assistant });
    expect(read).toMatchObject({ status: 200, body: { panels: ['tasks'] } });
    const write = await callApi('dashboard', 'PUT', `/api/organizations/${org.orgId}/settings/dashboard`, { token: assistant, body: { panels: ['actions'] } });
    expect(write.status).toBe(403);
  });
});
