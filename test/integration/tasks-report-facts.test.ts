import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { medianOf, rateOf } from '@portal/shared/reports/durations';
import { partsIn } from '@portal/shared/scheduling/series-time';
import { taskSchema, type TaskDto } from '@portal/shared/tasks/task.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { enqueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { parseInput } from '../../functions/src/platform/http/validate.middleware.ts';
import { localTimeOf } from '../../functions/src/platform/reports/fact-content.ts';
import { readFacts } from '../../functions/src/platform/reports/read-facts.ts';
import { mergeByDate, mergeByValue, readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { applyChecklist, completeByAdmin, completeByUser, declineByUser, uncomplete } from '../../functions/src/tasks/completion.service.ts';
import { answerItemId } from '../../functions/src/tasks/report-fact.ts';
import { taskAnswerFacts, taskFacts } from '../../functions/src/tasks/report-refresh.ts';
import { fireEnd } from '../../functions/src/tasks/scheduled.service.ts';
import { createTask, deleteTask, updateTask } from '../../functions/src/tasks/tasks.service.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { failNextTransaction, recordQueuedJobs } from '../support/report-refresh-failure.ts';
import { byKey } from '../support/rollup-totals.ts';

/**
 * The tasks module feeds the reports kit (issue 32, decision 0087): every path that changes a task
 * refreshes its TASK fact, and each answer its person's TASKANSWER fact; the rollups read back as
 * exact figures. Most tasks are due around a Berlin midnight two days back, created and completed
 * through the services at fixed clocks (created with their start "now" at that clock, so no timer
 * is set: their end lies in the past); the two completed by their recipients' own answers (which
 * the server dates by its clock) are due three hours ahead. A content edit and a later start's job
 * refresh too; a refresh that fails is queued as a job. Nothing waits for the clock.
 */
process.env.SCHEDULER ??= 'table';

const ZONE = 'Europe/Berlin';
const PASSWORD = 'Report-Pass-1!';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DIMENSIONS = ['ALL', 'TEMPLATE', 'ACTIVITY', 'CHECK'] as const;

describe('tasks: report facts (decision 0087)', () => {
  let orgId: string;
  let adminId: string;
  let token: string;
  const staff: string[] = [];
  /** A Berlin midnight two days back: day D before it, D1 after it; F the day three hours ahead. */
  let midnight: number;
  let dayD: string;
  let dayD1: string;
  let dayF: string;
  let templateId: string;
  let activityId: string;
  /** Every job put on the tasks queue, before the in-process queue takes it. */
  const queue = recordQueuedJobs();

  const api = (module: 'tasks' | 'shifts', method: string, path: string, body?: unknown) => callApi(module, method, `/api/organizations/${orgId}${path}`, { token, body });
  const at = (ms: number) => new Date(midnight + ms);

  interface TaskSpec {
    start: number;
    end: number;
    users: string[];
    activity?: boolean;
    template?: boolean;
    checklist?: string[];
  }
  function inputOf({ start, end, users, activity, template, checklist = [] }: TaskSpec) {
    return {
      content: { title: { text: 'Close the store' }, body: { text: '' }, checklist: checklist.map((title, i) => ({ id: `item-${i + 1}`, title: { text: title } })) },
      recipient_groups: [{ group_number: 0, recipients: [...users.map((id) => ({ id, type: 'user' })), ...(activity ? [{ id: activityId, type: 'shift_activity_type' }] : [])] }],
      config: { closure_criteria: 'one', reminders_enabled: false, start: partsIn(new Date(start), ZONE), end: partsIn(new Date(end), ZONE), recurring: null },
      meta: { template_id: template ? templateId : null, trigger_id: null },
    };
  }
  /** Created through the service with its start "now" at `spec.start` (delivered at once), the delivery queue drained. */
  async function create(spec: TaskSpec): Promise<TaskDto> {
    const task = await createTask(orgId, adminId, await parseInput(taskSchema, inputOf(spec)), new Date(spec.start));
    await localDeliveryQueue().idle();
    return task;
  }
  const tick = (task: TaskDto, items: Array<[number, boolean]>, when: number) =>
    applyChecklist(orgId, task.id, adminId, items.map(([n, is_checked]) => ({ id: `item-${n}`, is_checked })), new Date(when), { byRecipient: false });

  const rows = (dimension: string, kind = 'TASK') => readRollups({ orgId, kind, dimension, from: dayD, to: dayF });
  const everyDimension = async () => Object.fromEntries(await Promise.all([...DIMENSIONS.map(async (d) => [d, await rows(d)] as const), ['PERSON', await rows('PERSON', 'TASKANSWER')] as const]));

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@task-report-facts.test`;
    adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Task Report Market', timeZone: ZONE, owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    for (let i = 0; i < 4; i++) {
      const userId = `staff-${i}-${randomUUID().slice(0, 6)}`;
      await insertUser({ orgId, userId, email: `${userId}@task-report-facts.test`, firstname: 'Staff', lastname: String(i), type: 'normal', accessLevel: 'employee' });
      staff.push(userId);
    }
    const day = dayIn(ZONE, new Date(Date.now() - 2 * 24 * HOUR));
    midnight = Date.parse(day.end);
    dayD = day.date;
    dayD1 = dayIn(ZONE, new Date(midnight + 1)).date;
    const activity = await api('shifts', 'POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' });
    expect(activity.status, JSON.stringify(activity.body)).toBe(201);
    activityId = (activity.body as { id: string }).id;
    const template = await api('tasks', 'POST', '/task-templates', { task: { content: { title: { text: 'Close' }, body: { text: '' }, checklist: [] }, recipient_groups: [] } });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    templateId = (template.body as { id: string }).id;
  });

  it('gives exact counts, rates and median lateness by due day, template, activity, checklist item and person; repeats change nothing', async () => {
    const [a, b, c, d] = staff as [string, string, string, string];
    const from = -3 * HOUR;

    // Due on day D (before the midnight), all created three hours before it.
    // T1: completed by an admin 90 s late. T2: 1 s before its due time, an activity named.
    const t1 = await create({ start: midnight + from, end: midnight - 2 * HOUR, users: [a], template: true });
    const t2 = await create({ start: midnight + from, end: midnight - HOUR, users: [a], activity: true, template: true });
    expect((await completeByAdmin(orgId, t1.id, adminId, at(-2 * HOUR + 90_000))).completedAt).toBe(at(-2 * HOUR + 90_000).toISOString());
    await completeByAdmin(orgId, t2.id, adminId, at(-HOUR - 1000));
    // T3: both recipients decline before its due time: all declined, and so overdue.
    const t3 = await create({ start: midnight + from, end: midnight - 150 * MINUTE, users: [a, b] });
    expect(await declineByUser(orgId, t3.id, a, at(-165 * MINUTE))).toBe('counted');
    expect(await declineByUser(orgId, t3.id, b, at(-160 * MINUTE))).toBe('counted');
    // T4: left open past its due time; its end fires (and again: nothing more).
    const t4 = await create({ start: midnight + from, end: midnight - 30 * MINUTE, users: [c], activity: true });
    await fireEnd(orgId, t4.id, t4.end_at, at(-30 * MINUTE + 1000));
    // T5: a checklist: Lights ticked in time; Till ticked, unticked, ticked again after the due
    // time; Door last, 40 min late, which completes it late. T6: Lights ticked in time completes it.
    const t5 = await create({ start: midnight + from, end: midnight - HOUR, users: [d], checklist: ['Lights', 'Till', 'Door'] });
    await tick(t5, [[1, true], [2, true]], midnight - 2 * HOUR);
    await tick(t5, [[2, false]], midnight - 90 * MINUTE);
    await tick(t5, [[2, true]], midnight - 30 * MINUTE);
    expect((await tick(t5, [[3, true]], midnight - 20 * MINUTE)).completedAt).toBe(at(-20 * MINUTE).toISOString());
    const t6 = await create({ start: midnight + from, end: midnight - HOUR, users: [d], checklist: ['Lights'], template: true });
    expect((await tick(t6, [[1, true]], midnight - 2 * HOUR)).completedAt).toBe(at(-2 * HOUR).toISOString());
    // T7: declined by its one recipient (day D), then edited as a whole: due 01:00 on D1, delivered anew, open.
    const t7 = await create({ start: midnight + from, end: midnight - 2 * HOUR, users: [d] });
    expect(await declineByUser(orgId, t7.id, d, at(-150 * MINUTE))).toBe('counted');
    const edited = await updateTask(orgId, t7.id, inputOf({ start: midnight - 90 * MINUTE, end: midnight + HOUR, users: [d] }), adminId, at(-90 * MINUTE));
    expect(edited).toMatchObject({ end_at: at(HOUR).toISOString(), declined_count: 0, recipient_count: 1 });
    await localDeliveryQueue().idle();
    // T8: completed in time, then deleted: it stays in the figures.
    const t8 = await create({ start: midnight + from, end: midnight - 2 * HOUR, users: [a] });
    await completeByAdmin(orgId, t8.id, adminId, at(-2 * HOUR - MINUTE));
    await deleteTask(orgId, t8.id, 'one');

    // Due three hours ahead (day F): completed by its recipient's own answer, in time; and one
    // completed by its recipient and undone by an admin, not due yet: it counts nothing.
    const now = Date.now();
    const ahead = { start: Math.floor(now / MINUTE) * MINUTE, end: Math.floor(now / MINUTE) * MINUTE + 3 * HOUR };
    dayF = localTimeOf(new Date(ahead.end).toISOString(), ZONE).localDate;
    const t9 = await create({ ...ahead, users: [b] });
    expect(await completeByUser(orgId, t9.id, b, new Date())).toBe('counted');
    const t10 = await create({ ...ahead, users: [c] });
    expect(await completeByUser(orgId, t10.id, c, new Date())).toBe('counted');
    expect((await uncomplete(orgId, t10.id, new Date())).completedAt).toBeUndefined();
    await localDeliveryQueue().idle();

    const [all] = mergeByValue(await rows('ALL'));
    expect(all!.counters).toEqual({ n: 9, ontime: 4, late: 2, overdue: 5, decl: 1 });
    expect(all!.durations).toEqual({ 90_000: 1, 2_400_000: 1 });
    expect(medianOf(all!.durations)).toBe(1_245_000);
    expect(rateOf(all!.counters.ontime!, all!.counters.n!)).toBe(4 / 9);

    expect(byKey(mergeByDate(await rows('ALL')))).toEqual({
      [dayD]: { n: 7, ontime: 3, late: 2, overdue: 4, decl: 1, durations: { 90_000: 1, 2_400_000: 1 } },
      [dayD1]: { n: 1, overdue: 1, durations: {} },
      [dayF]: { n: 1, ontime: 1, durations: {} },
    });
    expect(byKey(mergeByValue(await rows('TEMPLATE')))).toEqual({
      [templateId]: { n: 3, ontime: 2, late: 1, overdue: 1, durations: { 90_000: 1 } },
      '-': { n: 6, ontime: 2, late: 1, overdue: 4, decl: 1, durations: { 2_400_000: 1 } },
    });
    expect(byKey(mergeByValue(await rows('ACTIVITY')))).toEqual({ [activityId]: { n: 2, ontime: 1, overdue: 1, durations: {} } });
    expect(byKey(mergeByValue(await rows('CHECK')))).toEqual({
      Lights: { n: 2, durations: {} },
      Till: { n: 1, unt: 1, durations: {} },
      Door: { n: 1, unt: 1, durations: {} },
    });
    // By person: a's and b's declines of T3, b's completion of T9 in time; c's undone completion and
    // d's decline of T7's first delivery taken back.
    expect(byKey(mergeByValue(await rows('PERSON', 'TASKANSWER')))).toEqual({
      [a]: { decl: 1, durations: {} },
      [b]: { decl: 1, done: 1, ontime: 1, durations: {} },
    });
    expect(byKey(mergeByDate(await rows('PERSON', 'TASKANSWER')))).toEqual({
      [dayD]: { decl: 2, durations: {} },
      [dayF]: { done: 1, ontime: 1, durations: {} },
    });

    // Refreshes run again, the end fired again, a refresh job run: nothing moves; the deleted task's facts stay.
    const before = await everyDimension();
    for (const task of [t1, t2, t3, t4, t5, t6, t7, t9, t10]) expect(await taskFacts.now(orgId, task.id)).toBe('unchanged');
    for (const [task, user] of [[t3, a], [t3, b], [t7, d], [t9, b], [t10, c]] as const) expect(await taskAnswerFacts.now(orgId, answerItemId(task.id, user))).toBe('unchanged');
    expect(await taskFacts.now(orgId, t8.id)).toBe('gone');
    await fireEnd(orgId, t4.id, t4.end_at, at(-30 * MINUTE + 2000));
    await enqueueJob(orgId, 'tasks', 'report.refresh:TASK', { itemId: t5.id });
    await localDeliveryQueue().idle();
    expect(localDeliveryQueue().deadLetters).toEqual([]);
    expect(await everyDimension()).toEqual(before);
  }, 120_000);

  it('queues a report.refresh:TASK job when the refresh fails where the task changed, and the job brings the fact up to date', async () => {
    const [a] = staff as string[];
    // The first refresh transaction fails (the table throttled, say); the path itself succeeds.
    const transaction = failNextTransaction();
    const task = await create({ start: midnight + 2 * HOUR, end: midnight + 3 * HOUR, users: [a!] });
    vi.restoreAllMocks();
    await localDeliveryQueue().idle();

    expect(transaction.failed()).toBe(true);
    expect(queue.jobs.filter((job) => job.kind === 'report.refresh:TASK' && (job.payload as { itemId: string }).itemId === task.id)).toEqual([{ orgId, module: 'tasks', kind: 'report.refresh:TASK', payload: { itemId: task.id } }]);
    expect(localDeliveryQueue().deadLetters).toEqual([]);
    expect(await taskFacts.now(orgId, task.id)).toBe('unchanged');
    // Open past its due time (03:00 on D1): due and overdue there.
    const [day] = mergeByDate(await readRollups({ orgId, kind: 'TASK', dimension: 'ALL', from: dayD1, to: dayD1 }));
    expect(day?.counters).toEqual({ n: 2, overdue: 2 });
  });

  it('refreshes on a content edit (a checklist item renamed) and at a later start delivered by its job', async () => {
    const [a] = staff as string[];
    // 04:00 on D1: one due at 05:00 with a checklist item, one starting at 04:30 (its moment has
    // passed, so the start is queued as a task.start job, which delivers it).
    const mop = await create({ start: midnight + 4 * HOUR, end: midnight + 5 * HOUR, users: [a!], checklist: ['Mop'] });
    const later = await createTask(orgId, adminId, await parseInput(taskSchema, inputOf({ start: midnight + 270 * MINUTE, end: midnight + 6 * HOUR, users: [a!] })), at(4 * HOUR));
    await localDeliveryQueue().idle();
    const check = () => readRollups({ orgId, kind: 'TASK', dimension: 'CHECK', from: dayD1, to: dayD1 });
    expect(byKey(mergeByValue(await check()))).toEqual({ Mop: { n: 1, unt: 1, durations: {} } });

    const content = { title: { text: 'Close the store' }, body: { text: '' }, checklist: [{ id: 'item-1', title: { text: 'Mop floor' } }] };
    expect((await updateTask(orgId, mop.id, { content }, adminId, at(5 * HOUR + MINUTE))).content.checklist).toEqual([{ id: 'item-1', title: { text: 'Mop floor' }, is_checked: false, is_deleted: false }]);
    expect(byKey(mergeByValue(await check()))).toEqual({ 'Mop floor': { n: 1, unt: 1, durations: {} } });

    const bounds = dayIn(ZONE, at(HOUR), dayD1);
    const { data } = await readFacts({ orgId, kind: 'TASK', start: bounds.start, end: bounds.end, limit: 50 });
    expect(data.find((fact) => fact.itemId === later.id)).toEqual({
      instant: at(6 * HOUR).toISOString(),
      itemId: later.id,
      ...localTimeOf(at(6 * HOUR).toISOString(), ZONE),
      columns: expect.objectContaining({ start_at: at(270 * MINUTE).toISOString(), status: 'overdue', recipient_count: 1, completed_count: 0 }),
    });
    const [day] = mergeByDate(await readRollups({ orgId, kind: 'TASK', dimension: 'ALL', from: dayD1, to: dayD1 }));
    expect(day?.counters).toEqual({ n: 4, overdue: 4 });
  });
});
