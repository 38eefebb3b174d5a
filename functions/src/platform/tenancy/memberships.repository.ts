import type { Role } from '@portal/shared/tenancy/roles';
import type { OrganizationRoles } from '@portal/shared/tenancy/principal';
import { MembershipEntity } from './membership.entity.ts';

/** All organisations of a user with the roles held there: one Query on gsi1 (all pages). */
export async function rolesByOrganization(userId: string): Promise<OrganizationRoles> {
  const { data } = await MembershipEntity.query.byUser({ userId }).go({ pages: 'all' });
  return Object.fromEntries(data.map((m) => [m.orgId, [...m.roles] as Role[]]));
}

// AP9: the roles a user holds in one organisation right now (none when not a member); only the roles
// are read, in front of every organisation request.
export async function currentRoles(orgId: string, userId: string): Promise<Role[]> {
  const { data } = await MembershipEntity.get({ orgId, userId }).go({ attributes: ['roles'] });
  return data ? ([...data.roles] as Role[]) : [];
}
