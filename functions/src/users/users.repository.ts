import { Service } from 'electrodb';
import { rolesForAccessLevel, type AccessLevelId } from '@portal/shared/users/access-levels';
import { searchKey } from '@portal/shared/text/search-key';
import type { UserType } from '@portal/shared/users/user.schema';
import { entityConfig } from '../platform/db/client.ts';
import { lazy } from '../platform/db/lazy.ts';
import { withPageToken } from '../platform/db/paging.ts';
import { TransactionCanceledError, committed, withConflictRetry, type TransactionResult } from '../platform/db/transaction.ts';
import { GroupMemberEntity } from '../platform/tenancy/group-member.entity.ts';
import { MembershipEntity } from '../platform/tenancy/membership.entity.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import { UserEmailEntity, emailKey } from '../platform/tenancy/user-email.entity.ts';
import { UserProfileEntity, userKind, type UserProfile } from '../platform/tenancy/user-profile.entity.ts';
import { UserSearchTermEntity, searchTermsOf } from '../platform/tenancy/user-search-term.entity.ts';
import { PersonRosterEntity } from '../platform/tenancy/person-roster.entity.ts';
import { rosterKey } from '../platform/tenancy/person-roster.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../platform/db/unprocessed.ts';

/** Everything one user is made of in an organisation, written and removed together. */
const users = lazy(() => new Service(
  {
    profile: UserProfileEntity,
    email: UserEmailEntity,
    membership: MembershipEntity,
    term: UserSearchTermEntity,
    groupMember: GroupMemberEntity,
    roster: PersonRosterEntity,
  },
  entityConfig(),
));

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

/**
 * What a write was decided on, checked again by DynamoDB in the same transaction (decision 0009):
 * a change that needs a superadmin also needs the caller to still be one at commit, and the
 * target's membership must still hold (or still not hold) the superadmin role as it was read.
 * This makes "at least one superadmin" hold even when two superadmins demote each other at once:
 * the caller is always a different superadmin than the target (nobody changes or deletes
 * themselves), so every committed demotion or removal leaves its caller a superadmin.
 */
export interface WriteGuard {
  /** The caller, whose membership must still carry the superadmin role (never the target itself). */
  superadminCaller?: string;
  /** Whether the target's membership held the superadmin role when the service read it (unset: not checked). */
  targetWasSuperadmin?: boolean;
}

/** A guard's condition failed: `caller` lost the superadmin role meanwhile, or the `target` changed. */
export class GuardFailedError extends Error {
  override readonly name = 'GuardFailedError';
  constructor(readonly guard: 'caller' | 'target') {
    super(`Write guard failed: ${guard}`);
  }
}

/**
 * Runs a guarded transaction (the caller check, when there is one, is always its first item;
 * `targetIndex` is where the target's membership write sits) and turns a failed guard condition
 * into a GuardFailedError. Any other condition failure (e.g. the email row) passes through.
 */
async function guarded<T extends TransactionResult>(write: () => Promise<T>, targetIndex: number | undefined, hasCallerCheck: boolean): Promise<T> {
  try {
    return await withConflictRetry(write);
  } catch (error) {
    if (error instanceof TransactionCanceledError) {
      if (hasCallerCheck && error.rejectedAt(0)) throw new GuardFailedError('caller');
      if (error.rejectedAt(targetIndex)) throw new GuardFailedError('target');
    }
    throw error;
  }
}

const callerOf = (guard: WriteGuard, targetId: string) => (guard.superadminCaller === targetId ? undefined : guard.superadminCaller);

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

// AP17, one attribute: the trigger group each user chose as their menu; users without one are left out.
export async function triggerMenuGroupIds(orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const keys = [...new Set(userIds)].map((userId) => ({ orgId, userId }));
  const data = await getEvery(keys, (pending) => UserProfileEntity.get(pending).go({ attributes: ['userId', 'triggerMenuGroupId'], concurrent: BATCH_GET_CONCURRENT }), 'trigger menus of users');
  return new Map(data.flatMap((p) => (p.triggerMenuGroupId ? [[p.userId, p.triggerMenuGroupId] as const] : [])));
}

// AP12
export async function userIdByEmail(orgId: string, email: string): Promise<string | undefined> {
  return (await UserEmailEntity.get({ orgId, emailKey: emailKey(email) }).go()).data?.userId;
}

