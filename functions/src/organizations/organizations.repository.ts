import { Service } from 'electrodb';
import { DEFAULT_FEATURE_FLAGS } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { entityConfig } from '../platform/db/client.ts';
import { GeneralSettingsEntity } from '../platform/tenancy/general-settings.entity.ts';
import { MembershipEntity } from '../platform/tenancy/membership.entity.ts';
import { OrganizationEntity, type Organization } from './organization.entity.ts';

/** The entities that are written together when an organisation is founded. */
const tenancy = new Service(
  { organization: OrganizationEntity, membership: MembershipEntity, settings: GeneralSettingsEntity },
  entityConfig(),
);

export async function getOrganizationsByIds(orgIds: string[]): Promise<Organization[]> {
  if (orgIds.length === 0) return [];
  // BatchGet: ElectroDB splits into chunks of 100 and retries unprocessed keys.
  const { data } = await OrganizationEntity.get(orgIds.map((orgId) => ({ orgId }))).go();
  return data;
}

export interface NewOrganization {
  orgId: string;
  name: string;
  timeZone: string;
  ownerUserId: string;
  ownerRoles: Role[];
}

/** Organisation, its default settings and its first member, all or nothing. */
export async function insertOrganization(input: NewOrganization): Promise<void> {
  await tenancy.transaction
    .write(({ organization, membership, settings }) => [
      organization.create({ orgId: input.orgId, name: input.name, timeZone: input.timeZone }).commit(),
      settings
        .create({ orgId: input.orgId, features: DEFAULT_FEATURE_FLAGS, dashboards: ['tasks', 'actions'] })
        .commit(),
      membership.create({ orgId: input.orgId, userId: input.ownerUserId, roles: input.ownerRoles }).commit(),
    ])
    .go();
}
