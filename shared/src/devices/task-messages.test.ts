import { describe, expect, it } from 'vitest';
import { CHECKLIST_EVENT_ITEMS_MAX, parseTaskDownlink, parseTaskEvent, taskEventEnvelope } from './task-messages.ts';

const item = (id: string, is_checked = false, title = `Item ${id}`) => ({ id, title, is_checked });
const task = (extra: Record<string, unknown> = {}) => ({
  kind: 'task',
  task_id: 't1',
  title: 'Opening checklist',
  body: 'Before 8',
  checklist: [item('c1', true), item('c2')],
  closure_criteria: 'one',
  start: '2026-05-01T06:00:00.000Z',
  end: '2026-05-01T08:00:00+02:00',
  ...extra,
});

describe('parseTaskEvent', () => {
  it('reads receipts, completions, declines and checklist ticks, times in UTC', () => {
    expect(parseTaskEvent('event', { kind: 'task', task_id: 't1', event: 'read', at: '2026-05-01T10:00:00+02:00' })).toEqual({
      type: 'event',
      task_id: 't1',
      event: 'read',
      at: '2026-05-01T08:00:00.000Z',
    });
    expect(parseTaskEvent('event', { kind: 'task', task_id: 't1', event: 'received' })).toEqual({ type: 'event', task_id: 't1', event: 'received' });
    expect(parseTaskEvent('completed', { kind: 'task', task_id: 't1' })).toEqual({ type: 'completed', task_id: 't1' });
    expect(parseTaskEvent('declined', { kind: 'task', task_id: 't1' })).toEqual({ type: 'declined', task_id: 't1' });
    expect(parseTaskEvent('checklist', { kind: 'task', task_id: 't1', items: [{ id: 'c1', is_checked: true, extra: 1 }] })).toEqual({
      type: 'checklist',
      task_id: 't1',
      items: [{ id: 'c1', is_checked: true }],
    });
  });

  it('drops a bad or missing time rather than the event', () => {
    expect(parseTaskEvent('completed', { kind: 'task', task_id: 't1', at: 'soon' })).toEqual({ type: 'completed', task_id: 't1' });
    expect(parseTaskEvent('completed', { kind: 'task', task_id: 't1', at: 5 })).toEqual({ type: 'completed', task_id: 't1' });
  });

  it('refuses other kinds, other types, unknown receipts and ids that are no key part', () => {
    expect(parseTaskEvent('accepted', { kind: 'task', task_id: 't1' })).toBeUndefined();
    expect(parseTaskEvent('completed', { kind: 'action', task_id: 't1' })).toBeUndefined();
    expect(parseTaskEvent('event', { kind: 'task', task_id: 't1', event: 'opened' })).toBeUndefined();
    expect(parseTaskEvent('event', { kind: 'task', task_id: 't1' })).toBeUndefined();
    for (const taskId of ['t#1', '', 7, null, 'x'.repeat(129)]) expect(parseTaskEvent('completed', { kind: 'task', task_id: taskId })).toBeUndefined();
    expect(parseTaskEvent('completed', { kind: 'task', task_id: 'x'.repeat(128) })).toEqual({ type: 'completed', task_id: 'x'.repeat(128) });
  });

  it('refuses a checklist event that is empty, too long, or has a malformed item', () => {
    const ticks = (items: unknown) => parseTaskEvent('checklist', { kind: 'task', task_id: 't1', items });
    expect(ticks([])).toBeUndefined();
    expect(ticks('c1')).toBeUndefined();
    expect(ticks(undefined)).toBeUndefined();
    const many = Array.from({ length: CHECKLIST_EVENT_ITEMS_MAX + 1 }, (_, i) => ({ id: `c${i}`, is_checked: true }));
    expect(ticks(many)).toBeUndefined();
    expect(ticks(many.slice(1))).toMatchObject({ items: many.slice(1) });
    expect(ticks([{ id: 'c#1', is_checked: true }])).toBeUndefined();
    expect(ticks([{ id: 'c1', is_checked: 'true' }])).toBeUndefined();
    expect(ticks([{ id: 'c1' }])).toBeUndefined();
    expect(ticks([null])).toBeUndefined();
    expect(ticks([{ id: 'c1', is_checked: true }, 'c2'])).toBeUndefined();
  });

  it('builds the uplink envelope of an event, with the time it happened', () => {
    const now = new Date('2026-05-01T08:00:00.000Z');
    expect(taskEventEnvelope({ type: 'checklist', task_id: 't1', items: [{ id: 'c1', is_checked: true }] }, 'u1', now)).toEqual({
      v: 1,
      id: 'u1',
      type: 'checklist',
      sent_at: now.toISOString(),
      data: { kind: 'task', task_id: 't1', items: [{ id: 'c1', is_checked: true }], at: now.toISOString() },
    });
    const envelope = taskEventEnvelope({ type: 'completed', task_id: 't1' }, 'u2', now);
    // What the watch sends, the portal reads back.
    expect(parseTaskEvent(envelope.type, envelope.data)).toEqual({ type: 'completed', task_id: 't1', at: now.toISOString() });
  });
});

