import { describe, expect, it } from 'vitest';
import { isPageFaded } from './page-fade.ts';

describe('isPageFaded', () => {
  it('fades while an overlay route is open', () => {
    for (const path of ['/o/tasks/create', '/o/tasks/edit/1', '/o/actions/send/2', '/o/tasks/copy/3', '/o/notifications/template/inspect/4']) {
      expect(isPageFaded(path, ''), path).toBe(true);
    }
  });

  it('fades in developer mode only when the query says true', () => {
    expect(isPageFaded('/o/tasks', '?developer-mode=true')).toBe(true);
    expect(isPageFaded('/o/tasks', '?developer-mode=false')).toBe(false);
    expect(isPageFaded('/o/tasks', '')).toBe(false);
  });

  it('matches whole segments, not parts of words', () => {
    expect(isPageFaded('/o/settings/shift-planner', '')).toBe(false);
    expect(isPageFaded('/o/help/contact-us', '')).toBe(false);
    expect(isPageFaded('/o/editors', '')).toBe(false);
    expect(isPageFaded('/o/users/u1/edit', '')).toBe(true);
    expect(isPageFaded('/o/notifications/edit-recurring/n1', '')).toBe(true);
    expect(isPageFaded('/o/notifications/edit-recurring-remote/n1', '')).toBe(true);
    expect(isPageFaded('/o/tasks/send-from-draft', '')).toBe(true);
  });
});
