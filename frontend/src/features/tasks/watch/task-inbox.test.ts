import { describe, expect, it } from 'vitest';
import { createEnvelope, type Envelope } from '@portal/shared/devices/topics';
import { applyTaskEnvelope, formatDue, markTaskAnswered, PENDING_TICK_MS, taskView, tickItems } from './task-inbox.ts';
import { receiptEnvelope } from '../../../watch/watch-events.ts';
import { applyEnvelope, markRead, type WatchMessage } from '../../../watch/watch-inbox.ts';

const at = new Date('2026-05-01T06:00:00.000Z');
const end = '2026-05-01T18:00:00.000Z';
const item = (id: string, is_checked = false) => ({ id, title: `Item ${id}`, is_checked });
const taskData = (extra: Record<string, unknown> = {}) => ({
  kind: 'task',
  task_id: 't1',
  title: 'Opening checklist',
  body: 'Before 8',
  checklist: [item('c1'), item('c2'), item('c3')],
  closure_criteria: 'one',
  start: at.toISOString(),
  end,
  ...extra,
});
const task = (envelopeId = 'e1', extra: Record<string, unknown> = {}) => createEnvelope('task', taskData(extra), envelopeId, at);
const update = (envelopeId: string, extra: Record<string, unknown>) => createEnvelope('task_update', taskData(extra), envelopeId, at);
const closed = (reason: string, id = 't1') => createEnvelope('task_closed', { kind: 'task', task_id: id, reason }, `c-${reason}`, at);
const inbox = (...envelopes: Envelope[]) => envelopes.reduce<WatchMessage[]>((list, e) => applyEnvelope(list, e), []);
const viewOf = (list: WatchMessage[]) => taskView(list.find((m) => m.kind === 'task')!.task!);

