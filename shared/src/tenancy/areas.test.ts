import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, type Permission } from '../users/access-levels.ts';
import { AREAS, AREA_ROLES, featuresOfRole, mayUseArea, type Area } from './areas.ts';
import { DEFAULT_FEATURE_FLAGS } from './features.ts';
import { landingRoute } from './landing-route.ts';
import { ROLES, type Role } from './roles.ts';

const usable = (role: Role) => AREAS.filter((area) => mayUseArea([role], area));

describe('the role rule of areas', () => {
  it('gives employees their tasks and the knowledge centre only', () => {
    expect(usable('employee')).toEqual(['tasks', 'help']);
    expect(featuresOfRole('employee')).toEqual(['tasks']);
  });

  it('gives assistants the communication modules but no automation or setup (spec 001 §6)', () => {
    expect(usable('assistant')).toEqual(['dashboard', 'shift_planner', 'notifications', 'tasks', 'actions', 'help']);
  });

  it('gives admins and superadmins every area', () => {
    expect(usable('admin')).toEqual(AREAS);
    expect(usable('superadmin')).toEqual(AREAS);
  });

  it('lets several roles add up and ignores none', () => {
    expect(mayUseArea(['employee', 'admin'], 'users')).toBe(true);
    expect(mayUseArea([], 'help')).toBe(false);
  });

  it('lands an employee on their tasks, and on no-access once tasks are off', () => {
    const employee = { flags: DEFAULT_FEATURE_FLAGS, anyDashboardEnabled: true, roles: ['employee'] as Role[] };
    expect(landingRoute(employee)).toBe('/tasks');
    expect(landingRoute({ ...employee, flags: { ...DEFAULT_FEATURE_FLAGS, tasks: 'disable' } })).toBe('/no-access');
  });
});

/** The permission that says a level uses an area; the catalogue must not promise what the rule refuses. */
const AREA_PERMISSION: Partial<Record<Area, Permission>> = {
  dashboard: 'view_dashboard',
  shift_planner: 'plan_shifts',
  notifications: 'send_messages',
  tasks: 'view_tasks',
  actions: 'send_messages',
  automation: 'manage_automation',
  users: 'manage_users',
  devices: 'manage_devices',
  settings: 'manage_settings',
};

describe('the access-level catalogue reads the rule', () => {
  it('lists for each level exactly the features its role may use', () => {
    for (const level of ACCESS_LEVELS) expect(level.features, level.id).toEqual(featuresOfRole(level.role));
  });

  it('carries an area permission exactly when the role may use the area', () => {
    for (const level of ACCESS_LEVELS) {
      for (const [area, permission] of Object.entries(AREA_PERMISSION) as [Area, Permission][]) {
        expect(level.permissions.includes(permission), `${level.id} ${area}`).toBe(mayUseArea([level.role], area));
      }
    }
  });

  it('has a level for every role and a rule for every area', () => {
    expect(ACCESS_LEVELS.map((level) => level.role)).toEqual(ROLES);
    for (const area of AREAS) expect(AREA_ROLES[area].length, area).toBeGreaterThan(0);
  });
});
