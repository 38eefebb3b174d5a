import { mayUseArea } from './areas.ts';
import { FEATURE_KEYS, FEATURE_ROUTES, isFeatureEnabled, type FeatureFlags, type FeatureKey } from './features.ts';
import type { Role } from './roles.ts';

export const NO_ACCESS_ROUTE = '/no-access';

export interface LandingInput {
  flags: Partial<FeatureFlags>;
  /** The dashboard entry is enabled only if at least one dashboard is enabled. */
  anyDashboardEnabled: boolean;
  roles: readonly Role[];
}

/** Whether a feature's entry is usable for this user: flag on, dashboard rule, the role rule of areas.ts. */
export function isFeatureAvailable(key: FeatureKey, input: LandingInput): boolean {
  if (!isFeatureEnabled(input.flags, key)) return false;
  if (key === 'dashboard' && !input.anyDashboardEnabled) return false;
  if (!mayUseArea(input.roles, key)) return false;
  return true;
}

/**
 * The landing route is the first enabled feature route in sidebar order, skipping the dashboard
 * when no dashboard is enabled; with none enabled it is the no-access page.
 */
export function landingRoute(input: LandingInput): string {
  const first = FEATURE_KEYS.find((key) => isFeatureAvailable(key, input));
  return first ? FEATURE_ROUTES[first] : NO_ACCESS_ROUTE;
}
