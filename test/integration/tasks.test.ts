import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsIn } from '@portal/shared/scheduling/series-time';
import type { TaskDraftDto, TaskDraftPage, TaskDto, TaskPage, TaskStatus, TaskTemplateDto, TaskTemplatePage } from '@portal/shared/tasks/task.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { completeByUser, declineByUser, recordReceipt } from '../../functions/src/tasks/completion.service.ts';
import { materialiseTaskOccurrence } from '../../functions/src/tasks/series.service.ts';
import { getTask as readTaskRow } from '../../functions/src/tasks/tasks.repository.ts';
import { registerDeliveryQueueAdapter } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { getSchedule } from '../../functions/src/platform/scheduling/table.adapter.ts';
import { startSchedules } from '../../functions/src/tasks/task-schedules.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

process.env.SCHEDULER ??= 'table';

const BERLIN = 'Europe/Berlin';
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@tasks.test`;
const PASSWORD = 'Task-Pass-1!';
const HOUR = 3_600_000;

interface Person {
  userId: string;
  token: string;
}

const content = (title: string, checklist: Array<[string, string]> = [], body = '') => ({
  title: { text: title },
  body: { text: body },
  checklist: checklist.map(([id, text]) => ({ id, title: { text }, is_checked: false, is_deleted: false })),
});
const users = (...ids: string[]) => [{ group_number: 0, recipients: ids.map((id) => ({ id, type: 'user' })) }];
/** start and end as the form posts them, in the organisation's zone. */
const at = (instant: number) => partsIn(new Date(instant), BERLIN);
const window = (startIn: number, endIn: number, extra: Record<string, unknown> = {}) => ({
  closure_criteria: 'one',
  reminders_enabled: false,
  start: at(Date.now() + startIn),
  end: at(Date.now() + endIn),
  recurring: null,
  ...extra,
});
const sorted = (ids: readonly string[]) => [...ids].sort();

describe('tasks API', () => {
  let orgId: string;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let cem: Person;
  let assistant: Person;
  let otherOrg: string;
  const api = (method: string, path: string, body?: unknown, token = admin.token, org = orgId) => callApi('tasks', method, `/api/organizations/${org}${path}`, { token, body });
  const create = async (body: Record<string, unknown>) => {
    const answer = await api('POST', '/tasks', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await localDeliveryQueue().idle();
    return answer.body as TaskDto;
  };
  const get = async (id: string, token = admin.token) => (await api('GET', `/tasks/${id}`, undefined, token)).body as TaskDto & { status: TaskStatus };
  const list = async (query: string, token = admin.token) => {
    const answer = await api('GET', `/tasks?${query}`, undefined, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as TaskPage;
  };
  /** Every page of a tab, `limit` at a time. */
  const everyPage = async (tab: string, limit: number, token = admin.token) => {
    const ids: string[] = [];
    let next: string | undefined;
    for (let pages = 0; pages < 200; pages++) {
      const page = await list(`tab=${tab}&limit=${limit}${next ? `&next_token=${encodeURIComponent(next)}` : ''}`, token);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((t) => t.id));
      next = page.next_token;
      if (!next) return ids;
    }
    throw new Error('paging did not end');
  };

  async function person(firstname: string, accessLevel?: string): Promise<Person> {
    const email = unique(firstname.toLowerCase());
    const created = await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token: admin.token,
      body: { firstname, lastname: 'Tester', email, password: PASSWORD, ...(accessLevel ? { access_level: accessLevel } : {}) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { userId: created.body.id, token: await signIn(email, PASSWORD) };
  }

  beforeAll(async () => {
    const email = unique('admin');
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Task Market', timeZone: BERLIN, owner: ownerOf(adminId, ['admin'], email) });
    admin = { userId: adminId, token: await signIn(email, PASSWORD) };
    [ann, bob, cem, assistant] = await Promise.all([person('Ann'), person('Bob'), person('Cem'), person('Asta', 'assistant')]);
    otherOrg = await foundOrganization({ name: 'Elsewhere', timeZone: BERLIN, owner: ownerOf(`other-${randomUUID()}`, ['admin'], unique('other')) });
  });

  afterAll(async () => {
    await closeDelivery();
  });

  it('creates a task delivered at once: closure forced to one with a checklist, ongoing, its status record', async () => {
    const task = await create({
      content: content('Open the shop', [['c1', 'Lights on'], ['c2', 'Till counted'], ['c3', 'Doors open']]),
      recipient_groups: users(ann.userId, bob.userId),
      config: window(0, 2 * HOUR, { closure_criteria: 'all' }),
    });
    expect(task).toMatchObject({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      config: { closure_criteria: 'one', reminders_enabled: false, is_draft: false, recurring: null },
      data: { status: 'ongoing', completed_at_status: null },
      meta: { is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null },
      created_by: admin.userId,
      completed_time: null,
      recipient_count: 2,
      completed_count: 0,
      declined_count: 0,
    });
    const details = await get(task.id);
    expect(details.status).toMatchObject({
      checklist_items: [
        { id: 'c1', is_checked: false, is_deleted: false, user_id: null, timestamp: null },
        { id: 'c2', is_checked: false, is_deleted: false, user_id: null, timestamp: null },
        { id: 'c3', is_checked: false, is_deleted: false, user_id: null, timestamp: null },
      ],
      completed_user_ids: [],
      declined_user_ids: [],
      completed_by_admin_user_ids: [],
      completed_time: null,
      resolved_recipient_groups: [{ group_number: 0, recipients: expect.arrayContaining([{ id: ann.userId, type: 'user' }, { id: bob.userId, type: 'user' }]) }],
    });
    expect(sorted(details.status.user_ids)).toEqual(sorted([ann.userId, bob.userId]));
    expect((await api('GET', `/tasks/${task.id}/status`)).body).toEqual(details.status);
  });

  it("keeps 'all' where the rule may be chosen, forces 'one' for a single user", async () => {
    const three = await create({ content: content('Stock count'), recipient_groups: users(ann.userId, bob.userId, cem.userId), config: window(0, HOUR, { closure_criteria: 'all' }) });
    expect(three.config.closure_criteria).toBe('all');
    const single = await create({ content: content('Fix the door'), recipient_groups: users(ann.userId), config: window(0, HOUR, { closure_criteria: 'all' }) });
    expect(single.config.closure_criteria).toBe('one');
  });

  it('refuses bad input with the product messages, and ids of another organisation', async () => {
    const base = { content: content('Sweep'), recipient_groups: users(ann.userId), config: window(HOUR, 2 * HOUR) };
    const refused = async (body: unknown, field: string, message: string) => {
      const answer = await api('POST', '/tasks', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors[field]).toBe(message);
    };
    await refused({ ...base, content: content('') }, 'content.title.text', 'Title is required');
    await refused({ ...base, content: content('Sweep', [['x', '']]) }, 'content.checklist[0].title.text', 'checklist title is required');
    await refused({ ...base, content: content('Sweep', [['x', 'a'.repeat(39)]]) }, 'content.checklist[0].title.text', 'Checklist item must be at most 38 characters');
    await refused({ ...base, config: window(-2 * HOUR, HOUR) }, 'config.start', 'Start time must be later then current time');
    await refused({ ...base, config: window(2 * HOUR, HOUR) }, 'config.end', 'End date must be after start date');
    await refused({ ...base, recipient_groups: users('not-a-user-of-ours') }, 'recipient_groups', 'Unknown user in recipient_groups: not-a-user-of-ours');
    await refused({ ...base, meta: { template_id: 'no-such-template' } }, 'meta.template_id', 'Unknown task template in meta.template_id: no-such-template');
    await refused({ ...base, config: { ...window(HOUR, 2 * HOUR), start: { date: '2030-02-30', time: '10:00', offset: '+01:00' } } }, 'config.start.date', 'Date must be a real date (YYYY-MM-DD)');
    // A title alone is enough when the body has text.
    const bodyOnly = await create({ ...base, content: { ...content(''), body: { text: 'Behind the shelves' } } });
    expect(bodyOnly.data.status).toBe('scheduled');
  });

  it("refuses a checklist item id the watch could not read ('#'), on tasks and task templates, with the field's message", async () => {
    const message = 'Checklist item id must not contain #';
    const withHash = content('Sweep', [['ok', 'Floor'], ['a#b', 'Shelves']]);
    const scheduled = await create({ content: content('Sweep', [['ok', 'Floor']]), recipient_groups: users(ann.userId), config: window(HOUR, 2 * HOUR) });
    const template = await api('POST', '/task-templates', { task: { content: content('Sweep', [['ok', 'Floor']]) } });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const refusals = [
      [await api('POST', '/tasks', { content: withHash, recipient_groups: users(ann.userId), config: window(HOUR, 2 * HOUR) }), 'content.checklist[1].id'],
      [await api('PUT', `/tasks/${scheduled.id}`, { content: withHash, recipient_groups: users(ann.userId), config: window(HOUR, 2 * HOUR) }), 'content.checklist[1].id'],
      [await api('POST', '/task-templates', { task: { content: withHash } }), 'task.content.checklist[1].id'],
      [await api('PUT', `/task-templates/${template.body.id}`, { task: { content: withHash } }), 'task.content.checklist[1].id'],
    ] as const;
    for (const [answer, field] of refusals) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ message, code: 'invalid_input', errors: { [field]: message } });
    }
    // Nothing was stored: the scheduled task and the template keep their one item.
    expect((await get(scheduled.id)).content.checklist.map((i) => i.id)).toEqual(['ok']);
    expect(((await api('GET', `/task-templates/${template.body.id}`)).body as TaskTemplateDto).task.content.checklist.map((i) => i.id)).toEqual(['ok']);
  });

  it('edits a scheduled task as a whole and an ongoing one content-only, ticks kept by item id', async () => {
    const scheduled = await create({ content: content('Delivery at noon'), recipient_groups: users(ann.userId), config: window(3 * HOUR, 4 * HOUR) });
    expect(scheduled).toMatchObject({ data: { status: 'scheduled' }, recipient_count: 0 });
    const moved = await api('PUT', `/tasks/${scheduled.id}`, { content: content('Delivery at two'), recipient_groups: users(bob.userId), config: window(5 * HOUR, 6 * HOUR) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id: scheduled.id, content: { title: { text: 'Delivery at two' } }, recipient_groups: users(bob.userId), data: { status: 'scheduled' } });
    expect(Date.parse(moved.body.start_at)).toBeGreaterThan(Date.parse(scheduled.start_at));
    expect((await api('PUT', `/tasks/${scheduled.id}`, { content: content('Late'), recipient_groups: users(bob.userId), config: window(-3 * HOUR, HOUR) })).body).toMatchObject({
      code: 'tasks.startInPast',
      errors: { 'config.start': 'Start time must be later then current time' },
    });
    // A refused edit leaves the task as it was.
    expect((await get(scheduled.id)).content.title.text).toBe('Delivery at two');

    const ongoing = await create({ content: content('Clean up', [['a', 'Floor'], ['b', 'Shelves']]), recipient_groups: users(ann.userId), config: window(0, HOUR) });
    expect((await api('PUT', `/tasks/${ongoing.id}/checklist`, [{ id: 'a', is_checked: true }])).status).toBe(200);
    const edited = await api('PUT', `/tasks/${ongoing.id}`, {
      content: content('Clean up well', [['a', 'Floor'], ['c', 'Windows']]),
      // Ignored: start, end and recipients are not edited once it runs.
      recipient_groups: users(cem.userId),
      config: window(5 * HOUR, 6 * HOUR),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ content: { title: { text: 'Clean up well' } }, recipient_groups: users(ann.userId), start_at: ongoing.start_at, end_at: ongoing.end_at });
    const after = await get(ongoing.id);
    expect(after.status.checklist_items).toEqual([
      { id: 'a', is_checked: true, is_deleted: false, user_id: admin.userId, timestamp: expect.any(String) },
      { id: 'c', is_checked: false, is_deleted: false, user_id: null, timestamp: null },
    ]);
    // Content-only: only the title rule.
    expect((await api('PUT', `/tasks/${ongoing.id}`, { content: content('') })).body).toMatchObject({ errors: { 'content.title.text': 'Title is required' } });
  });

  it('completes a checklist task when the shared list is all ticked (admin batch), once; unticking does not reopen it', async () => {
    const task = await create({ content: content('Close the shop', [['x', 'Lights'], ['y', 'Till'], ['z', 'Alarm']]), recipient_groups: users(ann.userId, bob.userId), config: window(0, HOUR) });
    expect((await api('PUT', `/tasks/${task.id}/checklist`, [{ id: 'nope', is_checked: true }])).body).toMatchObject({ code: 'tasks.checklistItemUnknown' });
    expect((await api('PUT', `/tasks/${task.id}/checklist`, [{ id: 'x', is_checked: true }], ann.token)).status).toBe(403);
    expect((await api('POST', `/tasks/${task.id}/complete`)).body).toMatchObject({ code: 'tasks.hasChecklist' });
    const two = await api('PUT', `/tasks/${task.id}/checklist`, [
      { id: 'x', is_checked: true },
      { id: 'y', is_checked: true },
    ]);
    expect(two.body).toMatchObject({ data: { status: 'ongoing' }, content: { checklist: [{ id: 'x', is_checked: true }, { id: 'y', is_checked: true }, { id: 'z', is_checked: false }] } });
    const done = await api('PUT', `/tasks/${task.id}/checklist`, [{ id: 'z', is_checked: true }], assistant.token);
    expect(done.body).toMatchObject({ data: { status: 'completed', completed_at_status: 'ongoing' }, completed_time: expect.any(String) });
    const untick = await api('PUT', `/tasks/${task.id}/checklist`, [{ id: 'z', is_checked: false }]);
    expect(untick.body).toMatchObject({ data: { status: 'completed' }, completed_time: done.body.completed_time });
    const status = (await get(task.id)).status;
    expect(status.checklist_items.map((i) => [i.id, i.is_checked, i.user_id])).toEqual([
      ['x', true, admin.userId],
      ['y', true, admin.userId],
      ['z', false, admin.userId],
    ]);
    expect(await everyPage('completed', 50)).toContain(task.id);
  });

  it('completes through the dialog and undoes (admins only) a task without checklist', async () => {
    const later = await create({ content: content('Tomorrow'), recipient_groups: users(ann.userId), config: window(5 * HOUR, 6 * HOUR) });
    expect((await api('POST', `/tasks/${later.id}/complete`)).body).toMatchObject({ code: 'tasks.notStarted' });
    const task = await create({ content: content('Water the plants'), recipient_groups: users(ann.userId, bob.userId), config: window(0, HOUR) });
    expect(await completeByUser(orgId, task.id, ann.userId, new Date())).toBe('counted');
    const completed = await api('POST', `/tasks/${task.id}/complete`, undefined, assistant.token);
    expect(completed.status).toBe(409);
    expect(completed.body.code).toBe('tasks.alreadyCompleted');

    const other = await create({ content: content('Empty the bins'), recipient_groups: users(ann.userId, bob.userId, cem.userId), config: window(0, HOUR, { closure_criteria: 'all' }) });
    expect(await completeByUser(orgId, other.id, bob.userId, new Date())).toBe('counted');
    const byAdmin = await api('POST', `/tasks/${other.id}/complete`);
    expect(byAdmin.body).toMatchObject({ data: { status: 'completed' }, completed_time: expect.any(String) });
    expect((await get(other.id)).status).toMatchObject({ completed_by_admin_user_ids: [admin.userId], completed_user_ids: [bob.userId] });
    expect((await api('POST', `/tasks/${other.id}/complete`)).body.code).toBe('tasks.alreadyCompleted');

    expect((await api('DELETE', `/tasks/${other.id}/complete`, undefined, assistant.token)).status).toBe(403);
    const undone = await api('DELETE', `/tasks/${other.id}/complete`);
    expect(undone.body).toMatchObject({ data: { status: 'ongoing' }, completed_time: null, completed_count: 0 });
    expect((await get(other.id)).status).toMatchObject({ completed_by_admin_user_ids: [], completed_user_ids: [], completed_time: null });
    expect((await api('DELETE', `/tasks/${other.id}/complete`)).body.code).toBe('tasks.notCompleted');
    expect(await everyPage('completed', 50)).not.toContain(other.id);
  });

  it("closure all with three recipients: each must complete; a completion replayed three times counts once; receipts", async () => {
    const task = await create({ content: content('Inventory'), recipient_groups: users(ann.userId, bob.userId, cem.userId), config: window(0, HOUR, { closure_criteria: 'all' }) });
    const marker = { senderKind: 'USER' as const, senderId: ann.userId, messageId: randomUUID() };
    const replays = await Promise.all([1, 2, 3].map(() => completeByUser(orgId, task.id, ann.userId, new Date(), marker)));
    expect(sorted(replays)).toEqual(['already', 'already', 'counted']);
    expect(await completeByUser(orgId, task.id, ann.userId, new Date())).toBe('already');
    expect(await completeByUser(orgId, task.id, admin.userId, new Date())).toBe('not_recipient');
    expect(await recordReceipt(orgId, task.id, bob.userId, 'read', new Date())).toBe(true);
    expect(await recordReceipt(orgId, task.id, admin.userId, 'received', new Date())).toBe(false);
    expect(await completeByUser(orgId, task.id, bob.userId, new Date())).toBe('counted');
    expect((await get(task.id)).data.status).toBe('ongoing');
    expect(await completeByUser(orgId, task.id, cem.userId, new Date())).toBe('counted');
    const done = await get(task.id);
    expect(done).toMatchObject({ data: { status: 'completed' }, completed_count: 3 });
    expect(sorted(done.status.completed_user_ids)).toEqual(sorted([ann.userId, bob.userId, cem.userId]));
    expect(done.status).toMatchObject({ read_user_ids: [bob.userId], received_user_ids: [bob.userId], completed_by_admin_user_ids: [] });
    expect(await declineByUser(orgId, task.id, bob.userId, new Date())).toBe('closed');
  });

  it('turns all_declined when every recipient declined, and re-edits it as a whole: delivered again, counts reset', async () => {
    const task = await create({ content: content('Cover Sunday'), recipient_groups: users(ann.userId, bob.userId), config: window(0, HOUR, { closure_criteria: 'all' }) });
    expect(await declineByUser(orgId, task.id, ann.userId, new Date())).toBe('counted');
    expect(await declineByUser(orgId, task.id, bob.userId, new Date())).toBe('counted');
    expect((await get(task.id)).data.status).toBe('all_declined');
    const edited = await api('PUT', `/tasks/${task.id}`, { content: content('Cover Sunday, please'), recipient_groups: users(cem.userId, ann.userId), config: window(0, 2 * HOUR, { closure_criteria: 'all' }) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await localDeliveryQueue().idle();
    const again = await get(task.id);
    expect(again).toMatchObject({ data: { status: 'ongoing' }, recipient_count: 2, declined_count: 0, completed_count: 0 });
    expect(again.status.declined_user_ids).toEqual([]);
    expect(sorted(again.status.user_ids)).toEqual(sorted([cem.userId, ann.userId]));
  });

  it('shows an employee only the tasks delivered to them; their checklist is read-only', async () => {
    const theirs = await create({ content: content('For Cem', [['k', 'Keys']]), recipient_groups: users(cem.userId), config: window(0, HOUR) });
    const notTheirs = await create({ content: content('For Bob'), recipient_groups: users(bob.userId), config: window(0, HOUR) });
    const cemSees = await everyPage('all', 50, cem.token);
    expect(cemSees).toContain(theirs.id);
    expect(cemSees).not.toContain(notTheirs.id);
    expect(await everyPage('today', 50, cem.token)).toContain(theirs.id);
    expect((await api('GET', `/tasks/${theirs.id}`, undefined, cem.token)).body).toMatchObject({ id: theirs.id, status: { user_ids: [cem.userId] } });
    expect((await api('GET', `/tasks/${notTheirs.id}`, undefined, cem.token)).status).toBe(404);
    expect((await api('GET', `/tasks/${notTheirs.id}/status`, undefined, cem.token)).status).toBe(404);
    expect((await api('PUT', `/tasks/${theirs.id}/checklist`, [{ id: 'k', is_checked: true }], cem.token)).status).toBe(403);
    expect((await api('POST', '/tasks', { content: content('Mine'), recipient_groups: users(cem.userId), config: window(0, HOUR) }, cem.token)).status).toBe(403);
    // Everyone else in the organisation sees every task.
    expect(await everyPage('all', 50, assistant.token)).toEqual(expect.arrayContaining([theirs.id, notTheirs.id]));
  });

  it('lists the tabs by their rules and pages them without loss', async () => {
    const running = await create({ content: content('Now'), recipient_groups: users(ann.userId), config: window(0, HOUR) });
    const tomorrow = await create({ content: content('Tomorrow'), recipient_groups: users(ann.userId), config: window(26 * HOUR, 27 * HOUR) });
    const today = await everyPage('today', 2);
    expect(today).toContain(running.id);
    expect(today).not.toContain(tomorrow.id);
    expect(new Set(today).size).toBe(today.length);
    const scheduled = await everyPage('scheduled', 2);
    expect(scheduled).toContain(tomorrow.id);
    expect(scheduled).not.toContain(running.id);
    const all = await everyPage('all', 3);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([running.id, tomorrow.id]));
    // Newest created first.
    expect(all.indexOf(tomorrow.id)).toBeLessThan(all.indexOf(running.id));
    expect(all).toEqual(await everyPage('all', 50));
    expect(await everyPage('today', 1)).toEqual(await everyPage('today', 50));

    const foreign = (await callApi('tasks', 'GET', `/api/organizations/${orgId}/tasks?tab=all&limit=1`, { token: admin.token })).body.next_token as string;
    const elsewhere = await callApi('tasks', 'GET', `/api/organizations/${orgId}/tasks?tab=completed&next_token=${foreign}`, { token: admin.token });
    expect(elsewhere.status).toBe(400);
    expect((await api('GET', '/tasks?tab=everything')).status).toBe(400);
    expect(otherOrg).toBeTruthy();
  });

  it('deletes a task, and a series with all its occurrences', async () => {
    const task = await create({ content: content('Gone soon'), recipient_groups: users(ann.userId), config: window(0, HOUR) });
    expect((await api('DELETE', `/tasks/${task.id}`)).status).toBe(204);
    expect((await api('GET', `/tasks/${task.id}`)).status).toBe(404);
    expect(await readTaskRow(orgId, task.id)).toBeNull();

    const start = at(Date.now() + 2 * HOUR);
    const series = await create({
      content: content('Weekly clean'),
      recipient_groups: users(ann.userId),
      config: {
        closure_criteria: 'one',
        reminders_enabled: false,
        start,
        end: at(Date.now() + 3 * HOUR),
        recurring: {
          range: { start: { date: start.date, offset: start.offset }, end: null },
          occurrence_time: { start: { time: start.time, offset: start.offset }, end: { time: at(Date.now() + 3 * HOUR).time, offset: start.offset } },
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        },
      },
    });
    expect(series).toMatchObject({ item_type: 'task_recurring_root', meta: { is_recurring_root: true } });
    expect((await api('GET', `/tasks/${series.id}/recurring-root`)).body).toMatchObject({ id: series.id });
    expect((await api('GET', `/tasks/${task.id}/recurring-root`)).status).toBe(404);

    // 'All Occurrences' edits the root as a whole; its children are tasks of their own.
    const { id: _id, item_type: _type, data: _data, meta: _meta, ...rest } = series;
    const renamed = await api('PUT', `/tasks/${series.id}`, { content: content('Daily clean'), recipient_groups: rest.recipient_groups, config: rest.config });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: series.id, item_type: 'task_recurring_root', content: { title: { text: 'Daily clean' } } });
    const root = (await readTaskRow(orgId, series.id, { consistent: true }))!;
    const first = await materialiseTaskOccurrence(root, new Date(root.startAt), new Date());
    const second = await materialiseTaskOccurrence(root, new Date(Date.parse(root.startAt) + 24 * HOUR), new Date());
    expect(first?.meta).toMatchObject({ is_recurring_child: true, recurring_root_id: series.id });
    expect((await api('GET', `/tasks/${first!.taskId}/recurring-root`)).body).toMatchObject({ id: series.id, content: { title: { text: 'Daily clean' } } });
    // 'Just this one' removes the child alone.
    expect((await api('DELETE', `/tasks/${first!.taskId}?scope=one`)).status).toBe(204);
    expect(await readTaskRow(orgId, first!.taskId)).toBeNull();
    expect(await readTaskRow(orgId, series.id)).not.toBeNull();
    // 'All Occurrences' from a child removes the root and every child.
    expect((await api('DELETE', `/tasks/${second!.taskId}?scope=all`)).status).toBe(204);
    expect(await readTaskRow(orgId, series.id)).toBeNull();
    expect(await readTaskRow(orgId, second!.taskId)).toBeNull();
    expect((await api('DELETE', `/tasks/${series.id}?scope=some`)).status).toBe(400);
  });

  it("saves drafts without validation ('Untitled Draft '), lists them newest first, and turns one into a task", async () => {
    const empty = await api('POST', '/task-drafts', {});
    expect(empty.status, JSON.stringify(empty.body)).toBe(201);
    expect(empty.body).toMatchObject({ content: { title: { text: 'Untitled Draft ' } }, config: { is_draft: true, start: null, end: null }, recipient_groups: [] });
    const named = (await api('POST', '/task-drafts', { content: content('Paint the wall') })).body as TaskDraftDto;
    const page = (await api('GET', '/task-drafts')).body as TaskDraftPage;
    expect(page.items.map((d) => d.id).slice(0, 2)).toEqual([named.id, empty.body.id]);
    expect((await api('POST', '/task-drafts', { recipient_groups: users('stranger') })).status).toBe(400);

    // Create Task validates the draft as a task: refused, the draft stays.
    const refused = await api('POST', `/task-drafts/${empty.body.id}/send`);
    expect(refused.status).toBe(400);
    expect((await api('GET', `/task-drafts/${empty.body.id}`)).status).toBe(200);

    const filled = await api('PUT', `/task-drafts/${named.id}`, { content: content('Paint the wall', [['p', 'Primer']]), recipient_groups: users(bob.userId), config: window(0, HOUR) });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const sent = await api('POST', `/task-drafts/${named.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await localDeliveryQueue().idle();
    expect(sent.body).toMatchObject({ content: { title: { text: 'Paint the wall' } }, config: { is_draft: false }, data: { status: 'ongoing' } });
    expect(sent.body.id).not.toBe(named.id);
    expect((await api('GET', `/task-drafts/${named.id}`)).status).toBe(404);
    expect((await api('POST', `/task-drafts/${named.id}/send`)).status).toBe(404);
    expect((await api('DELETE', `/task-drafts/${empty.body.id}`)).status).toBe(204);
    expect((await api('DELETE', `/task-drafts/${empty.body.id}`)).status).toBe(404);
  });

  it('keeps templates: create, search, edit, delete; save as template; a task names one of ours', async () => {
    const made = await api('POST', '/task-templates', {
      task: { content: content('Opening checklist', [['o1', 'Lights']]), recipient_groups: users(ann.userId), config: { closure_criteria: 'one', reminders_enabled: false } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const template = made.body as TaskTemplateDto;
    expect(template).toMatchObject({ title: 'Opening checklist', created_by: admin.userId, task: { content: { title: { text: 'Opening checklist' } } } });
    expect((await api('POST', '/task-templates', { task: { content: content('') } })).body).toMatchObject({ errors: { 'task.content.title.text': 'Title is required' } });
    const found = (await api('GET', '/task-templates?term=OPENING')).body as TaskTemplatePage;
    expect(found.items.map((t) => t.id)).toEqual([template.id]);
    const renamed = await api('PUT', `/task-templates/${template.id}`, { task: { content: content('Morning checklist'), recipient_groups: [], config: { closure_criteria: 'one', reminders_enabled: false } } });
    expect(renamed.body).toMatchObject({ id: template.id, title: 'Morning checklist' });
    const fromTemplate = await create({ content: content('Morning checklist'), recipient_groups: users(ann.userId), config: window(0, HOUR), meta: { template_id: template.id } });
    expect(fromTemplate.meta.template_id).toBe(template.id);
    await create({ content: content('Saved too'), recipient_groups: users(ann.userId), config: window(0, HOUR), save_as_template: true });
    expect(((await api('GET', '/task-templates?term=saved')).body as TaskTemplatePage).items).toHaveLength(1);
    expect((await api('DELETE', `/task-templates/${template.id}`)).status).toBe(204);
    expect((await api('GET', `/task-templates/${template.id}`)).status).toBe(404);
  });

  it('answers 503 when the delivery cannot be queued: a create leaves no row, a failed edit leaves the scheduled task and its start as they were', async () => {
    const useQueue = (enqueue: Parameters<typeof registerDeliveryQueueAdapter>[0]['create']) => registerDeliveryQueueAdapter({ kind: 'in-process', create: enqueue });
    const scheduled = await create({ content: content('Restock'), recipient_groups: users(ann.userId), config: window(3 * HOUR, 4 * HOUR) });
    expect(await getSchedule(startSchedules.nameOf(scheduled.id))).toBeTruthy();
    const before = (await list('tab=all&limit=100')).items.map((t) => t.id);
    useQueue(() => ({ enqueue: async () => Promise.reject(new Error('queue unavailable')) }));
    try {
      const refused = await api('POST', '/tasks', { content: content('Now'), recipient_groups: users(ann.userId), config: window(0, HOUR) });
      expect(refused).toMatchObject({ status: 503, body: { code: 'tasks.notCarriedOut', message: 'The task could not be sent or scheduled. Please try again.' } });
      expect((await list('tab=all&limit=100')).items.map((t) => t.id)).toEqual(before);
      const edit = await api('PUT', `/tasks/${scheduled.id}`, { content: content('Restock now'), recipient_groups: users(ann.userId), config: window(0, HOUR) });
      expect(edit.status).toBe(503);
    } finally {
      useQueue(() => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches) }));
    }
    expect(await get(scheduled.id)).toMatchObject({ content: { title: { text: 'Restock' } }, start_at: scheduled.start_at, data: { status: 'scheduled' } });
    expect(await getSchedule(startSchedules.nameOf(scheduled.id))).toBeTruthy();
  });

  it('answers 503 to an all_declined task edited as a whole when the delivery cannot be queued, and keeps who declined', async () => {
    const task = await create({ content: content('Cover Monday'), recipient_groups: users(ann.userId, bob.userId), config: window(0, HOUR, { closure_criteria: 'all' }) });
    await localDeliveryQueue().idle();
    expect(await declineByUser(orgId, task.id, ann.userId, new Date())).toBe('counted');
    expect(await declineByUser(orgId, task.id, bob.userId, new Date())).toBe('counted');
    const before = await get(task.id);
    expect(before.data.status).toBe('all_declined');
    registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: async () => Promise.reject(new Error('queue unavailable')) }) });
    try {
      const edit = await api('PUT', `/tasks/${task.id}`, { content: content('Cover Monday, please'), recipient_groups: users(cem.userId), config: window(0, 2 * HOUR, { closure_criteria: 'all' }) });
      expect(edit.status).toBe(503);
    } finally {
      registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches) }) });
    }
    const after = await get(task.id);
    expect(after).toMatchObject({ content: { title: { text: 'Cover Monday' } }, data: { status: 'all_declined' }, declined_count: 2 });
    expect(sorted(after.status.declined_user_ids)).toEqual(sorted([ann.userId, bob.userId]));
    expect(after.status).toEqual(before.status);
    // The USER rows came back with their index keys: the task is in the employee's own list again.
    expect(await everyPage('all', 50, ann.token)).toContain(task.id);
  });

  it('keeps /settings/tasks: defaults, offsets deduplicated largest first, managers only, the product message', async () => {
    expect((await api('GET', '/settings/tasks')).body).toEqual({ reminder_offsets_minutes: [60], notify_creator_when_overdue: true });
    const saved = await api('PUT', '/settings/tasks', { reminder_offsets_minutes: [30, 120, 30], notify_creator_when_overdue: false });
    expect(saved.body).toEqual({ reminder_offsets_minutes: [120, 30], notify_creator_when_overdue: false });
    expect((await api('GET', '/settings/tasks', undefined, assistant.token)).body).toEqual(saved.body);
    expect((await api('PUT', '/settings/tasks', { reminder_offsets_minutes: [0] })).body).toMatchObject({ message: 'A reminder must be 1 minute to 7 days before the end' });
    expect((await api('PUT', '/settings/tasks', { reminder_offsets_minutes: [30] }, assistant.token)).status).toBe(403);
  });
});
