import { describe, expect, it } from 'vitest';
import { menuGroupOfUser } from './trigger-menu-rule.ts';

describe("a person's trigger menu", () => {
  it('is the chosen group while menus are on and the group is offered', () => {
    expect(menuGroupOfUser({ enabled: true, groupIds: ['g1', 'g2'] }, 'g2')).toBe('g2');
  });

  it('is none while menus are off, for a group no longer offered, or without a choice', () => {
    expect(menuGroupOfUser({ enabled: false, groupIds: ['g1'] }, 'g1')).toBeNull();
    expect(menuGroupOfUser({ enabled: true, groupIds: ['g1'] }, 'g2')).toBeNull();
    expect(menuGroupOfUser({ enabled: true, groupIds: ['g1'] }, undefined)).toBeNull();
    expect(menuGroupOfUser({ enabled: true, groupIds: ['g1'] }, null)).toBeNull();
  });
});