describe('watch inbox: tasks', () => {
  it('reads a task into a card with its end and checklist; open, Complete once every item is ticked', () => {
    const list = inbox(task());
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'task',
        messageId: 't1',
        title: 'Opening checklist',
        body: 'Before 8',
        read: false,
        task: { end, closure: 'one', checklist: [item('c1'), item('c2'), item('c3')] },
      }),
    ]);
    expect(viewOf(list)).toEqual({ state: 'open', checked: 0, total: 3, canComplete: false });
    expect(viewOf(inbox(task('e1', { checklist: [] })))).toEqual({ state: 'open', checked: 0, total: 0, canComplete: true });
  });

  it('shows the user’s ticks at once and everyone’s when task_update arrives, in place, keeping read', () => {
    let list = inbox(task(), createEnvelope('notification', { kind: 'notification', notification_id: 'n1', title: 'Hi' }, 'n', at));
    list = markRead(list, list[1]!);
    list = tickItems(list, 't1', [{ id: 'c1', is_checked: true }, { id: 'zz', is_checked: true }]);
    expect(viewOf(list)).toMatchObject({ state: 'open', checked: 1, total: 3 });
    list = applyEnvelope(list, update('u1', { title: 'Opening', checklist: [item('c1', true), item('c2', true), item('c3')] }));
    expect(list.map((m) => m.messageId)).toEqual(['n1', 't1']);
    expect(list[1]).toMatchObject({ title: 'Opening', read: true, task: { checklist: [item('c1', true), item('c2', true), item('c3')] } });
    list = tickItems(list, 't1', [{ id: 'c3', is_checked: true }]);
    expect(viewOf(list)).toEqual({ state: 'open', checked: 3, total: 3, canComplete: true });
    list = tickItems(list, 't1', [{ id: 'c3', is_checked: false }]);
    expect(viewOf(list)).toMatchObject({ checked: 2, canComplete: false });
  });

  it('keeps a later tick of this watch when an update answering an earlier one arrives, until the portal confirms it', () => {
    const t0 = 1_000_000;
    let list = tickItems(inbox(task()), 't1', [{ id: 'c1', is_checked: true }], t0);
    list = tickItems(list, 't1', [{ id: 'c2', is_checked: true }], t0 + 50);
    // The portal's update for the first tick: c2 not ticked there yet, still ticked here.
    list = applyTaskEnvelope(list, update('u1', { checklist: [item('c1', true), item('c2'), item('c3')] }), t0 + 100);
    expect(list[0]!.task!.checklist).toEqual([item('c1', true), item('c2', true), item('c3')]);
    // The update for the second confirms it: nothing pending any more, the portal's ticks stand.
    list = applyTaskEnvelope(list, update('u2', { checklist: [item('c1', true), item('c2', true), item('c3')] }), t0 + 200);
    expect(list[0]!.task!.pending).toBeUndefined();
    list = applyTaskEnvelope(list, update('u3', { checklist: [item('c1', true), item('c2'), item('c3')] }), t0 + 300);
    expect(list[0]!.task!.checklist).toEqual([item('c1', true), item('c2'), item('c3')]);
    // A tick never confirmed (its uplink lost) gives way to the portal after PENDING_TICK_MS.
    list = tickItems(list, 't1', [{ id: 'c3', is_checked: true }], t0 + 400);
    list = applyTaskEnvelope(list, update('u4', { checklist: [item('c1', true), item('c2'), item('c3')] }), t0 + 400 + PENDING_TICK_MS);
    expect(list[0]!.task!.checklist).toEqual([item('c1', true), item('c2'), item('c3')]);
  });

  it('keeps the first answer given on this watch, and stops ticks after it', () => {
    let list = markTaskAnswered(inbox(task()), 't1', 'declined');
    expect(viewOf(list)).toEqual({ state: 'answered', answer: 'declined', checked: 0, total: 3 });
    list = markTaskAnswered(list, 't1', 'completed');
    list = tickItems(list, 't1', [{ id: 'c1', is_checked: true }]);
    expect(viewOf(list)).toEqual({ state: 'answered', answer: 'declined', checked: 0, total: 3 });
    // The answer survives a content update and a repeated delivery of the task.
    expect(viewOf(applyEnvelope(list, update('u1', { title: 'New' })))).toMatchObject({ state: 'answered', answer: 'declined' });
    expect(viewOf(applyEnvelope(list, task('e2')))).toMatchObject({ state: 'answered', answer: 'declined' });
  });

  it('closes the task with its reason: no checklist or buttons, and no ticks or answers after', () => {
    for (const reason of ['completed', 'all_declined', 'deleted']) expect(viewOf(inbox(task(), closed(reason)))).toEqual({ state: 'closed', reason });
    let list = inbox(task(), closed('completed'));
    list = markTaskAnswered(tickItems(list, 't1', [{ id: 'c1', is_checked: true }]), 't1', 'completed');
    expect(list[0]!.task).toEqual({ end, closure: 'one', checklist: [item('c1'), item('c2'), item('c3')], closed: 'completed' });
    // A later content edit of a completed task keeps it closed.
    expect(viewOf(applyEnvelope(list, update('u2', { title: 'Edited' })))).toEqual({ state: 'closed', reason: 'completed' });
    // A closure of a task this watch never showed changes nothing.
    expect(inbox(closed('deleted', 'other'))).toEqual([]);
  });

  it('follows the completed_time of an update: closes a completed task, opens it again after an undo', () => {
    let list = applyEnvelope(inbox(task()), update('u1', { checklist: [], completed_time: '2026-05-01T07:00:00.000Z' }));
    expect(viewOf(list)).toEqual({ state: 'closed', reason: 'completed' });
    // The admin's undo: open again, for watches that saw it closed and for the user who completed it here.
    expect(viewOf(applyEnvelope(list, update('u2', { checklist: [], completed_time: null })))).toEqual({ state: 'open', checked: 0, total: 0, canComplete: true });
    list = markTaskAnswered(inbox(task('e1', { checklist: [] })), 't1', 'completed');
    expect(viewOf(applyEnvelope(list, update('u3', { checklist: [], completed_time: null })))).toMatchObject({ state: 'open' });
    // A decline stands; a deletion is no completion to undo.
    list = markTaskAnswered(inbox(task()), 't1', 'declined');
    expect(viewOf(applyEnvelope(list, update('u4', { completed_time: null })))).toMatchObject({ state: 'answered', answer: 'declined' });
    expect(viewOf(applyEnvelope(inbox(task(), closed('deleted')), update('u5', { completed_time: null })))).toEqual({ state: 'closed', reason: 'deleted' });
  });

  it('shows an all-declined task sent anew as a new, open task', () => {
    let list = markTaskAnswered(inbox(task()), 't1', 'declined');
    list = markRead(applyEnvelope(list, closed('all_declined')), list[0]!);
    list = applyEnvelope(list, task('e2', { end: '2026-05-02T18:00:00.000Z' }));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ envelopeId: 'e2', read: false, task: { end: '2026-05-02T18:00:00.000Z' } });
    expect(viewOf(list)).toEqual({ state: 'open', checked: 0, total: 3, canComplete: false });
  });

  it('shows a task first seen through task_update, and ignores malformed task messages', () => {
    expect(viewOf(inbox(update('u1', {})))).toMatchObject({ state: 'open', total: 3 });
    expect(inbox(task('x1', { end: 'tonight' }))).toEqual([]);
    expect(inbox(task('x2', { task_id: 't#1' }))).toEqual([]);
    expect(inbox(task('x3', { checklist: [item('c1'), item('c1')] }))).toEqual([]);
    expect(inbox(task(), closed('forgotten'))[0]!.task!.closed).toBeUndefined();
  });

  it('shows each reminder as its own card and the overdue note once, with the task’s end', () => {
    const reminder = (id: string) => createEnvelope('task_reminder', { kind: 'task', task_id: 't1', title: 'Opening checklist', end }, id, at);
    const overdue = (id: string) => createEnvelope('task_overdue', { kind: 'task', task_id: 't1', title: 'Opening checklist', end }, id, at);
    const list = inbox(task(), reminder('r1'), reminder('r2'), overdue('o1'), overdue('o2'));
    expect(list.map((m) => [m.kind, m.messageId])).toEqual([
      ['task_overdue', 't1'],
      ['task_reminder', 't1:r2'],
      ['task_reminder', 't1:r1'],
      ['task', 't1'],
    ]);
    expect(list[0]).toMatchObject({ title: 'Opening checklist', body: '', due: end, read: false });
    expect(list[0]!.task).toBeUndefined();
  });

  it('sends receipts of a task as events of kind task, which the portal parses', () => {
    expect(receiptEnvelope('task', 't1', 'received', 'r1', at).data).toEqual({ kind: 'task', task_id: 't1', event: 'received', at: at.toISOString() });
  });

  it('says the end as a time on the same day, with the day otherwise', () => {
    const now = new Date('2026-05-01T08:00:00.000Z');
    expect(formatDue(end, 'en', now, 'UTC')).toBe('6:00 PM');
    expect(formatDue(end, 'de', now, 'UTC')).toBe('18:00');
    expect(formatDue('2026-05-02T18:00:00.000Z', 'de', now, 'UTC')).toBe('2. Mai, 18:00');
    expect(formatDue('2026-05-02T18:00:00.000Z', 'en', now, 'UTC')).toBe('May 2, 6:00 PM');
    // 22:30 UTC is the next day in Berlin.
    expect(formatDue('2026-05-01T22:30:00.000Z', 'de', now, 'Europe/Berlin')).toBe('2. Mai, 00:30');
    expect(formatDue('soon', 'en', now, 'UTC')).toBe('');
  });
});
