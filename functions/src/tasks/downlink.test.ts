import { describe, expect, it } from 'vitest';
import type { TaskItem } from './task.entity.ts';
import { taskMessageData } from './downlink.ts';

const item = (over: Partial<TaskItem> = {}): TaskItem => ({
  orgId: 'org',
  taskId: 'T1',
  content: {
    title: { text: 'Open the shop' },
    body: { text: 'Before 8' },
    checklist: [
      { id: 'a', title: { text: 'Doors' }, is_checked: false, is_deleted: false },
      { id: 'b', title: { text: 'Gone' }, is_checked: false, is_deleted: true },
      { id: 'c', title: { text: 'Till' }, is_checked: false, is_deleted: false },
    ],
  },
  recipientGroups: [],
  config: { closure_criteria: 'all' },
  meta: {},
  createdBy: 'u',
  createdAt: '2026-03-27T07:00:00.000Z',
  startAt: '2026-03-27T07:00:00.000Z',
  endAt: '2026-03-27T16:00:00.000Z',
  checklistState: { c: { is_checked: true, user_id: 'u2', timestamp: '2026-03-27T07:10:00.000Z' } },
  ...over,
});

describe('the task as the watch gets it', () => {
  it('carries the live checklist items with the shared ticks, the rule, start, end and whether it is completed', () => {
    expect(taskMessageData(item())).toEqual({
      kind: 'task',
      task_id: 'T1',
      title: 'Open the shop',
      body: 'Before 8',
      checklist: [
        { id: 'a', title: 'Doors', is_checked: false },
        { id: 'c', title: 'Till', is_checked: true },
      ],
      closure_criteria: 'all',
      start: '2026-03-27T07:00:00.000Z',
      end: '2026-03-27T16:00:00.000Z',
      completed_time: null,
    });
    expect(taskMessageData(item({ completedAt: '2026-03-27T08:00:00.000Z', config: {} }))).toMatchObject({ closure_criteria: 'one', completed_time: '2026-03-27T08:00:00.000Z' });
  });
});
