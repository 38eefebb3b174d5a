import { isSetupArea, mayUseArea, type Area, type SetupArea } from '@portal/shared/tenancy/areas';
import { FEATURE_KEYS, type FeatureKey } from '@portal/shared/tenancy/features';
import { isFeatureAvailable, type LandingInput } from '@portal/shared/tenancy/landing-route';
import { MANAGER_ROLES, SENDER_ROLES, hasAnyRole, normaliseRole, type Role } from '@portal/shared/tenancy/roles';
import { orgPaths } from './paths.ts';

export type { Area, SetupArea };

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
 * The route rule, read from the one role rule (shared/src/tenancy/areas.ts): an area the role may
 * not use shows the no-access page, except that senders (assistants) are redirected from automation
 * and setup to /dashboard (spec 001 §6); a feature that is off shows the no-access page too.
 */
export function areaGate(area: Area, input: AccessInput): AreaGate {
  if (!mayUseArea(input.roles, area)) {
    const sender = hasAnyRole(input.roles, SENDER_ROLES);
    return sender && (area === 'automation' || isSetupArea(area)) ? { kind: 'redirect', to: orgPaths.dashboard } : { kind: 'no-access' };
  }
  if (isFeatureKey(area) && !isFeatureAvailable(area, input)) return { kind: 'no-access' };
  return { kind: 'allow' };
}
