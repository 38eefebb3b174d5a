import {
  FEATURE_KEYS,
  FEATURE_ROUTES,
  isFeatureEnabled,
  isFeatureHidden,
  type FeatureFlags,
  type FeatureKey,
} from '@portal/shared/tenancy/features';
import { MANAGER_ONLY_FEATURES } from '@portal/shared/tenancy/landing-route';
import { MANAGER_ROLES, hasAnyRole, normaliseRole, type Role } from '@portal/shared/tenancy/roles';

export interface SidebarEntry {
  key: FeatureKey;
  route: string;
  enabled: boolean;
}

/**
 * Sidebar stub: features in sidebar order, 'disable-and-hide' ones left out, 'disable' ones shown
 * but not linked. The dashboard-count rule and setup links come with the full shell.
 */
export function sidebarEntries(flags: Partial<FeatureFlags>, roleNames: readonly string[]): SidebarEntry[] {
  const roles = roleNames.flatMap((name) => normaliseRole(name) ?? []) as Role[];
  const manager = hasAnyRole(roles, MANAGER_ROLES);
  return FEATURE_KEYS.filter((key) => !isFeatureHidden(flags, key))
    .filter((key) => manager || !MANAGER_ONLY_FEATURES.includes(key))
    .map((key) => ({ key, route: FEATURE_ROUTES[key], enabled: isFeatureEnabled(flags, key) }));
}