// AP11: the email row's condition makes a second user with the same email in this org fail.
export async function insertUser(user: UserRecord, guard: WriteGuard = {}): Promise<void> {
  const isPerson = userKind(user.type) === 'PERSON';
  const caller = callerOf(guard, user.userId);
  await guarded(() => users.transaction
    .write(({ profile, email, membership, term, groupMember, roster }) => [
      ...(caller ? [callerCheck(membership, user.orgId, caller)] : []),
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
    .go(), undefined, Boolean(caller));
}

type MembershipWriter = Parameters<Parameters<typeof users.transaction.write>[0]>[0]['membership'];

/** The caller still holds the superadmin role (AP9's row, checked at commit). A transaction cannot touch one item twice, so never for the target itself. */
function callerCheck(membership: MembershipWriter, orgId: string, userId: string) {
  return membership
    .check({ orgId, userId })
    .where(({ roles }, { contains }) => contains(roles, 'superadmin'))
    .commit();
}

/** Rewrites profile, role, search terms and (when the email changed) the email row in one transaction. */
export async function replaceUser(before: UserRecord, after: UserRecord, guard: WriteGuard = {}): Promise<void> {
  const emailChanged = emailKey(before.email) !== emailKey(after.email);
  const oldTerms = termsOf(before);
  const newTerms = termsOf(after);
  const key = (t: { kind: string; term: string }) => `${t.kind}|${t.term}`;
  const keep = new Set(newTerms.map(key));
  const caller = callerOf(guard, after.userId);
  const was = guard.targetWasSuperadmin;
  const kindChanged = userKind(before.type) !== userKind(after.type);
  // The membership write's place in the items: after the caller check, the profile and a roster change.
  const membershipIndex = (caller ? 1 : 0) + 1 + (kindChanged ? 1 : 0);
  await guarded(() => users.transaction
    .write(({ profile, email, membership, term, roster }) => [
      ...(caller ? [callerCheck(membership, after.orgId, caller)] : []),
      profile.put(profileOf(after)).commit(),
      ...(kindChanged
        ? [
            userKind(after.type) === 'PERSON'
              ? roster.update(rosterKey(after.orgId, after.userId)).add({ userIds: [after.userId] }).commit()
              : roster.update(rosterKey(after.orgId, after.userId)).delete({ userIds: [after.userId] }).commit(),
          ]
        : []),
      membership
        .patch({ orgId: after.orgId, userId: after.userId })
        .set({ roles: rolesForAccessLevel(after.accessLevel), accessLevel: after.accessLevel })
        // The target's superadmin role as read (decision 0009); no condition when the guard does not ask.
        .where(({ roles }, { contains, notContains }) =>
          was === undefined ? '' : was ? contains(roles, 'superadmin') : notContains(roles, 'superadmin'),
        )
        .commit(),
      ...(emailChanged
        ? [
            email.delete({ orgId: before.orgId, emailKey: emailKey(before.email) }).commit(),
            email.create({ orgId: after.orgId, emailKey: emailKey(after.email), userId: after.userId }).commit(),
          ]
        : []),
      ...oldTerms.filter((t) => !keep.has(key(t))).map((t) => term.delete(t).commit()),
      // Every remaining term is put again: each carries the list row, which may have changed.
      ...newTerms.map((t) => term.put(t).commit()),
    ])
    .go(), membershipIndex, Boolean(caller));
}

/** Removes the user from the organisation: profile, email row, membership, terms and group rows. */
export async function removeUser(user: UserRecord, groupIds: string[], guard: WriteGuard = {}): Promise<void> {
  const caller = callerOf(guard, user.userId);
  const was = guard.targetWasSuperadmin;
  const membershipIndex = (caller ? 1 : 0) + 1 + (userKind(user.type) === 'PERSON' ? 1 : 0) + 1;
  await guarded(() => users.transaction
    .write(({ profile, email, membership, term, groupMember, roster }) => [
      ...(caller ? [callerCheck(membership, user.orgId, caller)] : []),
      profile.delete({ orgId: user.orgId, userId: user.userId }).commit(),
      ...(userKind(user.type) === 'PERSON' ? [roster.update(rosterKey(user.orgId, user.userId)).delete({ userIds: [user.userId] }).commit()] : []),
      email.delete({ orgId: user.orgId, emailKey: emailKey(user.email) }).commit(),
      membership
        .delete({ orgId: user.orgId, userId: user.userId })
        .where(({ roles }, { contains, notContains }) =>
          was === undefined ? '' : was ? contains(roles, 'superadmin') : notContains(roles, 'superadmin'),
        )
        .commit(),
      ...termsOf(user).map((t) => term.delete(t).commit()),
      ...groupIds.map((groupId) => groupMember.delete({ orgId: user.orgId, groupId, userId: user.userId }).commit()),
    ])
    .go(), membershipIndex, Boolean(caller));
}

// AP15: a page of the Users or Device Specific tab, sorted by name.
export async function listProfiles(orgId: string, kind: 'PERSON' | 'DEVICE', limit: number, cursor?: string) {
  return withPageToken(() => UserProfileEntity.query.byName({ orgId, kind }).go({ limit, cursor: cursor ?? null }));
}

// AP18: every person's id and name, by name (the recipient picker); device users are not people.
export async function personNames(orgId: string) {
  return (await UserProfileEntity.query.byName({ orgId, kind: 'PERSON' }).go({ pages: 'all', attributes: ['userId', 'firstname', 'lastname'] })).data;
}

/** What a row of the users list shows (a profile without its PIN hash, or a search term row). */
export type UserRow = Pick<UserProfile, 'userId' | 'email' | 'firstname' | 'lastname' | 'type' | 'accessLevel' | 'triggerMenuGroupId'> & {
  pinHash?: string;
  hasPin?: boolean;
};

// AP16: prefix search over the term rows, which carry the list row: one Query a page. Rows written
// before they carried it (no email) are read from their profiles by BatchGet (decision 0016).
export async function searchProfiles(orgId: string, kind: 'PERSON' | 'DEVICE', filter: string, limit: number, cursor?: string) {
  const terms = await withPageToken(() =>
    UserSearchTermEntity.query.byTerm({ orgId, kind }).begins({ term: searchKey(filter) }).go({ limit, cursor: cursor ?? null }),
  );
  const rows = new Map<string, UserRow | undefined>();
  for (const t of terms.data) {
    if (rows.has(t.userId)) continue;
    rows.set(t.userId, t.email && t.firstname !== undefined && t.lastname !== undefined && t.type && t.accessLevel ? (t as UserRow) : undefined);
  }
  const missing = [...rows].filter(([, row]) => !row).map(([userId]) => userId);
  if (missing.length) {
    const profiles = await getEvery(missing.map((userId) => ({ orgId, userId })), (pending) => UserProfileEntity.get(pending).go({ concurrent: BATCH_GET_CONCURRENT }), 'profiles of a search');
    for (const profile of profiles) rows.set(profile.userId, profile);
  }
  return { data: [...rows.values()].filter((row): row is UserRow => Boolean(row)), cursor: terms.cursor };
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
