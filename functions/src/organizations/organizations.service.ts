import { randomUUID } from 'node:crypto';
import type { FeatureSettingsResponse, OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import type { Role } from '@portal/shared/tenancy/roles';
import { getEnabledDashboards, getFeatureFlags } from '../platform/tenancy/feature-flags.repository.ts';
import { rolesByOrganization } from '../platform/tenancy/memberships.repository.ts';
import { getOrganizationsByIds, insertOrganization, type NewOrganization } from './organizations.repository.ts';

/** The caller's organisations, read from memberships (not the token) so a new one shows at once. */
export async function listOrganizationsOf(userId: string): Promise<OrganizationSummary[]> {
  const roles = await rolesByOrganization(userId);
  const organizations = await getOrganizationsByIds(Object.keys(roles));
  return organizations
    .map((org) => ({ id: org.orgId, name: org.name, time_zone: org.timeZone, roles: roles[org.orgId] ?? [] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The organisation's feature flags and enabled dashboards, which every member's screens follow. */
export async function getFeatureSettings(orgId: string): Promise<FeatureSettingsResponse> {
  const [features, dashboards] = await Promise.all([getFeatureFlags(orgId), getEnabledDashboards(orgId)]);
  return { features, dashboards };
}

export interface FoundOrganization {
  name: string;
  timeZone: string;
  owner: Omit<NewOrganization['owner'], 'roles'> & { roles?: Role[] };
}

/** Creates an organisation with default settings, the everyone group and its first member (a superadmin by default). */
export async function foundOrganization(input: FoundOrganization): Promise<string> {
  const orgId = randomUUID();
  await insertOrganization({
    orgId,
    name: input.name,
    timeZone: input.timeZone,
    owner: { ...input.owner, roles: input.owner.roles ?? ['superadmin'] },
  });
  return orgId;
}
