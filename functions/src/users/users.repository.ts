import { Service } from 'electrodb';
import { rolesForAccessLevel, type AccessLevelId } from '@portal/shared/users/access-levels';
import { searchKey } from '@portal/shared/text/search-key';
import type { UserType } from '@portal/shared/users/user.schema';
import { entityConfig } from '../platform/db/client.ts';
import { withPageToken } from '../platform/db/paging.ts';
import { committed, withConflictRetry } from '../platform/db/transaction.ts';
import { GroupMemberEntity } from '../platform/tenancy/group-member.entity.ts';
import { MembershipEntity } from '../platform/tenancy/membership.entity.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import { UserEmailEntity, emailKey } from '../platform/tenancy/user-email.entity.ts';
import { UserProfileEntity, userKind, type UserProfile } from '../platform/tenancy/user-profile.entity.ts';
import { UserSearchTermEntity, searchTermsOf } from '../platform/tenancy/user-search-term.entity.ts';
import { PersonRosterEntity } from '../platform/tenancy/person-roster.entity.ts';
import { rosterKey } from '../platform/tenancy/person-roster.ts';

/** Everything one user is made of in an organisation, written and removed together. */
const users = new Service(
  {
    profile: UserProfileEntity,
    email: UserEmailEntity,
    membership: MembershipEntity,
    term: UserSearchTermEntity,
    groupMember: GroupMemberEntity,
    roster: PersonRosterEntity,
  },
  entityConfig(),
);

export interface UserRecord {
  orgId: string;
  userId: string;
  email: string;
  firstname: string;
  lastname: string;
  type: UserType;
  accessLevel: AccessLevelId;
  pinHash?: string;
  triggerMenuGroupId?: string;
}

function profileOf(user: UserRecord) {
  return {
    ...user,
    kind: userKind(user.type),
    nameKey: searchKey(`${user.lastname} ${user.firstname}`),
  };
}

const termsOf = (user: UserRecord) => searchTermsOf({ ...user, kind: userKind(user.type) });

export async function getProfile(orgId: string, userId: string): Promise<UserProfile | null> {
  return (await UserProfileEntity.get({ orgId, userId }).go()).data;
}

// AP12
export async function userIdByEmail(orgId: string, email: string): Promise<string | undefined> {
  return (await UserEmailEntity.get({ orgId, emailKey: emailKey(email) }).go()).data?.userId;
}

// AP11: the email row's condition makes a second user with the same email in this org fail.
export async function insertUser(user: UserRecord): Promise<void> {
  const isPerson = userKind(user.type) === 'PERSON';
  await withConflictRetry(() => users.transaction
    .write(({ profile, email, membership, term, groupMember, roster }) => [
      email.create({ orgId: user.orgId, emailKey: emailKey(user.email), userId: user.userId }).commit(),
      profile.create(profileOf(user)).commit(),
      membership
        .create({ orgId: user.orgId, userId: user.userId, roles: rolesForAccessLevel(user.accessLevel), accessLevel: user.accessLevel })
        .commit(),
      ...termsOf(user).map((row) => term.put(row).commit()),
      // Created people join the everyone group (spec 001 §7); device users do not.
      ...(isPerson
        ? [
            groupMember.create({ orgId: user.orgId, groupId: EVERYONE_GROUP_ID, userId: user.userId }).commit(),
            roster.update(rosterKey(user.orgId, user.userId)).add({ userIds: [user.userId] }).commit(),
          ]
        : []),
    ])
    .go());
}

