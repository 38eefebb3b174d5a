import { Service } from 'electrodb';
import { USER_GROUP_COLORS } from '@portal/shared/constants';
import { searchKey } from '@portal/shared/text/search-key';
import { DEFAULT_FEATURE_FLAGS } from '@portal/shared/tenancy/features';
import type { Role } from '@portal/shared/tenancy/roles';
import { entityConfig } from '../platform/db/client.ts';
import { lazy } from '../platform/db/lazy.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { committed } from '../platform/db/transaction.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../platform/db/unprocessed.ts';
import { GeneralSettingsEntity } from '../platform/tenancy/general-settings.entity.ts';
import { GroupMemberEntity } from '../platform/tenancy/group-member.entity.ts';
import { MembershipEntity } from '../platform/tenancy/membership.entity.ts';
import { UserEmailEntity, emailKey } from '../platform/tenancy/user-email.entity.ts';
import { EVERYONE_GROUP_ID, UserGroupEntity, groupRank } from '../platform/tenancy/user-group.entity.ts';
import { UserProfileEntity, userKind } from '../platform/tenancy/user-profile.entity.ts';
import { UserSearchTermEntity, searchTermsOf } from '../platform/tenancy/user-search-term.entity.ts';
import { PersonRosterEntity } from '../platform/tenancy/person-roster.entity.ts';
import { rosterKey } from '../platform/tenancy/person-roster.ts';
import { OrganizationEntity, type Organization } from './organization.entity.ts';

/** The entities that are written together when an organisation is founded. */
const founding = lazy(() => new Service(
  {
    organization: OrganizationEntity,
    settings: GeneralSettingsEntity,
    membership: MembershipEntity,
    profile: UserProfileEntity,
    email: UserEmailEntity,
    group: UserGroupEntity,
    groupMember: GroupMemberEntity,
    searchTerm: UserSearchTermEntity,
    roster: PersonRosterEntity,
  },
  entityConfig(),
));

export async function getOrganizationsByIds(orgIds: string[]): Promise<Organization[]> {
  if (orgIds.length === 0) return [];
  // ElectroDB splits the keys into BatchGetItem calls of 100; what DynamoDB leaves unprocessed is asked again.
  return getEvery([...new Set(orgIds)].map((orgId) => ({ orgId })), (pending) => OrganizationEntity.get(pending).go({ concurrent: BATCH_GET_CONCURRENT }), 'organisations of a membership list');
}

/** Sets the organisation's IANA zone; false when there is no such organisation (patch requires the row). */
export async function setOrganizationTimeZone(orgId: string, timeZone: string): Promise<boolean> {
  return conditionalWrite(() => OrganizationEntity.patch({ orgId }).set({ timeZone }).go());
}

export interface NewOrganization {
  orgId: string;
  name: string;
  timeZone: string;
  owner: { userId: string; email: string; firstname: string; lastname: string; roles: Role[] };
}

/**
 * Organisation, default settings, the everyone group and the first member (membership, profile,
 * email row, everyone-group membership): all or nothing, in one transaction.
 */
export async function insertOrganization(input: NewOrganization): Promise<void> {
  const { orgId, owner } = input;
  const result = await founding.transaction
    .write(({ organization, settings, membership, profile, email, group, groupMember, searchTerm, roster }) => [
      organization.create({ orgId, name: input.name, timeZone: input.timeZone }).commit(),
      settings.create({ orgId, features: DEFAULT_FEATURE_FLAGS, dashboards: ['tasks', 'actions'] }).commit(),
      group
        .create({
          orgId,
          groupId: EVERYONE_GROUP_ID,
          name: 'Everyone',
          color: USER_GROUP_COLORS[5],
          type: 'everyone',
          rank: groupRank('everyone'),
          nameKey: searchKey('Everyone'),
        })
        .commit(),
      membership.create({ orgId, userId: owner.userId, roles: owner.roles, accessLevel: owner.roles[0] }).commit(),
      profile
        .create({
          orgId,
          userId: owner.userId,
          email: owner.email,
          firstname: owner.firstname,
          lastname: owner.lastname,
          type: 'normal',
          kind: userKind('normal'),
          accessLevel: owner.roles[0] ?? 'employee',
          nameKey: searchKey(`${owner.lastname} ${owner.firstname}`),
        })
        .commit(),
      email.create({ orgId, emailKey: emailKey(owner.email), userId: owner.userId }).commit(),
      groupMember.create({ orgId, groupId: EVERYONE_GROUP_ID, userId: owner.userId }).commit(),
      ...searchTermsOf({ orgId, kind: 'PERSON', type: 'normal', accessLevel: owner.roles[0] ?? 'employee', ...owner }).map((term) => searchTerm.put(term).commit()),
      roster.update(rosterKey(orgId, owner.userId)).add({ userIds: [owner.userId] }).commit(),
    ])
    .go();
  committed(result);
}
