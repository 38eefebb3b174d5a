import { DASHBOARD_VARIANTS, type DashboardVariant } from '@portal/shared/settings/dashboard-variants';
import { orgPaths } from '../../../lib/paths.ts';

export type { DashboardVariant };

/** Each variant's own path; /dashboard itself shows the first enabled one. */
export const VARIANT_PATHS: Readonly<Record<DashboardVariant, string>> = {
  tasks: orgPaths.dashboardTasks,
  actions: orgPaths.dashboardActions,
  custom: orgPaths.dashboardCustom,
};

/**
 * The organisation's enabled dashboards (general settings `dashboards`) in the settings page's
 * order (tasks, actions, custom), whatever order the setting stores; unknown names are dropped.
 */
export function enabledVariants(dashboards: readonly string[]): DashboardVariant[] {
  return DASHBOARD_VARIANTS.filter((variant) => dashboards.includes(variant));
}

/**
 * The tabs when more than one dashboard is enabled (none otherwise). The first enabled one links to
 * /dashboard, where it is shown, so its tab is the current page there and on its own path alike.
 */
export function variantTabs(enabled: readonly DashboardVariant[]): { variant: DashboardVariant; to: string }[] {
  if (enabled.length < 2) return [];
  return enabled.map((variant, index) => ({ variant, to: index === 0 ? orgPaths.dashboard : VARIANT_PATHS[variant] }));
}
