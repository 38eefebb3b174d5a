import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionSchema, type ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { createEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { REPORT_MESSAGES, type ReportDto, type ReportFiguresDto, type ReportPeopleDto, type ReportRowsDto } from '@portal/shared/reports/reports.schema';
import { addDays } from '@portal/shared/shifts/iso-week';
import { INVALID_DATE } from '@portal/shared/validation/fields';
import { sendAction } from '../../functions/src/actions/actions.service.ts';
import { applyAnswer } from '../../functions/src/actions/uplink.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { parseInput } from '../../functions/src/platform/http/validate.middleware.ts';
import { localTimeOf, type RollupContribution } from '../../functions/src/platform/reports/fact-content.ts';
import { refreshFact } from '../../functions/src/platform/reports/refresh-fact.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

/**
 * The reports API (issue 32, decision 0087) through the real handler on DynamoDB Local: ACTION
 * facts made by sending and answering actions, the other kinds' facts written through the kit's
 * `refreshFact` with hand-made contents; then exact totals, days (zeros too), tables named now (a
 * renamed template shows its new name), median and 90th percentile, the CSV's rows paged, the
 * people table; the product's refusals; who may read.
 */
process.env.SCHEDULER ??= 'table';

const ZONE = 'Europe/Berlin';
const PASSWORD = 'Reports-Pass-1!';
const { userEvents: userEventsTopic } = topicsFor();
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@reports-api.test`;
const ZERO = { duration_count: 0, median_ms: null, p90_ms: null };

describe('the reports API (decision 0087)', () => {
  let orgId: string;
  let adminId: string;
  let token: string;
  let employeeToken: string;
  let otherAdminToken: string;
  const staff: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
  /** A Berlin midnight some hours ahead (no real timer fires during the test): day D before it, D+1 after. */
  let midnight: number;
  let dayBefore: string;
  let dayAfter: string;
  /** The range asked: a day of nothing on each side. */
  let from: string;
  let to: string;
  let groupId: string;
  let actionTemplateId: string;
  let taskTemplateId: string;
  let activityId: string;
  let notificationTemplateId: string;
  const actions: ActionDto[] = [];

  const api = async (module: Parameters<typeof callApi>[0], method: string, path: string, body?: unknown) => {
    const answer = await callApi(module, method, `/api/organizations/${orgId}${path}`, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as { id: string };
  };
  const reports = (path: string, caller = token, org = orgId) => callApi('reports', 'GET', `/api/organizations/${org}/reports${path}`, { token: caller });
  async function report<T = ReportDto>(path: string): Promise<T> {
    const answer = await reports(path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as T;
  }
  const range = () => `from=${from}&to=${to}`;

  const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
  const config = { forward_after: 1_800, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } };

  /** Sent through the service at a fixed clock to users and groups in one step, its asking job run. */
  async function send(at: number, recipients: Array<{ id: string; type: 'user' | 'user_group' }>, templateId: string | null): Promise<ActionDto> {
    const input = await parseInput(actionSchema, { content: content('Till'), recipient_groups: [{ group_number: 0, recipients }], config, meta: { template_id: templateId, trigger_id: null } });
    const action = await sendAction(orgId, adminId, input, new Date(at));
    await localDeliveryQueue().idle();
    actions.push(action);
    return action;
  }
  function accept(action: ActionDto, userId: string, afterMs: number) {
    const at = new Date(Date.parse(action.opts.send_time) + afterMs);
    return applyAnswer(userEventsTopic(orgId, userId), createEnvelope('accepted', { kind: 'action', action_id: action.id, at: at.toISOString() }, randomUUID()), at);
  }

  /** A hand-made fact of another module's kind, through the kit (those modules are wired elsewhere). */
  async function fact(kind: string, itemId: string, at: number, rows: Array<[dimension: string, value: string, counters: Record<string, number>, durations?: number[]]>) {
    const instant = new Date(at).toISOString();
    const { localDate, localHour } = localTimeOf(instant, ZONE);
    const contribution: RollupContribution[] = rows.map(([dimension, value, counters, durations = []]) => ({ kind, dimension, date: localDate, value, counters, durations }));
    expect(await refreshFact({ orgId, kind, itemId, read: async () => ({ instant, localDate, localHour, contribution, columns: { item: itemId } }) })).toBe('created');
  }

  async function member(org: string, roles: ('admin' | 'employee')[], name: string): Promise<string> {
    const email = unique(name);
    const id = await createIdentity(email, PASSWORD);
    await MembershipEntity.create({ orgId: org, userId: id, roles }).go();
    return signIn(email, PASSWORD);
  }

  beforeAll(async () => {
    const email = unique('admin');
    adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Report Shop', timeZone: ZONE, owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    employeeToken = await member(orgId, ['employee'], 'employee');
    const otherEmail = unique('other');
    const otherId = await createIdentity(otherEmail, PASSWORD);
    await foundOrganization({ name: 'Other Shop', timeZone: ZONE, owner: ownerOf(otherId, ['admin'], otherEmail) });
    otherAdminToken = await signIn(otherEmail, PASSWORD);

    for (const key of Object.keys(staff) as Array<keyof typeof staff>) {
      const userId = `staff-${key}-${randomUUID().slice(0, 6)}`;
      await insertUser({ orgId, userId, email: `${userId}@reports-api.test`, firstname: 'Staff', lastname: key.toUpperCase(), type: 'normal', accessLevel: 'employee' });
      staff[key] = userId;
    }
    await api('actions', 'PUT', '/settings/actions', { forward_after_options: [30, 1_800], forward_after_default: 1_800 });
    groupId = (await api('users', 'POST', '/user-groups', { name: 'Floor', color: '#1E88E5', users: [staff.a, staff.b] })).id;
    actionTemplateId = (await api('actions', 'POST', '/action-templates', { action: { content: content('Till'), recipient_groups: [], config } })).id;
    activityId = (await api('shifts', 'POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' })).id;
    const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
    taskTemplateId = (await api('tasks', 'POST', '/task-templates', { task: { content: content('Open the shop'), recipient_groups: everyone, config: { closure_criteria: 'one', reminders_enabled: false } } })).id;
    notificationTemplateId = (await api('notifications', 'POST', '/notification-templates', { title: 'Briefing', notification: { content: content('Briefing'), recipient_groups: everyone } })).id;

    const next = dayIn(ZONE, new Date(Date.now() + 3 * 3_600_000));
    midnight = Date.parse(next.end);
    dayBefore = next.date;
    dayAfter = dayIn(ZONE, new Date(midnight + 1)).date;
    from = addDays(dayBefore, -1);
    to = addDays(dayAfter, 1);
    const minutes = (n: number) => midnight + n * 60_000;

    // Actions, really sent and answered. D 23:30 to the group, accepted after 10 s; D 23:40 to c,
    // accepted after 20 s; D+1 00:05 to c and the group without a template, accepted after 30 s;
    // D+1 00:10 to d, unanswered.
    const [a1, a2, a3] = [
      await send(minutes(-30), [{ id: groupId, type: 'user_group' }], actionTemplateId),
      await send(minutes(-20), [{ id: staff.c, type: 'user' }], actionTemplateId),
      await send(minutes(5), [{ id: staff.c, type: 'user' }, { id: groupId, type: 'user_group' }], null),
      await send(minutes(10), [{ id: staff.d, type: 'user' }], actionTemplateId),
    ];
    expect(await accept(a1!, staff.a, 10_000)).toBe('counted');
    expect(await accept(a2!, staff.c, 20_000)).toBe('counted');
    expect(await accept(a3!, staff.c, 30_000)).toBe('counted');
    await localDeliveryQueue().idle();

    // Tasks: due D 23:00 on time, with an unticked checklist item; due D+1 00:30, two minutes late.
    await fact('TASK', 'task-1', minutes(-60), [
      ['ALL', '-', { n: 1, ontime: 1 }],
      ['TEMPLATE', taskTemplateId, { n: 1, ontime: 1 }],
      ['ACTIVITY', `shift_activity_type:${activityId}`, { n: 1, ontime: 1 }],
      ['CHECK', 'Lock the door', { n: 1, unt: 1 }],
    ]);
    await fact('TASK', 'task-2', minutes(30), [
      ['ALL', '-', { n: 1, overdue: 1, late: 1 }, [120_000]],
      ['TEMPLATE', taskTemplateId, { n: 1, overdue: 1, late: 1 }, [120_000]],
      ['CHECK', 'Lock the door', { n: 1 }],
    ]);
    await fact('TASKANSWER', `task-1#${staff.a}`, minutes(-60), [['PERSON', staff.a, { done: 1, ontime: 1 }]]);
    await fact('TASKANSWER', `task-2#${staff.a}`, minutes(30), [['PERSON', staff.a, { done: 1 }]]);
    await fact('TASKANSWER', `task-2#${staff.b}`, minutes(30), [['PERSON', staff.b, { decl: 1 }]]);
    await fact('TASKANSWER', 'task-2#removed-user', minutes(30), [['PERSON', 'removed-user', { decl: 1 }]]);
    // A notification of D+1 delivered to 3, read by 2 after 5 and 7 s; a firing whose trigger is gone.
    await fact('NOTIF', 'notif-1', minutes(45), [
      ['ALL', '-', { n: 1, dlv: 3, read: 2 }, [5_000, 7_000]],
      ['TEMPLATE', notificationTemplateId, { n: 1, dlv: 3, read: 2 }, [5_000, 7_000]],
      ['GROUP', `user_group:${groupId}`, { n: 1, dlv: 3, read: 2 }, [5_000, 7_000]],
      ['GROUP', 'everyone:everyone', { n: 1, dlv: 3, read: 2 }, [5_000, 7_000]],
    ]);
    await fact('FIRING', 'firing-1', minutes(50), [
      ['ALL', '-', { fired: 1, resp: 1 }, [42_000]],
      ['TRIGGER', 'trigger-gone', { fired: 1, resp: 1 }, [42_000]],
    ]);
  }, 120_000);

  afterAll(async () => {
    await closeDelivery();
  });

  const figures = (counters: Record<string, number>, durations: Partial<ReportFiguresDto> = ZERO) => ({ ...ZERO, counters, ...durations });
  const actionCounters = (n: number, acc: number) => ({ n, acc, esc: 0, exp: 0, rej: 0, wd: 0 });

  it('gives the actions report: totals, every day, tables by template, group and hour, named now', async () => {
    const body = await report(`/actions?${range()}`);
    expect(body).toMatchObject({ report: 'actions', from, to, time_zone: ZONE });
    expect(body.total).toEqual(figures(actionCounters(4, 3), { duration_count: 3, median_ms: 20_000, p90_ms: 30_000 }));
    expect(body.days).toEqual([
      { date: from, ...figures(actionCounters(0, 0)) },
      { date: dayBefore, ...figures(actionCounters(2, 2), { duration_count: 2, median_ms: 15_000, p90_ms: 20_000 }) },
      { date: dayAfter, ...figures(actionCounters(2, 1), { duration_count: 1, median_ms: 30_000, p90_ms: 30_000 }) },
      { date: to, ...figures(actionCounters(0, 0)) },
    ]);
    expect(body.tables.map((table) => table.dimension)).toEqual(['TEMPLATE', 'TRIGGER', 'GROUP', 'HOUR']);
    const [template, trigger, group, hour] = body.tables;
    expect(template!.rows).toEqual([
      { key: actionTemplateId, name: 'Till', ...figures(actionCounters(3, 2), { duration_count: 2, median_ms: 15_000, p90_ms: 20_000 }) },
      { key: '-', name: null, ...figures(actionCounters(1, 1), { duration_count: 1, median_ms: 30_000, p90_ms: 30_000 }) },
    ]);
    expect(trigger!.rows).toEqual([]);
    // People named one by one are one row, `user:*`; an action to both counts in both.
    expect(group!.rows.map(({ key, name, counters }) => ({ key, name, n: counters.n, acc: counters.acc }))).toEqual([
      { key: 'user:*', name: null, n: 3, acc: 2 },
      { key: `user_group:${groupId}`, name: 'Floor', n: 2, acc: 2 },
    ]);
    expect(hour!.rows.map(({ key, name, counters }) => ({ key, name, n: counters.n }))).toEqual([
      { key: '00', name: null, n: 2 },
      { key: '23', name: null, n: 2 },
    ]);

    // Renamed: the report names it anew at once.
    await api('actions', 'PUT', `/action-templates/${actionTemplateId}`, { action: { content: content('Till 3'), recipient_groups: [], config } });
    expect((await report(`/actions?${range()}`)).tables[0]!.rows[0]).toMatchObject({ key: actionTemplateId, name: 'Till 3' });
  });

  it('gives the tasks, notifications and automation reports from their facts', async () => {
    const tasks = await report(`/tasks?${range()}`);
    const taskCounters = (c: Record<string, number>) => ({ n: 0, ontime: 0, overdue: 0, late: 0, decl: 0, unt: 0, ...c });
    expect(tasks.total).toEqual(figures(taskCounters({ n: 2, ontime: 1, overdue: 1, late: 1 }), { duration_count: 1, median_ms: 120_000, p90_ms: 120_000 }));
    expect(tasks.days.map((day) => [day.date, day.counters.n])).toEqual([[from, 0], [dayBefore, 1], [dayAfter, 1], [to, 0]]);
    expect(tasks.tables.map(({ dimension, rows }) => ({ dimension, rows: rows.map(({ key, name, counters }) => ({ key, name, counters })) }))).toEqual([
      { dimension: 'TEMPLATE', rows: [{ key: taskTemplateId, name: 'Open the shop', counters: taskCounters({ n: 2, ontime: 1, overdue: 1, late: 1 }) }] },
      { dimension: 'ACTIVITY', rows: [{ key: `shift_activity_type:${activityId}`, name: 'Cashier', counters: taskCounters({ n: 1, ontime: 1 }) }] },
      { dimension: 'CHECK', rows: [{ key: 'Lock the door', name: 'Lock the door', counters: taskCounters({ n: 2, unt: 1 }) }] },
    ]);

    const notifications = await report(`/notifications?${range()}`);
    expect(notifications.total).toEqual(figures({ n: 1, dlv: 3, read: 2 }, { duration_count: 2, median_ms: 6_000, p90_ms: 7_000 }));
    expect(notifications.tables[0]!.rows.map(({ key, name }) => ({ key, name }))).toEqual([{ key: notificationTemplateId, name: 'Briefing' }]);
    expect(notifications.tables[1]!.rows.map(({ key, name }) => ({ key, name }))).toEqual([
      { key: 'everyone:everyone', name: 'Everyone' },
      { key: `user_group:${groupId}`, name: 'Floor' },
    ]);

    const automation = await report(`/automation?${range()}`);
    expect(automation.total).toEqual(figures({ fired: 1, thr: 0, fail: 0, resp: 1 }, { duration_count: 1, median_ms: 42_000, p90_ms: 42_000 }));
    expect(automation.tables).toEqual([{ dimension: 'TRIGGER', rows: [{ key: 'trigger-gone', name: null, ...figures({ fired: 1, thr: 0, fail: 0, resp: 1 }, { duration_count: 1, median_ms: 42_000, p90_ms: 42_000 }) }] }]);

    // A range of one empty day: zeros, no rows.
    const empty = await report(`/actions?from=${from}&to=${from}`);
    expect(empty.total).toEqual(figures(actionCounters(0, 0)));
    expect(empty.tables.every((table) => table.rows.length === 0)).toBe(true);
  });

  it("gives each person's completions and declines, named now (a removed person's name is null)", async () => {
    const people = await report<ReportPeopleDto>(`/tasks/people?${range()}`);
    expect(people).toEqual({
      from,
      to,
      rows: [
        { key: staff.a, name: 'Staff A', counters: { done: 2, ontime: 1, decl: 0 }, ...ZERO },
        ...[
          { key: staff.b, name: 'Staff B', counters: { done: 0, ontime: 0, decl: 1 }, ...ZERO },
          { key: 'removed-user', name: null, counters: { done: 0, ontime: 0, decl: 1 }, ...ZERO },
        ].sort((x, y) => (x.key < y.key ? -1 : 1)),
      ],
    });
  });

  it("pages the report's raw rows oldest first, within the range's days", async () => {
    const first = await report<ReportRowsDto>(`/actions/rows?${range()}&limit=3`);
    expect(first.items.map((row) => row.item_id)).toEqual(actions.slice(0, 3).map((action) => action.id));
    expect(first.items[0]).toEqual({
      item_id: actions[0]!.id,
      instant: new Date(actions[0]!.opts.send_time).toISOString(),
      local_date: dayBefore,
      local_hour: 23,
      columns: expect.objectContaining({ template_id: actionTemplateId, state: 'fulfilled', first_accept_ms: 10_000 }),
    });
    expect(first.next_token).toEqual(expect.any(String));
    const second = await report<ReportRowsDto>(`/actions/rows?${range()}&limit=3&next_token=${encodeURIComponent(first.next_token!)}`);
    expect(second).toEqual({ items: [expect.objectContaining({ item_id: actions[3]!.id, local_date: dayAfter, local_hour: 0 })], next_token: null });

    const afterMidnight = await report<ReportRowsDto>(`/actions/rows?from=${dayAfter}&to=${dayAfter}`);
    expect(afterMidnight.items.map((row) => row.item_id)).toEqual([actions[2]!.id, actions[3]!.id]);
    const people = await report<ReportRowsDto>(`/tasks/rows?${range()}`);
    expect(people.items.map((row) => [row.item_id, row.columns])).toEqual([['task-1', { item: 'task-1' }], ['task-2', { item: 'task-2' }]]);
  });

  it("refuses bad input with the product's messages", async () => {
    const refusals: Array<[path: string, status: number, message: string]> = [
      [`/actions?from=${from}`, 400, INVALID_DATE],
      [`/actions?from=2026-02-30&to=2026-03-01`, 400, INVALID_DATE],
      [`/actions?from=${to}&to=${from}`, 400, REPORT_MESSAGES.rangeReversed],
      [`/actions?from=2025-01-01&to=2026-01-02`, 400, REPORT_MESSAGES.rangeTooLong],
      [`/tasks/people?from=2025-01-01&to=2026-01-02`, 400, REPORT_MESSAGES.rangeTooLong],
      [`/actions/rows?${range()}&limit=0`, 400, REPORT_MESSAGES.limit],
      [`/actions/rows?${range()}&limit=1001`, 400, REPORT_MESSAGES.limit],
      [`/actions/rows?${range()}&limit=abc`, 400, REPORT_MESSAGES.limit],
      [`/bogus?${range()}`, 400, REPORT_MESSAGES.unknownReport],
      [`/constructor?${range()}`, 400, REPORT_MESSAGES.unknownReport],
      [`/bogus/rows?${range()}`, 400, REPORT_MESSAGES.unknownReport],
    ];
    for (const [path, status, message] of refusals) {
      const answer = await reports(path);
      expect([path, answer.status, answer.body.message]).toEqual([path, status, message]);
    }
  });

  it("refuses an employee, another organisation's admin, and everyone while the flag is off", async () => {
    for (const path of [`/actions?${range()}`, `/tasks/people?${range()}`, `/actions/rows?${range()}`]) {
      expect([path, (await reports(path, employeeToken)).status]).toEqual([path, 403]);
      expect([path, (await reports(path, otherAdminToken)).status]).toEqual([path, 403]);
    }
    await updateGeneralSettings(orgId, { general: { features: { reports: 'disable' } } }, SETUP_ACTOR);
    try {
      for (const path of [`/actions?${range()}`, `/tasks/people?${range()}`, `/actions/rows?${range()}`]) expect([path, (await reports(path)).status]).toEqual([path, 403]);
    } finally {
      await updateGeneralSettings(orgId, { general: { features: { reports: 'enable' } } }, SETUP_ACTOR);
    }
    expect((await reports(`/actions?${range()}`)).status).toBe(200);
  });
});
