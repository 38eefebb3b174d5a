import { normaliseRole, type Role } from './roles.ts';

/**
 * The custom claim the pre-token-generation trigger writes. Cognito (V1 trigger) only accepts
 * string claim values, so the map orgId -> roles travels as a JSON string.
 */
export const ORGANIZATIONS_CLAIM = 'portal:orgs';

export interface Principal {
  userId: string;
  email?: string;
  /** orgId -> roles held in that organisation */
  organizations: Record<string, Role[]>;
}

export type OrganizationRoles = Record<string, Role[]>;

/** Encodes memberships into the claim value; the inverse of `parseOrganizationsClaim`. */
export function encodeOrganizationsClaim(organizations: OrganizationRoles): string {
  return JSON.stringify(organizations);
}

/** Tolerant parse: unknown roles and malformed entries are dropped rather than trusted. */
export function parseOrganizationsClaim(value: unknown): OrganizationRoles {
  if (typeof value !== 'string' || value === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const result: OrganizationRoles = {};
  for (const [orgId, roles] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Array.isArray(roles)) continue;
    const valid = roles.flatMap((r) => (typeof r === 'string' ? (normaliseRole(r) ?? []) : []));
    if (valid.length) result[orgId] = valid;
  }
  return result;
}

/** Verified token claims -> principal. Throws when the token names no subject. */
export function principalFromClaims(claims: Record<string, unknown>): Principal {
  const userId = claims.sub;
  if (typeof userId !== 'string' || !userId) throw new Error('Token has no subject');
  return {
    userId,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    organizations: parseOrganizationsClaim(claims[ORGANIZATIONS_CLAIM]),
  };
}

export function rolesIn(principal: Principal, orgId: string): Role[] {
  return principal.organizations[orgId] ?? [];
}

export function isMemberOf(principal: Principal, orgId: string): boolean {
  return rolesIn(principal, orgId).length > 0;
}
