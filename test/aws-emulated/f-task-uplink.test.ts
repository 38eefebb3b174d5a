import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardTasksDto } from '@portal/shared/dashboard/dashboard.schema';
import { partsIn } from '@portal/shared/scheduling/series-time';
import type { TaskDto } from '@portal/shared/tasks/task.schema';
import { waitFor } from '../support/wait-for.ts';
import { api, closeWatches, harnessReport, organizationWithStaff, type StaffMember } from '../support/aws-emulated/portal-client.ts';

/**
 * (f) Tasks on the emulated stack. One starts a few seconds ahead: the tasks API function creates its
 * `task.start` schedule (EventBridge Scheduler, fired late within the minute as AWS may), whose firing
 * invokes the tasks scheduled function as the scheduler's role; that queues the task, and the tasks
 * delivery function publishes it to the watch. The watch completes it through the task rule's SQL to
 * the tasks uplink function. Another, delivered at once to two people and ending 75 s ahead with a
 * reminder one minute before its end, reminds only the one who has not completed (a `task.remind`
 * schedule). Both wait on the scheduler side by side; the dashboard then reads the day's tasks.
 */
const PASSWORD = 'Emulated-Task-1!';
const ZONE = 'Europe/Berlin';
/** The scheduler may fire up to a minute late, then the queue and the delivery function run. */
const SCHEDULER_SLACK_MS = 60_000 + 30_000;
const at = (msFromNow: number) => partsIn(new Date(Date.now() + msFromNow), ZONE, true);

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Task Market', ['Ann', 'Bob'], PASSWORD));
});

afterAll(async () => {
  await closeWatches(staff);
  expect((await harnessReport()).refused).toEqual([]);
});

const orgPath = (path: string) => `/organizations/${orgId}${path}`;
const about = (person: StaffMember, taskId: string, type: string) => () => person.watch.inbox.filter((e) => e.type === type && e.data.task_id === taskId);
const users = (...people: StaffMember[]) => [{ group_number: 0, recipients: people.map((p) => ({ id: p.userId, type: 'user' })) }];

describe('tasks on the emulated stack', () => {
  it('delivers a task at its start through the scheduler, completes it from the watch, and reminds who has not completed', { timeout: 180_000 }, async () => {
    const [ann, bob] = staff as [StaffMember, StaffMember];
    const settings = await api(owner, 'PUT', orgPath('/settings/tasks'), { reminder_offsets_minutes: [1], notify_creator_when_overdue: false });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    // Far enough ahead that the schedule is created before its moment (else it is delivered at once).
    const later = await api<TaskDto>(owner, 'POST', orgPath('/tasks'), {
      content: { title: { text: 'Open the doors' }, body: { text: 'Front and back' }, checklist: [] },
      recipient_groups: users(ann),
      config: { closure_criteria: 'one', reminders_enabled: false, start: at(8_000), end: at(2 * 3_600_000), recurring: null },
    });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.data.status).toBe('scheduled');
    const reminded = await api<TaskDto>(owner, 'POST', orgPath('/tasks'), {
      content: { title: { text: 'Count the till' }, body: { text: 'Both of you' }, checklist: [] },
      recipient_groups: users(ann, bob),
      config: { closure_criteria: 'all', reminders_enabled: true, start: at(0), end: at(75_000), recurring: null },
    });
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(201);
    const [laterId, remindedId] = [later.body.id, reminded.body.id];
    const startAt = Date.parse(later.body.start_at);
    const remindAt = Date.parse(reminded.body.end_at) - 60_000;
    expect(about(ann, laterId, 'task')()).toEqual([]);

    // Delivered at once to both; Ann completes it before the reminder's moment.
    for (const person of [ann, bob]) await waitFor(about(person, remindedId, 'task'), (m) => m.length > 0, `the task on ${person.userId}'s watch`, 20_000);
    await ann.watch.send({ kind: 'task', task_id: remindedId, at: new Date().toISOString() }, 'completed');
    const status = async (id: string) => (await api<TaskDto>(owner, 'GET', orgPath(`/tasks/${id}`))).body;
    await waitFor(() => status(remindedId), (t) => t.completed_count === 1, "Ann's completion stored", 10_000);
    expect(Date.now()).toBeLessThan(remindAt);

    const [[delivered], [reminder]] = await Promise.all([
      waitFor(about(ann, laterId, 'task'), (m) => m.length > 0, 'the task on its start', startAt - Date.now() + SCHEDULER_SLACK_MS),
      waitFor(about(bob, remindedId, 'task_reminder'), (m) => m.length > 0, "the reminder on Bob's watch", remindAt - Date.now() + SCHEDULER_SLACK_MS),
    ]);
    expect(delivered!.data).toMatchObject({ kind: 'task', task_id: laterId, title: 'Open the doors', end: later.body.end_at });
    expect(reminder!.data).toMatchObject({ kind: 'task', task_id: remindedId, title: 'Count the till', end: reminded.body.end_at });
    // One job reminded everyone open; Ann had completed, so none is on her way.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(about(ann, remindedId, 'task_reminder')()).toEqual([]);

    await ann.watch.send({ kind: 'task', task_id: laterId, at: new Date().toISOString() }, 'completed');
    const done = await waitFor(() => status(laterId), (t) => t.data.status === 'completed', 'the task completed from the watch', 10_000);
    expect(done).toMatchObject({ recipient_count: 1, completed_count: 1, completed_time: expect.any(String) });

    const dashboard = await api<DashboardTasksDto>(owner, 'GET', orgPath('/dashboard/tasks'));
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    const panel = Object.fromEntries(dashboard.body.items.map((t) => [t.id, [t.status, t.completed_count, t.recipient_count]]));
    // The reminded task's end (75 s after its start) may have passed by now: overdue by the clock.
    expect(panel).toEqual({ [laterId]: ['completed', 1, 1], [remindedId]: [expect.stringMatching(/^(ongoing|overdue)$/), 1, 2] });
  });
});
