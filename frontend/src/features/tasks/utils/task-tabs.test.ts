import { describe, expect, it } from 'vitest';
import { EMPLOYEE_TABS, isTaskListTab, tabOf, withTab } from './task-tabs.ts';

describe('task tabs (spec 000 §2)', () => {
  it('today by default; the tab and selection live in the query', () => {
    expect(tabOf('')).toBe('today');
    expect(tabOf('?tab=drafts')).toBe('drafts');
    expect(tabOf('?tab=nope')).toBe('today');
    expect(withTab('?developer-mode=true', 'completed', 't1')).toBe('?developer-mode=true&tab=completed&selected=t1');
  });

  it('employees have no drafts or templates', () => {
    expect(tabOf('?tab=templates', EMPLOYEE_TABS)).toBe('today');
    expect(isTaskListTab('all')).toBe(true);
    expect(isTaskListTab('drafts')).toBe(false);
  });
});
