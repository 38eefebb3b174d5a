import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS } from '@portal/shared/tenancy/features';
import { sidebarEntries } from './sidebar-entries.ts';

describe('sidebarEntries', () => {
  it('lists every feature in sidebar order for an admin with default flags', () => {
    const entries = sidebarEntries({}, ['admin']);
    expect(entries.map((e) => e.key)).toEqual([...FEATURE_KEYS]);
    expect(entries.every((e) => e.enabled)).toBe(true);
    expect(entries.find((e) => e.key === 'shift_planner')?.route).toBe('/schedule');
  });

  it('drops hidden features and marks disabled ones', () => {
    const entries = sidebarEntries({ tasks: 'disable-and-hide', actions: 'disable' }, ['superadmin']);
    expect(entries.some((e) => e.key === 'tasks')).toBe(false);
    expect(entries.find((e) => e.key === 'actions')?.enabled).toBe(false);
  });

  it('hides automation from assistants and employees, matching roles case-insensitively', () => {
    expect(sidebarEntries({}, ['Assistant']).some((e) => e.key === 'automation')).toBe(false);
    expect(sidebarEntries({}, ['ADMIN']).some((e) => e.key === 'automation')).toBe(true);
    expect(sidebarEntries({}, ['nonsense']).some((e) => e.key === 'automation')).toBe(false);
  });
});
