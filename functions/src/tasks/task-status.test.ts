import { describe, expect, it } from 'vitest';
import type { TaskRecipientItem } from './task-recipient.entity.ts';
import { applyTicks, checklistItems, contentWithTicks, hasChecklist, statusOf, ticksKept, unknownItems } from './task-status.ts';

const item = (id: string, is_deleted = false) => ({ id, title: { text: id }, is_checked: false, is_deleted });
const content = { title: { text: 'Close' }, body: { text: '' }, checklist: [item('a'), item('b'), item('gone', true)] };
const T1 = '2026-11-23T10:00:00.000Z';
const T2 = '2026-11-23T10:05:00.000Z';

const row = (userId: string, extra: Partial<TaskRecipientItem> = {}): TaskRecipientItem =>
  ({ orgId: 'o', taskId: 't', shard: 0, row: 'USER', userId, groupNumber: 0, sentAt: T1, ...extra }) as TaskRecipientItem;

describe('the shared checklist', () => {
  it('ticks by the last user and time, and shows an untouched item unchecked', () => {
    const once = applyTicks({}, [{ id: 'a', is_checked: true }], 'u1', T1);
    const twice = applyTicks(once, [{ id: 'a', is_checked: false }, { id: 'b', is_checked: true }], 'u2', T2);
    expect(checklistItems(content, twice)).toEqual([
      { id: 'a', is_checked: false, is_deleted: false, user_id: 'u2', timestamp: T2 },
      { id: 'b', is_checked: true, is_deleted: false, user_id: 'u2', timestamp: T2 },
      { id: 'gone', is_checked: false, is_deleted: true, user_id: null, timestamp: null },
    ]);
    expect(contentWithTicks(content, twice).checklist.map((i) => [i.id, i.is_checked])).toEqual([
      ['a', false],
      ['b', true],
      ['gone', false],
    ]);
  });
  it('keeps the ticks of items still there after a content edit', () => {
    const ticks = applyTicks({}, [{ id: 'a', is_checked: true }, { id: 'b', is_checked: true }], 'u1', T1);
    expect(ticksKept({ checklist: [item('a'), item('c')] }, ticks)).toEqual({ a: { is_checked: true, user_id: 'u1', timestamp: T1 } });
    expect(ticksKept({ checklist: [] }, ticks)).toEqual({});
  });
  it('knows unknown and deleted items of a batch, and whether there is a checklist', () => {
    expect(unknownItems(content, [{ id: 'a' }, { id: 'gone' }, { id: 'x' }])).toEqual(['gone', 'x']);
    expect(hasChecklist(content)).toBe(true);
    expect(hasChecklist({ checklist: [item('gone', true)] })).toBe(false);
    expect(hasChecklist({ checklist: [] })).toBe(false);
  });
});

describe('statusOf', () => {
  it('reads completions, declines and receipts from the USER rows; read implies received; groups by group number', () => {
    const rows = [
      row('u1', { completedAt: T2, readAt: T1 }),
      row('u2', { declinedAt: T2, receivedAt: T1 }),
      row('u3', { groupNumber: 1 }),
      { ...row('u3'), row: 'DELIVERY', state: 'Sent' } as TaskRecipientItem,
    ];
    expect(statusOf({ content, checklistState: {}, completedByAdmin: ['admin'], completedAt: T2 }, rows)).toEqual({
      checklist_items: checklistItems(content, {}),
      user_ids: ['u1', 'u2', 'u3'],
      completed_user_ids: ['u1'],
      declined_user_ids: ['u2'],
      read_user_ids: ['u1'],
      received_user_ids: ['u1', 'u2'],
      completed_by_admin_user_ids: ['admin'],
      completed_time: T2,
      resolved_recipient_groups: [
        { group_number: 0, recipients: [{ id: 'u1', type: 'user' }, { id: 'u2', type: 'user' }] },
        { group_number: 1, recipients: [{ id: 'u3', type: 'user' }] },
      ],
    });
  });
});
