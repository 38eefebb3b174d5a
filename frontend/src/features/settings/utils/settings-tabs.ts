import { isFeatureHidden, type FeatureKey } from '@portal/shared/tenancy/features';
import { isFeatureAvailable } from '@portal/shared/tenancy/landing-route';
import { isSuperadmin, type AccessInput } from '../../../lib/access.ts';
import { orgPaths } from '../../../lib/paths.ts';

/** A tab of /settings; `feature`: the module whose flag the tab follows; `order`: its place (spec 001 §2). */
export interface SettingsTab {
  key: string;
  route: string;
  order: number;
  superadminOnly: boolean;
  feature?: FeatureKey | undefined;
}

/**
 * This feature's own tabs (setup: general, watch, tablet). The modules' own tabs (shift planner,
 * tasks, actions, automation, the audit trail) are declared by their features
 * (`ModuleSettingsTab`) and handed in by the app, which places them by their `order`.
 */
const OWN_TABS: readonly SettingsTab[] = [
  { key: 'general', route: orgPaths.settingsGeneral, order: 0, superadminOnly: true },
  { key: 'watch', route: orgPaths.settingsWatch, order: 50, superadminOnly: false },
  { key: 'tablet', route: orgPaths.settingsTablet, order: 60, superadminOnly: false },
];

/** Every tab in the spec's order: this feature's and the modules'. */
export const allSettingsTabs = (moduleTabs: readonly SettingsTab[]): SettingsTab[] => [...OWN_TABS, ...moduleTabs].sort((a, b) => a.order - b.order);

/** A tab as this person sees it: `enabled` false is shown but not a link. */
export type SettingsTabState = SettingsTab & { enabled: boolean };

/**
 * Spec 001 §2, §6: the general tab is only for superadmins. A module's tab follows its flag as the
 * sidebar's entry does (decision 0048): 'disable-and-hide' leaves it out, 'disable' shows it disabled,
 * since the module's settings routes refuse a module that is off.
 */
export function settingsTabs(input: AccessInput, moduleTabs: readonly SettingsTab[]): SettingsTabState[] {
  return allSettingsTabs(moduleTabs)
    .filter((tab) => !tab.superadminOnly || isSuperadmin(input.roles))
    .filter((tab) => !tab.feature || !isFeatureHidden(input.flags, tab.feature))
    .map((tab) => ({ ...tab, enabled: !tab.feature || isFeatureAvailable(tab.feature, input) }));
}

/**
 * /settings lands on the first tab the person may use: general for superadmins, shift-planner for
 * everyone else while the shift planner is on (spec 001 §2), else the next. Watch has no flag, so
 * there is always one.
 */
export function settingsLandingRoute(input: AccessInput, moduleTabs: readonly SettingsTab[]): string {
  return settingsTabs(input, moduleTabs).find((tab) => tab.enabled)?.route ?? orgPaths.settingsWatch;
}

/** Whether the tab of `key` is one this person may open. */
export function maySettingsTab(key: string, input: AccessInput, moduleTabs: readonly SettingsTab[]): boolean {
  return settingsTabs(input, moduleTabs).some((tab) => tab.key === key && tab.enabled);
}
