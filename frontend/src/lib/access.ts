import { FEATURE_KEYS, type FeatureKey } from '@portal/shared/tenancy/features';
import { isFeatureAvailable, type LandingInput } from '@portal/shared/tenancy/landing-route';
import { MANAGER_ROLES, hasAnyRole, normaliseRole, type Role } from '@portal/shared/tenancy/roles';
import { orgPaths } from './paths.ts';

/** The areas of the shell: the feature modules, setup pages and the knowledge centre. */
export const SETUP_AREAS = ['users', 'devices', 'settings'] as const;
export type SetupArea = (typeof SETUP_AREAS)[number];
export type Area = FeatureKey | SetupArea | 'help';

export type AccessInput = LandingInput;

/** What a route of an area shows: the page, the no-access page, or a redirect (in-org route). */
export type AreaGate = { kind: 'allow' } | { kind: 'no-access' } | { kind: 'redirect'; to: string };

/** Role names as the server sent them, compared case-insensitively; unknown ones are dropped. */
export function toRoles(names: readonly string[]): Role[] {
  return names.flatMap((name) => normaliseRole(name) ?? []);
}

/** Setup and automation belong to managers; assistants (and employees) are kept out (spec 001 §6). */
export function isManager(roles: readonly Role[]): boolean {
  return hasAnyRole(roles, MANAGER_ROLES);
}

export function isSuperadmin(roles: readonly Role[]): boolean {
  return roles.includes('superadmin');
}

function isFeatureKey(area: Area): area is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(area);
}

/**
 * Route rule of spec 001 §6 and spec 000 §2: non-managers are redirected from users, devices,
 * settings and automation to /dashboard; a feature that is not available shows the no-access page.
 */
export function areaGate(area: Area, input: AccessInput): AreaGate {
  const managerOnly = area === 'automation' || (SETUP_AREAS as readonly string[]).includes(area);
  if (managerOnly && !isManager(input.roles)) return { kind: 'redirect', to: orgPaths.dashboard };
  if (isFeatureKey(area) && !isFeatureAvailable(area, input)) return { kind: 'no-access' };
  return { kind: 'allow' };
}
