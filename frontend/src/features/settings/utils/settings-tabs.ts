import type { Role } from '@portal/shared/tenancy/roles';
import { isSuperadmin } from '../../../lib/access.ts';
import { orgPaths } from '../../../lib/paths.ts';

export const SETTINGS_TABS = [
  { key: 'general', route: orgPaths.settingsGeneral, superadminOnly: true },
  { key: 'shiftPlanner', route: orgPaths.settingsShiftPlanner, superadminOnly: false },
  { key: 'tasks', route: orgPaths.settingsTasks, superadminOnly: false },
  { key: 'actions', route: orgPaths.settingsActions, superadminOnly: false },
  { key: 'automation', route: orgPaths.settingsAutomation, superadminOnly: false },
  { key: 'watch', route: orgPaths.settingsWatch, superadminOnly: false },
  { key: 'tablet', route: orgPaths.settingsTablet, superadminOnly: false },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Spec 001 §2, §6: the general tab is only for superadmins. */
export function visibleSettingsTabs(roles: readonly Role[]): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => !tab.superadminOnly || isSuperadmin(roles));
}

/** /settings goes to general for superadmins, to shift-planner for everyone else. */
export function settingsLandingRoute(roles: readonly Role[]): string {
  return isSuperadmin(roles) ? orgPaths.settingsGeneral : orgPaths.settingsShiftPlanner;
}
