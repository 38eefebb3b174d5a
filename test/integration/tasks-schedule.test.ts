import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childId, occurrenceAfter, partsIn, seriesAt } from '@portal/shared/scheduling/series-time';
import { TASK_MESSAGES } from '@portal/shared/tasks/task.schema';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { InvalidInputError, UnavailableError } from '../../functions/src/platform/errors/domain-errors.ts';
import { getSchedule } from '../../functions/src/platform/scheduling/table.adapter.ts';
import { activateTask, deactivateTask } from '../../functions/src/tasks/activation.ts';
import { completeByUser } from '../../functions/src/tasks/completion.service.ts';
import { handler as scheduledHandler } from '../../functions/src/tasks/scheduled.handler.ts';
import { runStartJob } from '../../functions/src/tasks/scheduled.service.ts';
import { replaceSettings } from '../../functions/src/audit/public.ts';
import { taskSettings } from '../../functions/src/tasks/task-settings.entity.ts';
import { endSchedules, remindSchedules, startSchedules } from '../../functions/src/tasks/task-schedules.ts';
import { readRecipientRows, writeRecipientRows } from '../../functions/src/tasks/recipients.repository.ts';
import { getTask, markDelivered } from '../../functions/src/tasks/tasks.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { BERLIN, berlinIn, firingOf, taskItem, taskOrganization, watches, type Watch } from '../support/task-fixture.ts';
import { asApiFunction, useLocalQueue } from '../support/api-function.ts';
import { waitFor } from '../support/wait-for.ts';
import { SETUP_ACTOR } from '../support/owner.ts';

/**
 * Task scheduling (issue 14, decision 0029) against DynamoDB Local, the broker and the table
 * scheduler: activation's plan and schedules, a series across Berlin's spring-forward change
 * through the series kit, reminders once per offset, and the creator's overdue note once. Firings
 * are handed to the tasks scheduled function as the scheduler delivers them (a series months ahead
 * cannot be waited for).
 */
