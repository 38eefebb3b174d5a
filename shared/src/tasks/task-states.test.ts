import { describe, expect, it } from 'vitest';
import { allDeclined, checklistDone, completedAtStatusOf, completionMet, taskStatusOf, type TaskStatusFacts } from './task-states.ts';

const facts = (overrides: Partial<TaskStatusFacts> = {}): TaskStatusFacts => ({
  isDraft: false,
  startAt: '2026-11-23T08:00:00.000Z',
  endAt: '2026-11-23T16:00:00.000Z',
  completedAt: null,
  recipientCount: 3,
  completedCount: 0,
  declinedCount: 0,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('completionMet', () => {
  it("needs one completion under 'one' and every recipient under 'all'", () => {
    expect(completionMet('one', { recipientCount: 3, completedCount: 0 })).toBe(false);
    expect(completionMet('one', { recipientCount: 3, completedCount: 1 })).toBe(true);
    expect(completionMet('all', { recipientCount: 3, completedCount: 2 })).toBe(false);
    expect(completionMet('all', { recipientCount: 3, completedCount: 3 })).toBe(true);
  });
  it('is never met before the task reached anybody', () => {
    expect(completionMet('one', { recipientCount: 0, completedCount: 0 })).toBe(false);
    expect(completionMet('all', { recipientCount: 0, completedCount: 0 })).toBe(false);
  });
});

describe('allDeclined', () => {
  it('holds when every recipient declined and nobody completed', () => {
    expect(allDeclined({ recipientCount: 2, completedCount: 0, declinedCount: 2 })).toBe(true);
    expect(allDeclined({ recipientCount: 2, completedCount: 0, declinedCount: 1 })).toBe(false);
    expect(allDeclined({ recipientCount: 3, completedCount: 1, declinedCount: 2 })).toBe(false);
    expect(allDeclined({ recipientCount: 0, completedCount: 0, declinedCount: 0 })).toBe(false);
  });
});

describe('checklistDone', () => {
  it('needs every item that is not deleted checked, and at least one such item', () => {
    expect(checklistDone([{ is_checked: true }, { is_checked: true }])).toBe(true);
    expect(checklistDone([{ is_checked: true }, { is_checked: false }])).toBe(false);
    expect(checklistDone([{ is_checked: true }, { is_checked: false, is_deleted: true }])).toBe(true);
    expect(checklistDone([{ is_checked: false, is_deleted: true }])).toBe(false);
    expect(checklistDone([])).toBe(false);
  });
});

describe('taskStatusOf', () => {
  it('is draft for a draft, whatever else holds', () => {
    expect(taskStatusOf(facts({ isDraft: true, completedAt: '2026-11-23T09:00:00.000Z' }), at('2026-11-23T10:00:00Z'))).toBe('draft');
  });
  it('follows the clock: scheduled before the start, ongoing until the end, overdue after it', () => {
    expect(taskStatusOf(facts(), at('2026-11-23T07:59:59Z'))).toBe('scheduled');
    expect(taskStatusOf(facts(), at('2026-11-23T08:00:00Z'))).toBe('ongoing');
    expect(taskStatusOf(facts(), at('2026-11-23T15:59:59Z'))).toBe('ongoing');
    expect(taskStatusOf(facts(), at('2026-11-23T16:00:00Z'))).toBe('overdue');
  });
  it('is completed once completed, before or after its end', () => {
    expect(taskStatusOf(facts({ completedAt: '2026-11-23T09:00:00.000Z' }), at('2026-11-23T10:00:00Z'))).toBe('completed');
    expect(taskStatusOf(facts({ completedAt: '2026-11-23T17:00:00.000Z' }), at('2026-11-24T10:00:00Z'))).toBe('completed');
  });
  it('is all_declined when everyone declined, also after its end, unless completed (an admin)', () => {
    expect(taskStatusOf(facts({ declinedCount: 3 }), at('2026-11-23T10:00:00Z'))).toBe('all_declined');
    expect(taskStatusOf(facts({ declinedCount: 3 }), at('2026-11-24T10:00:00Z'))).toBe('all_declined');
    expect(taskStatusOf(facts({ declinedCount: 3, completedAt: '2026-11-23T11:00:00.000Z' }), at('2026-11-23T12:00:00Z'))).toBe('completed');
    expect(taskStatusOf(facts({ declinedCount: 2 }), at('2026-11-23T10:00:00Z'))).toBe('ongoing');
  });
});

describe('completedAtStatusOf', () => {
  it('counts a completion after the end as overdue-completed', () => {
    expect(completedAtStatusOf('2026-11-23T15:00:00.000Z', '2026-11-23T16:00:00.000Z')).toBe('ongoing');
    expect(completedAtStatusOf('2026-11-23T16:00:00.000Z', '2026-11-23T16:00:00.000Z')).toBe('ongoing');
    expect(completedAtStatusOf('2026-11-23T16:00:01.000Z', '2026-11-23T16:00:00.000Z')).toBe('overdue');
  });
});
