import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { activateTask, deactivateTask } from '../../functions/src/tasks/activation.ts';
import { readRecipientRows } from '../../functions/src/tasks/recipients.repository.ts';
import type { TaskItem } from '../../functions/src/tasks/task.entity.ts';
import { getTask } from '../../functions/src/tasks/tasks.repository.ts';
import { getTaskStatus, updateTask } from '../../functions/src/tasks/tasks.service.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { berlinIn, publishEvent, taskItem, taskOrganization, watches, type Watch } from '../support/task-fixture.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Tasks on the watches (issue 14, decision 0029) against DynamoDB Local and the broker: the task
 * arrives at its start, and the watch's events (docs/device-protocol.md §5) come back through the
 * tasks uplink function as the watch emulator publishes them: completions under closure all,
 * replays that count once, checklist ticks that update the task and the other watches at once.
 */
process.env.SCHEDULER ??= 'table';

describe('tasks: the watch delivers, completes, declines and ticks', () => {
  const kit = watches();
  let orgId: string;
  let creator: string;
  let users: string[];
  const watched = new Map<string, Watch>();
  const watch = (userId: string) => watched.get(userId)!;
  const started: TaskItem[] = [];

  /** A task starting now, delivered to `recipients`' watches. */
  const startTask = async (recipients: string[], config: { closure_criteria?: 'one' | 'all' } = {}, checklist: string[] = []) => {
    const task = await activateTask(taskItem(orgId, creator, recipients, { start: berlinIn(0), end: berlinIn(120), ...config }, checklist), new Date());
    started.push(task);
    await localDeliveryQueue().idle();
    await waitFor(() => recipients.every((u) => watch(u).of(task.taskId, 'task').length === 1), Boolean, 'the task on every watch');
    return task;
  };
  const stored = async (taskId: string) => (await getTask(orgId, taskId, { consistent: true }))!;

  beforeAll(async () => {
    ({ orgId, creator, users } = await taskOrganization('Task Devices Market', 4));
    for (const userId of users) watched.set(userId, await kit.watchOf(orgId, userId));
  });

  afterAll(async () => {
    for (const task of started) await deactivateTask(task);
    await kit.close();
    await closeDelivery();
  });

  it('sends the task with its checklist and end, and records received and read once each', async () => {
    const task = await startTask([users[0]!], {}, ['Unlock the doors', 'Count the till']);
    expect(watch(users[0]!).of(task.taskId, 'task')[0]!.data).toMatchObject({
      kind: 'task',
      task_id: task.taskId,
      end: task.endAt,
      checklist: [
        { id: 'item-1', title: 'Unlock the doors', is_checked: false },
        { id: 'item-2', title: 'Count the till', is_checked: false },
      ],
    });
    const read = randomUUID();
    // A watch clock ahead of ours does not date the receipt into the future.
    const before = new Date().toISOString();
    expect(await publishEvent(orgId, users[0]!, 'event', { task_id: task.taskId, event: 'received', at: new Date(Date.now() + 3_600_000).toISOString() })).toEqual({ outcome: 'recorded' });
    expect(await publishEvent(orgId, users[0]!, 'event', { task_id: task.taskId, event: 'read' }, read)).toEqual({ outcome: 'recorded' });
    expect(await publishEvent(orgId, users[0]!, 'event', { task_id: task.taskId, event: 'read' }, read)).toEqual({ outcome: 'duplicate' });
    const [row] = (await readRecipientRows(orgId, task.taskId, task.recipientShards!)).filter((r) => r.row === 'USER');
    expect(row).toMatchObject({ userId: users[0], receivedAt: expect.any(String), readAt: expect.any(String) });
    expect(row!.receivedAt! >= before && row!.receivedAt! <= new Date().toISOString()).toBe(true);
    // Someone who is no recipient is ignored, also when the message names a recipient: the topic says who it is.
    expect(await publishEvent(orgId, users[3]!, 'completed', { task_id: task.taskId, user_id: users[0] })).toEqual({ outcome: 'ignored' });
    expect((await stored(task.taskId)).completedCount).toBe(0);
  });

  it('completes a closure-all task when the third of three recipients completes on the watch', async () => {
    const three = users.slice(0, 3);
    const task = await startTask(three, { closure_criteria: 'all' });
    expect(await publishEvent(orgId, three[0]!, 'completed', { task_id: task.taskId })).toEqual({ outcome: 'recorded' });
    expect(await publishEvent(orgId, three[1]!, 'completed', { task_id: task.taskId })).toEqual({ outcome: 'recorded' });
    expect(await stored(task.taskId)).toMatchObject({ completedCount: 2, recipientCount: 3 });
    expect((await stored(task.taskId)).completedAt).toBeUndefined();
    expect(await publishEvent(orgId, three[2]!, 'completed', { task_id: task.taskId })).toEqual({ outcome: 'recorded' });
    expect(await stored(task.taskId)).toMatchObject({ completedCount: 3, completedAt: expect.any(String) });
    const rows = (await readRecipientRows(orgId, task.taskId, task.recipientShards!)).filter((r) => r.row === 'USER');
    expect(rows.map((r) => [r.userId, !!r.completedAt]).sort()).toEqual(three.map((u) => [u, true]).sort());
    // Done: a later answer does not count.
    expect(await publishEvent(orgId, three[0]!, 'declined', { task_id: task.taskId })).toEqual({ outcome: 'duplicate' });
  });

  it('shows an all_declined task again on a watch when it is edited as a whole and sent again', async () => {
    const [ann, bob] = [users[0]!, users[1]!];
    const task = await startTask([ann, bob]);
    expect(await publishEvent(orgId, ann, 'declined', { task_id: task.taskId })).toEqual({ outcome: 'recorded' });
    expect(await publishEvent(orgId, bob, 'declined', { task_id: task.taskId })).toEqual({ outcome: 'recorded' });
    const first = watch(ann).of(task.taskId, 'task');
    const body = { content: { title: { text: 'Cover the till again' } }, recipient_groups: [{ group_number: 0, recipients: [{ id: ann, type: 'user' }] }], config: { start: berlinIn(0), end: berlinIn(60) } };
    expect(await updateTask(orgId, task.taskId, body, creator)).toMatchObject({ data: { status: 'ongoing' }, declined_count: 0 });
    await localDeliveryQueue().idle();
    // A new delivery is a new envelope id: the watch that dropped repeats of the first shows this one.
    const both = await waitFor(() => watch(ann).of(task.taskId, 'task'), (seen) => seen.length === 2, 'the task delivered again');
    expect(both[1]!.id).not.toBe(first[0]!.id);
    expect(both[1]!.data.title).toBe('Cover the till again');
  });

  it('counts a completion replayed three times once', async () => {
    const task = await startTask(users.slice(0, 2), { closure_criteria: 'all' });
    const envelopeId = randomUUID();
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await publishEvent(orgId, users[0]!, 'completed', { task_id: task.taskId }, envelopeId)).outcome);
    expect(outcomes).toEqual(['recorded', 'duplicate', 'duplicate']);
    // Three replays at once count once too.
    const second = randomUUID();
    const together = await Promise.all([0, 1, 2].map(() => publishEvent(orgId, users[1]!, 'declined', { task_id: task.taskId }, second)));
    expect(together.map((o) => o.outcome).sort()).toEqual(['duplicate', 'duplicate', 'recorded']);
    expect(await stored(task.taskId)).toMatchObject({ completedCount: 1, declinedCount: 1 });
    expect((await stored(task.taskId)).completedAt).toBeUndefined();
  });

  it('takes checklist ticks from a watch at once: the task row holds them, the other watch gets task_update, the last tick completes it', async () => {
    const [ticker, other] = [users[0]!, users[1]!];
    const task = await startTask([ticker, other], {}, ['Fill the fridge', 'Sweep the floor', 'Return the bottles']);
    const tick = randomUUID();
    const ticks = [
      { id: 'item-1', is_checked: true },
      { id: 'item-2', is_checked: true },
    ];
    expect(await publishEvent(orgId, ticker, 'checklist', { task_id: task.taskId, items: ticks }, tick)).toEqual({ outcome: 'recorded' });
    const after = await stored(task.taskId);
    expect(after.checklistState).toMatchObject({ 'item-1': { is_checked: true, user_id: ticker }, 'item-2': { is_checked: true, user_id: ticker } });
    expect(after.completedAt).toBeUndefined();
    // The status record the portal's details pane reads, at once.
    const status = await getTaskStatus(orgId, task.taskId, { userId: creator, employeeOnly: false });
    expect(status.checklist_items.map((i) => [i.id, i.is_checked, i.user_id])).toEqual([
      ['item-1', true, ticker],
      ['item-2', true, ticker],
      ['item-3', false, null],
    ]);
    const update = await waitFor(() => watch(other).of(task.taskId, 'task_update'), (u) => u.length === 1, 'the update on the other watch');
    expect(update[0]!.data.checklist).toEqual([
      { id: 'item-1', title: 'Fill the fridge', is_checked: true },
      { id: 'item-2', title: 'Sweep the floor', is_checked: true },
      { id: 'item-3', title: 'Return the bottles', is_checked: false },
    ]);

    // An untick, then the first envelope replayed: the replay changes nothing.
    expect(await publishEvent(orgId, ticker, 'checklist', { task_id: task.taskId, items: [{ id: 'item-2', is_checked: false }] })).toEqual({ outcome: 'recorded' });
    expect(await publishEvent(orgId, ticker, 'checklist', { task_id: task.taskId, items: ticks }, tick)).toEqual({ outcome: 'duplicate' });
    expect((await stored(task.taskId)).checklistState).toMatchObject({ 'item-2': { is_checked: false } });
    // An item the checklist does not hold is refused, and nothing changes.
    expect(await publishEvent(orgId, ticker, 'checklist', { task_id: task.taskId, items: [{ id: 'item-9', is_checked: true }] })).toEqual({ outcome: 'ignored' });

    expect(
      await publishEvent(orgId, other, 'checklist', {
        task_id: task.taskId,
        items: [
          { id: 'item-2', is_checked: true },
          { id: 'item-3', is_checked: true },
        ],
      }),
    ).toEqual({ outcome: 'recorded' });
    expect(await stored(task.taskId)).toMatchObject({ completedAt: expect.any(String), checklistState: { 'item-3': { is_checked: true, user_id: other } } });
    // Both watches hear that it is done: nobody of them had completed it on their own.
    await waitFor(() => [ticker, other].map((u) => watch(u).of(task.taskId, 'task_closed').length), (n) => n.every((c) => c === 1), 'task_closed on both watches');
    expect(watch(ticker).of(task.taskId, 'task_closed')[0]!.data).toEqual({ kind: 'task', task_id: task.taskId, reason: 'completed' });
  });
});
