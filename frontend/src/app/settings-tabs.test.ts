import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { maySettingsTab as mayTab, settingsLandingRoute as landingRoute, settingsTabs as tabsOf } from '../features/settings/utils/settings-tabs.ts';
import type { AccessInput } from '../lib/access.ts';
import { MODULE_SETTINGS_TABS } from './feature-modules.ts';

// The settings page's tabs as the app assembles them: the settings feature's own and the modules' declared ones.
const settingsTabs = (access: AccessInput) => tabsOf(access, MODULE_SETTINGS_TABS);
const settingsLandingRoute = (access: AccessInput) => landingRoute(access, MODULE_SETTINGS_TABS);
const maySettingsTab = (key: string, access: AccessInput) => mayTab(key, access, MODULE_SETTINGS_TABS);

const input = (roles: Role[], flags: Partial<FeatureFlags> = {}) => ({ roles, flags: { ...DEFAULT_FEATURE_FLAGS, ...flags }, anyDashboardEnabled: true });
const shown = (roles: Role[], flags: Partial<FeatureFlags> = {}) => settingsTabs(input(roles, flags)).map((tab) => `${tab.key}${tab.enabled ? '' : ' (disabled)'}`);

describe('settings tabs', () => {
  it('sends superadmins to general and everyone else to shift-planner while it is on', () => {
    expect(settingsLandingRoute(input(['superadmin']))).toBe('/settings/general');
    expect(settingsLandingRoute(input(['admin']))).toBe('/settings/shift-planner');
    expect(settingsLandingRoute(input(['admin', 'superadmin']))).toBe('/settings/general');
  });

  it('hides the general and audit tabs from non-superadmins', () => {
    expect(shown(['superadmin'])).toEqual(['general', 'shiftPlanner', 'tasks', 'actions', 'automation', 'watch', 'tablet', 'audit']);
    expect(shown(['admin'])).toEqual(['shiftPlanner', 'tasks', 'actions', 'automation', 'watch', 'tablet']);
    expect(maySettingsTab('general', input(['admin']))).toBe(false);
    expect(maySettingsTab('audit', input(['admin']))).toBe(false);
    // The audit trail has no flag: every module off leaves it usable.
    expect(maySettingsTab('audit', input(['superadmin'], { shift_planner: 'disable-and-hide', tasks: 'disable-and-hide', actions: 'disable-and-hide', automation: 'disable-and-hide' }))).toBe(true);
  });

  it("follows a module's flag as the sidebar does: disabled when off, gone when hidden", () => {
    expect(shown(['admin'], { shift_planner: 'disable', tasks: 'disable-and-hide', automation: 'disable' })).toEqual([
      'shiftPlanner (disabled)',
      'actions',
      'automation (disabled)',
      'watch',
      'tablet',
    ]);
    expect(maySettingsTab('shiftPlanner', input(['admin'], { shift_planner: 'disable' }))).toBe(false);
    expect(maySettingsTab('tasks', input(['superadmin'], { tasks: 'disable-and-hide' }))).toBe(false);
  });

  it('lands on the first tab the person may use', () => {
    expect(settingsLandingRoute(input(['admin'], { shift_planner: 'disable' }))).toBe('/settings/tasks');
    const off = { shift_planner: 'disable', tasks: 'disable-and-hide', actions: 'disable', automation: 'disable' } as const;
    expect(settingsLandingRoute(input(['admin'], off))).toBe('/settings/watch');
    expect(settingsLandingRoute(input(['superadmin'], off))).toBe('/settings/general');
  });
});