process.env.SCHEDULER ??= 'table';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InvalidInputError) return error.errors;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('tasks: activation, series, reminders and overdue', () => {
  const kit = watches();
  let orgId: string;
  let creator: string;
  let users: string[];
  const watched = new Map<string, Watch>();
  const watch = (userId: string) => watched.get(userId)!;

  beforeAll(async () => {
    ({ orgId, creator, users } = await taskOrganization('Task Scheduling Market', 3));
    for (const userId of [...users, creator]) watched.set(userId, await kit.watchOf(orgId, userId));
    await replaceSettings(orgId, SETUP_ACTOR, 'tasks', taskSettings, { reminder_offsets_minutes: [60, 30], notify_creator_when_overdue: true });
  });

  afterAll(async () => {
    await kit.close();
    await closeDelivery();
  });

  it('refuses a start in the past, an end before the start and a repeat end before the start, with the spec texts', async () => {
    const now = new Date();
    expect(await refusal(activateTask(taskItem(orgId, creator, users, { start: berlinIn(-5), end: berlinIn(60) }), now))).toEqual({
      'config.start': TASK_MESSAGES.startInPast,
    });
    expect(await refusal(activateTask(taskItem(orgId, creator, users, { start: berlinIn(60), end: berlinIn(30) }), now))).toEqual({
      'config.end': TASK_MESSAGES.endBeforeStart,
    });
    const start = berlinIn(24 * 60);
    const recurring = {
      range: { start: { date: start.date, offset: start.offset }, end: { date: start.date, offset: start.offset } },
      occurrence_time: { start: { time: '08:00', offset: start.offset }, end: { time: '17:00', offset: start.offset } },
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const,
    };
    expect(await refusal(activateTask(taskItem(orgId, creator, users, { start, end: berlinIn(25 * 60), recurring: { ...recurring, days: [...recurring.days] } }), now))).toEqual({
      'config.recurring.range.end': TASK_MESSAGES.repeatEndBeforeStart,
    });
  });

  it('schedules a later start with its end and reminders, delivers it when the start fires (once), and cancels all on deactivation', async () => {
    const item = taskItem(orgId, creator, users.slice(0, 2), { start: berlinIn(120), end: berlinIn(240), reminders_enabled: true });
    const stored = await activateTask(item, new Date());
    expect(stored.deliveredAt).toBeUndefined();
    const names = [startSchedules.nameOf(item.taskId), endSchedules.nameOf(item.taskId), remindSchedules.nameOf(item.taskId, '60'), remindSchedules.nameOf(item.taskId, '30')];
    expect([...stored.scheduleNames!].sort()).toEqual([...names].sort());
    const start = await getSchedule(startSchedules.nameOf(item.taskId));
    expect(start).toMatchObject({ kind: 'at', target: { module: 'tasks', type: 'task.start', orgId, id: item.taskId } });
    expect(await getSchedule(remindSchedules.nameOf(item.taskId, '60'))).toMatchObject({ target: { type: 'task.remind' }, expression: `at(${new Date(Date.parse(stored.endAt) - 3_600_000).toISOString().slice(0, 19)})` });

    const firing = firingOf(orgId, 'task.start', item.taskId, startSchedules.nameOf(item.taskId), stored.startAt);
    expect(await scheduledHandler(firing)).toEqual({ acted: true });
    expect(await scheduledHandler(firing)).toEqual({ acted: false });
    await localDeliveryQueue().idle();
    // The same start from another schedule (a re-created one) finds the task delivered to everyone.
    expect(await scheduledHandler({ ...firing, schedule_name: `${firing.schedule_name}-again` })).toEqual({ acted: false });
    await localDeliveryQueue().idle();
    await waitFor(() => users.slice(0, 2).map((u) => watch(u).of(item.taskId, 'task').length), (n) => n.every((c) => c === 1), 'the task on both watches');
    expect(watch(users[0]!).of(item.taskId, 'task')[0]!.data).toMatchObject({ kind: 'task', task_id: item.taskId, end: stored.endAt, closure_criteria: 'one' });
    expect(watch(users[2]!).of(item.taskId, 'task')).toEqual([]);
    expect(await getTask(orgId, item.taskId, { consistent: true })).toMatchObject({ recipientCount: 2, deliveredAt: expect.any(String) });

    await deactivateTask((await getTask(orgId, item.taskId))!);
    for (const name of names) expect(await getSchedule(name)).toBeNull();
  });

  it('finishes a start whose queueing broke off after the task was marked delivered, when the firing is retried', async () => {
    const task = await activateTask(taskItem(orgId, creator, users.slice(0, 2), { start: berlinIn(120), end: berlinIn(240) }), new Date());
    // What a start that failed at the queue leaves: the rows and the mark, nothing queued.
    const sentAt = new Date().toISOString();
    await writeRecipientRows(orgId, task.taskId, 1, users.slice(0, 2).map((userId) => ({ userId, groupNumber: 0 })), sentAt);
    expect(await markDelivered(orgId, task.taskId, { deliveredAt: sentAt, recipientCount: 2, recipientShards: 1 })).toBe(true);
    const firing = firingOf(orgId, 'task.start', task.taskId, startSchedules.nameOf(task.taskId), task.startAt);
    expect(await scheduledHandler(firing)).toEqual({ acted: true });
    await localDeliveryQueue().idle();
    await waitFor(() => users.slice(0, 2).map((u) => watch(u).of(task.taskId, 'task').length), (n) => n.every((c) => c === 1), 'the task on both watches');
    // Every row says Sent now: another retry queues nothing.
    expect(await scheduledHandler({ ...firing, schedule_name: `${firing.schedule_name}-retry` })).toEqual({ acted: false });
    await deactivateTask(task);
  });

  it('answers 503 when a start now cannot be queued, and leaves no schedule and no recipient rows', async () => {
    registerDeliveryQueueAdapter({
      kind: 'in-process',
      create: () => ({
        enqueue: async () => {
          throw new Error('queue unavailable');
        },
      }),
    });
    const item = taskItem(orgId, creator, users.slice(0, 2), { start: berlinIn(0), end: berlinIn(120), reminders_enabled: true });
    try {
      const failed = await activateTask(item, new Date()).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(UnavailableError);
      expect((failed as UnavailableError).message).toBe(TASK_MESSAGES.notCarriedOut);
    } finally {
      // The local runtime's in-process queue again (as infra/local/functions.ts registers it).
      useLocalQueue();
    }
    for (const name of [endSchedules.nameOf(item.taskId), remindSchedules.nameOf(item.taskId, '60'), remindSchedules.nameOf(item.taskId, '30')]) expect(await getSchedule(name)).toBeNull();
    expect(await readRecipientRows(orgId, item.taskId, 1)).toEqual([]);
  });

  it('queues a start that passed while the task was written as a task.start job, which delivers it once (reliability.md Open 12)', async () => {
    // Planned at a clock ten minutes back: the start lies ahead for the plan and behind for the scheduler,
    // as a start seconds ahead does after slow writes.
    const planned = new Date(Date.now() - 10 * 60_000);
    const item = taskItem(orgId, creator, users.slice(0, 2), { start: berlinIn(-2), end: berlinIn(120) });
    const { result: stored, batches, jobs } = await asApiFunction(() => activateTask(item, planned));
    expect(stored.deliveredAt).toBeUndefined();
    expect(batches).toEqual([]);
    expect(jobs).toEqual([{ orgId, module: 'tasks', kind: 'task.start', payload: { taskId: item.taskId, startAt: stored.startAt } }]);
    expect(await getSchedule(startSchedules.nameOf(item.taskId))).toBeNull();
    expect(await getSchedule(endSchedules.nameOf(item.taskId))).toMatchObject({ target: { type: 'task.end', id: item.taskId } });
    expect(await getTask(orgId, item.taskId, { consistent: true })).not.toHaveProperty('deliveredAt');

    await localDeliveryQueue().enqueueJobs(jobs);
    await localDeliveryQueue().idle();
    await waitFor(() => users.slice(0, 2).map((u) => watch(u).of(item.taskId, 'task').length), (n) => n.every((c) => c === 1), 'the task on both watches');
    expect(await getTask(orgId, item.taskId, { consistent: true })).toMatchObject({ recipientCount: 2, deliveredAt: expect.any(String) });
    // A second copy (SQS delivers at least once) finds every row Sent: nothing is sent again.
    await localDeliveryQueue().enqueueJobs(jobs);
    await localDeliveryQueue().idle();
    await new Promise((done) => setTimeout(done, 500));
    expect(users.slice(0, 2).map((u) => watch(u).of(item.taskId, 'task').length)).toEqual([1, 1]);
    await deactivateTask((await getTask(orgId, item.taskId))!);
  });

  it('refuses a task.start job payload it did not write', async () => {
    for (const payload of [null, {}, { taskId: 'x' }, { taskId: '', startAt: new Date().toISOString() }, { taskId: 'x', startAt: 'soon' }]) {
      await expect(runStartJob(orgId, payload)).rejects.toThrow('Not a task.start job payload');
    }
  });

  it("is delivered by the runtime's scheduler at its start", async () => {
    // Seconds ahead: the table scheduler fires it into the tasks scheduled function, as EventBridge would.
    const start = partsIn(new Date(Date.now() + 6_000), BERLIN, true);
    const task = await activateTask(taskItem(orgId, creator, [users[2]!], { start, end: berlinIn(60) }), new Date());
    expect(task.deliveredAt).toBeUndefined();
    await waitFor(() => watch(users[2]!).of(task.taskId, 'task').length, (n) => n === 1, 'the task at its start', 15_000);
    expect(await getTask(orgId, task.taskId, { consistent: true })).toMatchObject({ deliveredAt: expect.any(String), recipientCount: 1 });
    await deactivateTask(task);
  });

  it('runs a daily series across the spring-forward change in Europe/Berlin: one child per occurrence, 08:00 to 17:00 local', async () => {
    // The next change after today: the last Sunday of March.
    const year = new Date().getUTCMonth() < 2 ? new Date().getUTCFullYear() : new Date().getUTCFullYear() + 1;
    const sunday = new Date(Date.UTC(year, 2, 31));
    sunday.setUTCDate(31 - sunday.getUTCDay());
    const day = (shift: number) => new Date(sunday.getTime() + shift * 86_400_000).toISOString().slice(0, 10);
    const start = partsIn(new Date(`${day(-2)}T07:00:00Z`), BERLIN);
    const range = { start: { date: day(-2), offset: '+01:00' }, end: { date: day(1), offset: '+02:00' } };
    const occurrence_time = { start: { time: '08:00', offset: '+01:00' }, end: { time: '17:00', offset: '+01:00' } };
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
    const item = taskItem(orgId, creator, [users[0]!], { start, end: partsIn(new Date(`${day(-2)}T16:00:00Z`), BERLIN), recurring: { range, occurrence_time, days: [...days] } });

    const root = await activateTask(item, new Date());
    expect(root).toMatchObject({ itemType: 'task_recurring_root', timeZone: BERLIN, meta: { is_recurring_root: true }, startAt: `${day(-2)}T07:00:00.000Z`, endAt: `${day(-2)}T16:00:00.000Z` });
    expect(await getSchedule(startSchedules.nameOf(item.taskId))).toMatchObject({ kind: 'cron', time: '08:00', timeZone: BERLIN, target: { type: 'task.start', id: item.taskId } });

    // The occurrences the scheduler fires (the same rules as EventBridge's cron in the zone).
    const series = seriesAt(range, occurrence_time.start, [...days], BERLIN);
    const occurrences: Date[] = [];
    for (let at = occurrenceAfter(series, new Date()); at; at = occurrenceAfter(series, at)) occurrences.push(at);
    expect(occurrences.map((at) => at.toISOString())).toEqual([`${day(-2)}T07:00:00.000Z`, `${day(-1)}T07:00:00.000Z`, `${day(0)}T06:00:00.000Z`, `${day(1)}T06:00:00.000Z`]);

    for (const at of occurrences) {
      const firing = firingOf(orgId, 'task.start', item.taskId, startSchedules.nameOf(item.taskId), at);
      expect(await scheduledHandler(firing)).toEqual({ acted: true });
      expect(await scheduledHandler(firing)).toEqual({ acted: false });
    }
    // A firing at the old series' time (an edit's stale firing): 07:00Z is 09:00 CEST on the Sunday, no occurrence.
    expect(await scheduledHandler(firingOf(orgId, 'task.start', item.taskId, startSchedules.nameOf(item.taskId), `${day(0)}T07:00:00Z`))).toEqual({ acted: false });
    expect(await getTask(orgId, childId(item.taskId, new Date(`${day(0)}T07:00:00Z`)))).toBeNull();
    const children = await Promise.all(occurrences.map((at) => getTask(orgId, childId(item.taskId, at), { consistent: true })));
    expect(children.map((child) => [child?.startAt, child?.endAt])).toEqual([
      [`${day(-2)}T07:00:00.000Z`, `${day(-2)}T16:00:00.000Z`],
      [`${day(-1)}T07:00:00.000Z`, `${day(-1)}T16:00:00.000Z`],
      [`${day(0)}T06:00:00.000Z`, `${day(0)}T15:00:00.000Z`],
      [`${day(1)}T06:00:00.000Z`, `${day(1)}T15:00:00.000Z`],
    ]);
    expect(children[2]).toMatchObject({
      meta: { is_recurring_child: true, recurring_root_id: item.taskId },
      config: { start: { date: day(0), time: '08:00', offset: '+02:00' }, end: { date: day(0), time: '17:00', offset: '+02:00' }, recurring: null },
      recipientCount: 1,
      deliveredAt: expect.any(String),
    });
    // Each child has its own end schedule; the root left the lists when the series was over.
    expect(await getSchedule(endSchedules.nameOf(children[3]!.taskId))).toMatchObject({ target: { type: 'task.end', id: children[3]!.taskId } });
    expect((await getTask(orgId, item.taskId, { consistent: true }))?.listState).toBeUndefined();
    await waitFor(() => watch(users[0]!).inbox.filter((e) => e.type === 'task' && String(e.data.task_id).startsWith(item.taskId)).length, (n) => n === 4, 'four children on the watch', 20_000);

    await deactivateTask(root);
    for (const child of children) await deactivateTask(child!);
  });

  it("tells the creator at once about a series' child made after its end (a firing late by hours)", async () => {
    const weekAgo = partsIn(new Date(Date.now() - 7 * 86_400_000), BERLIN);
    const recurring = {
      range: { start: { date: weekAgo.date, offset: weekAgo.offset }, end: null },
      occurrence_time: { start: { time: '06:00', offset: '+00:00' }, end: { time: '07:00', offset: '+00:00' } },
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    };
    // A stored root edited as a whole ('All Occurrences'): its start may lie in the past.
    const item = taskItem(orgId, creator, [users[1]!], { start: weekAgo, end: berlinIn(-7 * 24 * 60 + 60), recurring });
    const root = await activateTask({ ...item, meta: { ...(item.meta as object), is_recurring_root: true } }, new Date());
    expect(root.itemType).toBe('task_recurring_root');
    // Two days ago's occurrence, fired only now.
    const series = seriesAt(recurring.range, recurring.occurrence_time.start, recurring.days, BERLIN);
    const late = occurrenceAfter(series, new Date(Date.now() - 3 * 86_400_000))!;
    expect(await scheduledHandler(firingOf(orgId, 'task.start', root.taskId, startSchedules.nameOf(root.taskId), late))).toEqual({ acted: true });
    const child = (await getTask(orgId, childId(root.taskId, late), { consistent: true }))!;
    expect(child).toMatchObject({ deliveredAt: expect.any(String), overdueNotifiedAt: expect.any(String) });
    await waitFor(() => watch(creator).of(child.taskId, 'task_overdue').length, (n) => n === 1, 'the overdue note of the late child', 20_000);
    await waitFor(() => watch(users[1]!).of(child.taskId, 'task').length, (n) => n === 1, 'the late child at its recipient', 20_000);
    // Its end's firing, should one still come, tells nobody again.
    expect(await scheduledHandler(firingOf(orgId, 'task.end', child.taskId, endSchedules.nameOf(child.taskId), child.endAt))).toEqual({ acted: false });
    await deactivateTask(root);
  });

  it('reminds the recipients who have not completed once per offset, even when the firing comes twice', async () => {
    // Closure all: one recipient's completion leaves the task open for the others.
    const item = taskItem(orgId, creator, users, { start: berlinIn(0), end: berlinIn(90), reminders_enabled: true, closure_criteria: 'all' });
    const task = await activateTask(item, new Date());
    expect(task.deliveredAt).toEqual(expect.any(String));
    await localDeliveryQueue().idle();
    expect(await completeByUser(orgId, item.taskId, users[0]!, new Date())).toBe('counted');

    const at = new Date(Date.parse(task.endAt) - 60 * 60_000);
    const firing = firingOf(orgId, 'task.remind', item.taskId, remindSchedules.nameOf(item.taskId, '60'), at);
    expect(await scheduledHandler(firing)).toEqual({ acted: true });
    expect(await scheduledHandler(firing)).toEqual({ acted: false });
    // The same reminder from another schedule (a re-created one): the task row says it was sent.
    expect(await scheduledHandler({ ...firing, schedule_name: `${firing.schedule_name}-again` })).toEqual({ acted: false });
    await waitFor(() => users.slice(1).map((u) => watch(u).of(item.taskId, 'task_reminder').length), (n) => n.every((c) => c === 1), 'one reminder each');
    // A moment for anything late to arrive, then count again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(users.map((u) => watch(u).of(item.taskId, 'task_reminder').length)).toEqual([0, 1, 1]);
    expect(watch(users[1]!).of(item.taskId, 'task_reminder')[0]!.data).toEqual({ kind: 'task', task_id: item.taskId, title: (item.content as { title: { text: string } }).title.text, end: task.endAt });
    expect((await getTask(orgId, item.taskId, { consistent: true }))?.remindedOffsets).toEqual([60]);
    await deactivateTask(task);
  });

  it('tells the creator once when an unfinished task turns overdue, and nobody for a completed one', async () => {
    const open = await activateTask(taskItem(orgId, creator, users.slice(0, 2), { start: berlinIn(0), end: berlinIn(30) }), new Date());
    const done = await activateTask(taskItem(orgId, creator, users.slice(0, 1), { start: berlinIn(0), end: berlinIn(30) }), new Date());
    await localDeliveryQueue().idle();
    expect(await completeByUser(orgId, done.taskId, users[0]!, new Date())).toBe('counted');

    const end = (task: typeof open) => firingOf(orgId, 'task.end', task.taskId, endSchedules.nameOf(task.taskId), task.endAt);
    expect(await scheduledHandler(end(open))).toEqual({ acted: true });
    expect(await scheduledHandler(end(open))).toEqual({ acted: false });
    expect(await scheduledHandler({ ...end(open), schedule_name: 'taske-recreated' })).toEqual({ acted: false });
    expect(await scheduledHandler(end(done))).toEqual({ acted: false });
    await waitFor(() => watch(creator).of(open.taskId, 'task_overdue').length, (n) => n === 1, 'the overdue note');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watch(creator).of(open.taskId, 'task_overdue')).toHaveLength(1);
    expect(watch(creator).of(done.taskId, 'task_overdue')).toHaveLength(0);
    expect(watch(users[0]!).of(open.taskId, 'task_overdue')).toHaveLength(0);

    // Switched off in /settings/tasks: nobody is told.
    await replaceSettings(orgId, SETUP_ACTOR, 'tasks', taskSettings, { reminder_offsets_minutes: [60], notify_creator_when_overdue: false });
    const quiet = await activateTask(taskItem(orgId, creator, users.slice(0, 1), { start: berlinIn(0), end: berlinIn(30) }), new Date());
    expect(await scheduledHandler(end(quiet))).toEqual({ acted: false });
    await replaceSettings(orgId, SETUP_ACTOR, 'tasks', taskSettings, { reminder_offsets_minutes: [60, 30], notify_creator_when_overdue: true });
    for (const task of [open, done, quiet]) await deactivateTask(task);
  });
});