describe('parseTaskDownlink', () => {
  it('reads a task and its update with the checklist in order, the end in UTC', () => {
    const parsed = { kind: 'task', task_id: 't1', title: 'Opening checklist', body: 'Before 8', closure_criteria: 'one', start: '2026-05-01T06:00:00.000Z' };
    const checklist = [item('c1', true), item('c2')];
    expect(parseTaskDownlink('task', task())).toEqual({ type: 'task', data: { ...parsed, checklist, end: '2026-05-01T06:00:00.000Z' } });
    expect(parseTaskDownlink('task_update', task({ closure_criteria: 'all' }))).toMatchObject({ type: 'task_update', data: { closure_criteria: 'all', checklist } });
  });

  it('fills what a watch can do without: texts, the rule, the start, a missing checklist', () => {
    expect(parseTaskDownlink('task', { kind: 'task', task_id: 't1', end: '2026-05-01T06:00:00Z' })).toEqual({
      type: 'task',
      data: { kind: 'task', task_id: 't1', title: '', body: '', checklist: [], closure_criteria: 'one', start: '', end: '2026-05-01T06:00:00.000Z' },
    });
    expect(parseTaskDownlink('task', task({ closure_criteria: 'some', title: 5, start: 'tomorrow' }))).toMatchObject({ data: { closure_criteria: 'one', title: '', start: '' } });
  });

  it('reads whether the task is completed: a time, null while open, nothing when absent or unreadable', () => {
    expect(parseTaskDownlink('task_update', task({ completed_time: '2026-05-01T09:00:00+02:00' }))?.data).toMatchObject({ completed_time: '2026-05-01T07:00:00.000Z' });
    expect(parseTaskDownlink('task_update', task({ completed_time: null }))?.data).toMatchObject({ completed_time: null });
    expect(parseTaskDownlink('task_update', task())?.data).not.toHaveProperty('completed_time');
    expect(parseTaskDownlink('task_update', task({ completed_time: 'yes' }))?.data).not.toHaveProperty('completed_time');
  });

  it('ignores a task without a readable end, or with a malformed checklist', () => {
    for (const end of [undefined, '', 'tonight', '2026-13-40T25:00:00Z', 1_746_000_000_000]) expect(parseTaskDownlink('task', task({ end }))).toBeUndefined();
    for (const checklist of ['c1', null, {}, [null], [{ id: 'c1', title: 'A' }], [{ id: 'c1', title: 7, is_checked: false }], [item('c#1')], [item('')]]) {
      expect(parseTaskDownlink('task', task({ checklist }))).toBeUndefined();
    }
    expect(parseTaskDownlink('task_update', task({ checklist: [item('c1'), item('c1', true)] }))).toBeUndefined();
  });

  it('takes at most the checklist a task may have', () => {
    const many = Array.from({ length: CHECKLIST_EVENT_ITEMS_MAX + 1 }, (_, i) => item(`c${i}`));
    expect(parseTaskDownlink('task', task({ checklist: many }))).toBeUndefined();
    expect(parseTaskDownlink('task', task({ checklist: many.slice(1) }))?.data).toMatchObject({ checklist: many.slice(1) });
  });

  it('reads closures with a known reason, reminders and overdue notes with their end', () => {
    for (const reason of ['completed', 'all_declined', 'deleted']) {
      expect(parseTaskDownlink('task_closed', { kind: 'task', task_id: 't1', reason })).toEqual({ type: 'task_closed', data: { kind: 'task', task_id: 't1', reason } });
    }
    expect(parseTaskDownlink('task_closed', { kind: 'task', task_id: 't1', reason: 'expired' })).toBeUndefined();
    expect(parseTaskDownlink('task_closed', { kind: 'task', task_id: 't1' })).toBeUndefined();
    for (const type of ['task_reminder', 'task_overdue']) {
      expect(parseTaskDownlink(type, { kind: 'task', task_id: 't1', title: 'Close up', end: '2026-05-01T20:00:00+02:00' })).toEqual({
        type,
        data: { kind: 'task', task_id: 't1', title: 'Close up', end: '2026-05-01T18:00:00.000Z' },
      });
      expect(parseTaskDownlink(type, { kind: 'task', task_id: 't1', title: 'Close up', end: 'later' })).toBeUndefined();
    }
  });

  it('refuses other kinds, other types and task ids that are no key part', () => {
    expect(parseTaskDownlink('notification', task())).toBeUndefined();
    expect(parseTaskDownlink('action', task())).toBeUndefined();
    expect(parseTaskDownlink('task', task({ kind: 'action' }))).toBeUndefined();
    for (const taskId of ['t#1', '', 7, undefined, 'x'.repeat(129)]) expect(parseTaskDownlink('task', task({ task_id: taskId }))).toBeUndefined();
    expect(parseTaskDownlink('task_closed', { kind: 'task', task_id: 'a#b', reason: 'deleted' })).toBeUndefined();
  });
});
