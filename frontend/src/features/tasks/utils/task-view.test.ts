import { describe, expect, it } from 'vitest';
import type { TaskDto } from '@portal/shared/tasks/task.schema';
import { canComplete, canUndo, checklistBatch, checklistRows, editModeOf, mayTick, recipientRows } from './task-view.ts';

const meta = { is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null };
const item = (status: TaskDto['data']['status'], checklist: TaskDto['content']['checklist'] = [], extra: Partial<TaskDto> = {}) =>
  ({ id: 't1', content: { title: { text: 'T' }, body: { text: '' }, checklist }, data: { status, completed_at_status: null }, meta, ...extra }) as TaskDto;
const lights = { id: 'c1', title: { text: 'Lights' }, is_checked: false, is_deleted: false };

describe('which edit and which commands a task offers (spec 000 §4, §6)', () => {
  it('scheduled and all_declined are edited whole, started or completed ones content-only, a root as a series', () => {
    expect(editModeOf(item('scheduled'))).toBe('scheduled');
    expect(editModeOf(item('all_declined'))).toBe('scheduled');
    for (const status of ['ongoing', 'overdue', 'completed'] as const) expect(editModeOf(item(status))).toBe('content');
    expect(editModeOf(item('scheduled', [], { item_type: 'task_recurring_root' }))).toBe('recurring');
  });

  it('the confirm dialog completes a started task without checklist; undo is for admins', () => {
    expect(canComplete(item('ongoing'))).toBe(true);
    expect(canComplete(item('overdue'))).toBe(true);
    expect(canComplete(item('scheduled'))).toBe(false);
    expect(canComplete(item('ongoing', [lights]))).toBe(false);
    expect(canUndo(item('completed'), ['admin'])).toBe(true);
    expect(canUndo(item('completed'), ['superadmin'])).toBe(true);
    expect(canUndo(item('completed'), ['assistant'])).toBe(false);
    expect(canUndo(item('completed', [lights]), ['admin'])).toBe(false);
  });

  it('employees read the checklist, other roles tick', () => {
    expect(mayTick(['employee'])).toBe(false);
    expect(mayTick(['assistant'])).toBe(true);
  });
});

describe('the details pane', () => {
  const options = { users: [{ id: 'u1', firstname: 'Ada', lastname: 'A' }, { id: 'u2', firstname: 'Ben', lastname: 'B' }, { id: 'u3', firstname: 'Cy', lastname: 'C' }] };

  it('per recipient the strongest fact: completed, declined, read, received, sent', () => {
    const rows = recipientRows(
      { user_ids: ['u3', 'u1', 'u2', 'u4'], completed_user_ids: ['u1'], declined_user_ids: ['u2'], read_user_ids: ['u1', 'u3'], received_user_ids: ['u3', 'u4'] },
      options,
    );
    expect(rows.map((row) => [row.name, row.state])).toEqual([
      ['Ada A', 'completed'],
      ['Ben B', 'declined'],
      ['Cy C', 'read'],
      ['u4', 'received'],
    ]);
  });

  it('the checklist with who ticked and when, deleted items left out', () => {
    const content = { title: { text: 'T' }, body: { text: '' }, checklist: [lights, { id: 'c2', title: { text: 'Till' }, is_checked: false, is_deleted: false }, { id: 'c3', title: { text: 'Old' }, is_checked: false, is_deleted: true }] };
    const rows = checklistRows(content, [{ id: 'c1', is_checked: true, is_deleted: false, user_id: 'u2', timestamp: '2025-03-03T09:00:00.000Z' }], options);
    expect(rows).toEqual([
      { id: 'c1', title: 'Lights', checked: true, by: 'Ben B', at: new Date('2025-03-03T09:00:00.000Z') },
      { id: 'c2', title: 'Till', checked: false, by: null, at: null },
    ]);
  });

  it('sends only the items changed against what is stored, as one batch', () => {
    const rows = [
      { id: 'c1', title: 'A', checked: true, by: null, at: null },
      { id: 'c2', title: 'B', checked: false, by: null, at: null },
      { id: 'c3', title: 'C', checked: false, by: null, at: null },
    ];
    expect(checklistBatch(rows, { c1: true, c2: true, c3: false })).toEqual([{ id: 'c2', is_checked: true }]);
    expect(checklistBatch(rows, { c1: false })).toEqual([{ id: 'c1', is_checked: false }]);
    expect(checklistBatch(rows, {})).toEqual([]);
  });
});
