import { describe, expect, it } from 'vitest';
import { hiddenPanels, movePanel, samePanels, togglePanel } from './panel-order.ts';

describe('custom dashboard panel order', () => {
  it('moves a panel one place up or down, and not past either end', () => {
    expect(movePanel(['actions', 'tasks', 'shifts'], 'shifts', -1)).toEqual(['actions', 'shifts', 'tasks']);
    expect(movePanel(['actions', 'tasks', 'shifts'], 'actions', 1)).toEqual(['tasks', 'actions', 'shifts']);
    expect(movePanel(['actions', 'tasks'], 'actions', -1)).toEqual(['actions', 'tasks']);
    expect(movePanel(['actions', 'tasks'], 'tasks', 1)).toEqual(['actions', 'tasks']);
    expect(movePanel(['actions'], 'shifts', 1)).toEqual(['actions']);
  });

  it('adds a panel last and removes it, each panel at most once', () => {
    expect(togglePanel(['tasks'], 'shifts', true)).toEqual(['tasks', 'shifts']);
    expect(togglePanel(['tasks', 'shifts'], 'tasks', true)).toEqual(['shifts', 'tasks']);
    expect(togglePanel(['tasks', 'shifts'], 'tasks', false)).toEqual(['shifts']);
  });

  it('offers the panels not shown', () => {
    expect(hiddenPanels(['shifts'])).toEqual(['actions', 'tasks']);
    expect(hiddenPanels(['shifts', 'tasks', 'actions'])).toEqual([]);
  });

  it('compares orders', () => {
    expect(samePanels(['actions', 'tasks'], ['actions', 'tasks'])).toBe(true);
    expect(samePanels(['actions', 'tasks'], ['tasks', 'actions'])).toBe(false);
    expect(samePanels(['actions'], ['actions', 'tasks'])).toBe(false);
  });
});
