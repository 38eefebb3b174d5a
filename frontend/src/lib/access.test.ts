import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '@portal/shared/tenancy/features';
import { areaGate, isManager, isSuperadmin, toRoles } from './access.ts';

const admin = { flags: DEFAULT_FEATURE_FLAGS, anyDashboardEnabled: true, roles: toRoles(['admin']) };

describe('areaGate', () => {
  it('lets a manager into every enabled area', () => {
    for (const area of ['dashboard', 'tasks', 'automation', 'users', 'devices', 'settings', 'help'] as const) {
      expect(areaGate(area, admin), area).toEqual({ kind: 'allow' });
    }
  });

  it('redirects assistants from setup and automation to the dashboard', () => {
    const assistant = { ...admin, roles: toRoles(['Assistant']) };
    for (const area of ['users', 'devices', 'settings', 'automation'] as const) {
      expect(areaGate(area, assistant), area).toEqual({ kind: 'redirect', to: '/dashboard' });
    }
    expect(areaGate('tasks', assistant)).toEqual({ kind: 'allow' });
    expect(areaGate('help', assistant)).toEqual({ kind: 'allow' });
  });

  it('shows an employee the no-access page everywhere but tasks and help, never a redirect', () => {
    const employee = { ...admin, roles: toRoles(['employee']) };
    for (const area of ['dashboard', 'shift_planner', 'notifications', 'actions', 'automation', 'users', 'devices', 'settings'] as const) {
      expect(areaGate(area, employee), area).toEqual({ kind: 'no-access' });
    }
    expect(areaGate('tasks', employee)).toEqual({ kind: 'allow' });
    expect(areaGate('help', employee)).toEqual({ kind: 'allow' });
  });

  it('shows the no-access page for a feature that is not enabled', () => {
    expect(areaGate('tasks', { ...admin, flags: { ...DEFAULT_FEATURE_FLAGS, tasks: 'disable' } })).toEqual({ kind: 'no-access' });
    expect(areaGate('actions', { ...admin, flags: { actions: 'disable-and-hide' } })).toEqual({ kind: 'no-access' });
  });

  it('shows the no-access page for the dashboard when no dashboard is enabled', () => {
    expect(areaGate('dashboard', { ...admin, anyDashboardEnabled: false })).toEqual({ kind: 'no-access' });
  });

  it('never gates setup pages or help by feature flags', () => {
    const allOff = Object.fromEntries(Object.keys(DEFAULT_FEATURE_FLAGS).map((k) => [k, 'disable']));
    expect(areaGate('settings', { ...admin, flags: allOff })).toEqual({ kind: 'allow' });
    expect(areaGate('help', { ...admin, flags: allOff })).toEqual({ kind: 'allow' });
  });
});

describe('roles', () => {
  it('reads role names case-insensitively and tells managers and superadmins apart', () => {
    expect(toRoles(['SuperAdmin', 'root'])).toEqual(['superadmin']);
    expect(isManager(toRoles(['admin']))).toBe(true);
    expect(isManager(toRoles(['assistant', 'employee']))).toBe(false);
    expect(isSuperadmin(toRoles(['admin']))).toBe(false);
    expect(isSuperadmin(toRoles(['superadmin']))).toBe(true);
  });
});