/** Rewrites profile, role, search terms and (when the email changed) the email row in one transaction. */
export async function replaceUser(before: UserRecord, after: UserRecord): Promise<void> {
  const emailChanged = emailKey(before.email) !== emailKey(after.email);
  const oldTerms = termsOf(before);
  const newTerms = termsOf(after);
  const key = (t: { kind: string; term: string }) => `${t.kind}|${t.term}`;
  const keep = new Set(newTerms.map(key));
  const had = new Set(oldTerms.map(key));
  await withConflictRetry(() => users.transaction
    .write(({ profile, email, membership, term, roster }) => [
      profile.put(profileOf(after)).commit(),
      ...(userKind(before.type) !== userKind(after.type)
        ? [
            userKind(after.type) === 'PERSON'
              ? roster.update(rosterKey(after.orgId, after.userId)).add({ userIds: [after.userId] }).commit()
              : roster.update(rosterKey(after.orgId, after.userId)).delete({ userIds: [after.userId] }).commit(),
          ]
        : []),
      membership
        .patch({ orgId: after.orgId, userId: after.userId })
        .set({ roles: rolesForAccessLevel(after.accessLevel), accessLevel: after.accessLevel })
        .commit(),
      ...(emailChanged
        ? [
            email.delete({ orgId: before.orgId, emailKey: emailKey(before.email) }).commit(),
            email.create({ orgId: after.orgId, emailKey: emailKey(after.email), userId: after.userId }).commit(),
          ]
        : []),
      ...oldTerms.filter((t) => !keep.has(key(t))).map((t) => term.delete(t).commit()),
      ...newTerms.filter((t) => !had.has(key(t))).map((t) => term.put(t).commit()),
    ])
    .go());
}

/** Removes the user from the organisation: profile, email row, membership, terms and group rows. */
export async function removeUser(user: UserRecord, groupIds: string[]): Promise<void> {
  await withConflictRetry(() => users.transaction
    .write(({ profile, email, membership, term, groupMember, roster }) => [
      profile.delete({ orgId: user.orgId, userId: user.userId }).commit(),
      ...(userKind(user.type) === 'PERSON' ? [roster.update(rosterKey(user.orgId, user.userId)).delete({ userIds: [user.userId] }).commit()] : []),
      email.delete({ orgId: user.orgId, emailKey: emailKey(user.email) }).commit(),
      membership.delete({ orgId: user.orgId, userId: user.userId }).commit(),
      ...termsOf(user).map((t) => term.delete(t).commit()),
      ...groupIds.map((groupId) => groupMember.delete({ orgId: user.orgId, groupId, userId: user.userId }).commit()),
    ])
    .go());
}

// AP15: a page of the Users or Device Specific tab, sorted by name.
export async function listProfiles(orgId: string, kind: 'PERSON' | 'DEVICE', limit: number, cursor?: string) {
  return withPageToken(() => UserProfileEntity.query.byName({ orgId, kind }).go({ limit, cursor: cursor ?? null }));
}

// AP16: prefix search over the term rows, then the profiles by BatchGet.
export async function searchProfiles(orgId: string, kind: 'PERSON' | 'DEVICE', filter: string, limit: number, cursor?: string) {
  const terms = await withPageToken(() =>
    UserSearchTermEntity.query.byTerm({ orgId, kind }).begins({ term: searchKey(filter) }).go({ limit, cursor: cursor ?? null }),
  );
  const ids = [...new Set(terms.data.map((t) => t.userId))];
  const profiles = ids.length ? (await UserProfileEntity.get(ids.map((userId) => ({ orgId, userId }))).go()).data : [];
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []), cursor: terms.cursor };
}

// AP22
export async function groupIdsOf(orgId: string, userId: string): Promise<string[]> {
  const { data } = await GroupMemberEntity.query.byUser({ orgId, userId }).go({ pages: 'all' });
  return data.map((row) => row.groupId);
}

// AP23: one transaction per 100 changes (DynamoDB's limit).
export async function changeGroups(orgId: string, userId: string, add: string[], remove: string[]): Promise<void> {
  const changes = [...add.map((groupId) => ({ groupId, add: true })), ...remove.map((groupId) => ({ groupId, add: false }))];
  for (let i = 0; i < changes.length; i += 100) {
    const chunk = changes.slice(i, i + 100);
    committed(await users.transaction
      .write(({ groupMember }) =>
        chunk.map((c) =>
          c.add ? groupMember.put({ orgId, groupId: c.groupId, userId }).commit() : groupMember.delete({ orgId, groupId: c.groupId, userId }).commit(),
        ),
      )
      .go());
  }
}
