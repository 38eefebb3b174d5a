import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@portal/shared/tenancy/features';
import { toRoles } from '../../lib/access.ts';
import { isLinkActive, sidebarEntries, type SidebarEntry } from './sidebar-entries.ts';

function input(roles: string[], flags: Partial<FeatureFlags> = {}, anyDashboardEnabled = true) {
  return { flags: { ...DEFAULT_FEATURE_FLAGS, ...flags }, anyDashboardEnabled, roles: toRoles(roles) };
}

function flat(entries: SidebarEntry[]) {
  return entries.flatMap((e) => (e.kind === 'group' ? [e.key, ...e.children.map((c) => `${e.key}/${c.key}:${c.route}`)] : [`${e.key}:${e.route}`]));
}

describe('sidebarEntries', () => {
  it('lists the entries and paths of spec 000 §2 in order for an admin', () => {
    expect(flat(sidebarEntries(input(['admin'])))).toEqual([
      'dashboard:/dashboard',
      'shift_planner:/schedule',
      'notifications:/notifications',
      'tasks:/tasks',
      'actions:/actions',
      'automation:/automation',
      'reports:/reports',
      'setup',
      'setup/users:/users',
      'setup/devices:/devices',
      'setup/settings:/settings',
      'help:/help',
    ]);
    expect(sidebarEntries(input(['admin'])).every((e) => e.kind === 'group' || e.enabled)).toBe(true);
  });

  it('drops hidden features and marks disabled ones', () => {
    const entries = sidebarEntries(input(['superadmin'], { tasks: 'disable-and-hide', actions: 'disable' }));
    expect(entries.some((e) => e.key === 'tasks')).toBe(false);
    expect(entries.find((e) => e.key === 'actions')).toMatchObject({ enabled: false });
  });

  it('shows the dashboard disabled when no dashboard is enabled', () => {
    expect(sidebarEntries(input(['admin'], {}, false)).find((e) => e.key === 'dashboard')).toMatchObject({ enabled: false });
    expect(sidebarEntries(input(['admin'], { dashboard: 'disable-and-hide' }, false)).some((e) => e.key === 'dashboard')).toBe(false);
  });

  it('hides automation and setup from assistants, matching roles case-insensitively', () => {
    const keys = sidebarEntries(input(['Assistant'])).map((e) => e.key);
    expect(keys).not.toContain('automation');
    expect(keys).not.toContain('setup');
    expect(keys).toContain('help');
    expect(sidebarEntries(input(['ADMIN'])).map((e) => e.key)).toContain('setup');
  });

  it('offers an employee only tasks and the knowledge centre', () => {
    expect(flat(sidebarEntries(input(['employee'])))).toEqual(['tasks:/tasks', 'help:/help']);
    // A role-forbidden feature is gone, not shown disabled, whatever its flag.
    expect(flat(sidebarEntries(input(['employee'], { notifications: 'disable', tasks: 'disable' })))).toEqual(['tasks:/tasks', 'help:/help']);
    expect(sidebarEntries(input(['employee'], { tasks: 'disable' })).find((e) => e.key === 'tasks')).toMatchObject({ enabled: false });
  });
});

describe('isLinkActive', () => {
  it('marks the dashboard active for /, /dashboard/tasks and /dashboard/actions', () => {
    for (const path of ['/', '/dashboard', '/dashboard/tasks', '/dashboard/actions']) expect(isLinkActive('/dashboard', path), path).toBe(true);
    expect(isLinkActive('/dashboard', '/tasks')).toBe(false);
  });

  it('matches other entries by whole path segments', () => {
    expect(isLinkActive('/tasks', '/tasks/create')).toBe(true);
    expect(isLinkActive('/tasks', '/tasksx')).toBe(false);
    expect(isLinkActive('/tasks', '/')).toBe(false);
    expect(isLinkActive('/settings', '/settings/general')).toBe(true);
  });
});
