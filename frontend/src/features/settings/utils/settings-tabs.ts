import { isFeatureHidden, type FeatureKey } from '@portal/shared/tenancy/features';
import { isFeatureAvailable } from '@portal/shared/tenancy/landing-route';
import { isSuperadmin, type AccessInput } from '../../../lib/access.ts';
import { orgPaths } from '../../../lib/paths.ts';

/** The tabs in the spec's order (spec 001 §2), then the audit trail's; `feature`: the module whose flag the tab follows. */
export const SETTINGS_TABS = [
  { key: 'general', route: orgPaths.settingsGeneral, superadminOnly: true },
  { key: 'shiftPlanner', route: orgPaths.settingsShiftPlanner, superadminOnly: false, feature: 'shift_planner' },
  { key: 'tasks', route: orgPaths.settingsTasks, superadminOnly: false, feature: 'tasks' },
  { key: 'actions', route: orgPaths.settingsActions, superadminOnly: false, feature: 'actions' },
  { key: 'automation', route: orgPaths.settingsAutomation, superadminOnly: false, feature: 'automation' },
  { key: 'watch', route: orgPaths.settingsWatch, superadminOnly: false },
  { key: 'tablet', route: orgPaths.settingsTablet, superadminOnly: false },
  // Issue 32: the audit module's tab, no flag; its label is the module's (locales "@settings").
  { key: 'audit', route: orgPaths.settingsAudit, superadminOnly: true },
] as const satisfies readonly { key: string; route: string; superadminOnly: boolean; feature?: FeatureKey }[];

export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** A tab as this person sees it: `enabled` false is shown but not a link. */
export type SettingsTabState = SettingsTab & { enabled: boolean };

const featureOf = (tab: SettingsTab): FeatureKey | undefined => ('feature' in tab ? tab.feature : undefined);

/**
 * Spec 001 §2, §6: the general tab is only for superadmins. A module's tab follows its flag as the
 * sidebar's entry does (decision 0048): 'disable-and-hide' leaves it out, 'disable' shows it disabled,
 * since the module's settings routes refuse a module that is off.
 */
export function settingsTabs(input: AccessInput): SettingsTabState[] {
  return SETTINGS_TABS.filter((tab) => !tab.superadminOnly || isSuperadmin(input.roles))
    .filter((tab) => {
      const feature = featureOf(tab);
      return !feature || !isFeatureHidden(input.flags, feature);
    })
    .map((tab) => {
      const feature = featureOf(tab);
      return { ...tab, enabled: !feature || isFeatureAvailable(feature, input) };
    });
}

/**
 * /settings lands on the first tab the person may use: general for superadmins, shift-planner for
 * everyone else while the shift planner is on (spec 001 §2), else the next. Watch has no flag, so
 * there is always one.
 */
export function settingsLandingRoute(input: AccessInput): string {
  return settingsTabs(input).find((tab) => tab.enabled)?.route ?? orgPaths.settingsWatch;
}

/** Whether the tab of `key` is one this person may open. */
export function maySettingsTab(key: SettingsTab['key'], input: AccessInput): boolean {
  return settingsTabs(input).some((tab) => tab.key === key && tab.enabled);
}
