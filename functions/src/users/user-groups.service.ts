import { randomUUID } from 'node:crypto';
import { USER_GROUP_MESSAGES, type UserGroupDto, type UserGroupInput } from '@portal/shared/users/user-group.schema';
import { recordChange, type AuditActor } from '../audit/public.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import * as repo from './user-groups.repository.ts';
import { groupCreated, groupDeleted, groupUpdated, type GroupShown, type MembersShown } from './user-changes.ts';

type Group = NonNullable<Awaited<ReturnType<typeof repo.getGroup>>>;

const toDto = (group: Group, users?: string[]): UserGroupDto => ({
  id: group.groupId,
  name: group.name,
  color: group.color,
  type: group.type,
  ...(users ? { users } : {}),
});

export async function listUserGroups(orgId: string): Promise<UserGroupDto[]> {
  return (await repo.listGroups(orgId)).map((g) => toDto(g));
}

async function requireGroup(orgId: string, groupId: string): Promise<Group> {
  const group = await repo.getGroup(orgId, groupId);
  if (!group) throw new NotFoundError(USER_GROUP_MESSAGES.notFound);
  return group;
}

export async function getUserGroup(orgId: string, groupId: string): Promise<UserGroupDto> {
  const group = await requireGroup(orgId, groupId);
  const users = await repo.memberIds(orgId, groupId);
  return { ...toDto(group, users), members: await repo.memberNames(orgId, users) };
}

/** Sets the group's members to `users` (unchanged when absent); answers the members before and after. */
async function setMembers(orgId: string, groupId: string, users: string[] | undefined): Promise<{ before: string[]; after: string[] }> {
  const before = await repo.memberIds(orgId, groupId);
  if (!users) return { before, after: before };
  const current = new Set(before);
  const wanted = new Set(users);
  await repo.changeMembers(
    orgId,
    groupId,
    [...wanted].filter((id) => !current.has(id)),
    [...current].filter((id) => !wanted.has(id)),
  );
  return { before, after: [...wanted] };
}

/** At most this many names in a list the trail keeps; the rest are counted (a value is cut at 200 characters anyway). */
const NAMES_KEPT = 20;

const namesText = (names: readonly string[], total: number) => [...names].sort((a, b) => a.localeCompare(b)).join(', ') + (total > names.length ? ` (+${total - names.length})` : '');

/** People's names for the audit trail, "Anna Berg, Ben Cole (+3)"; undefined for none. */
async function peopleNames(orgId: string, userIds: readonly string[]): Promise<string | undefined> {
  if (userIds.length === 0) return undefined;
  const people = await repo.memberNames(orgId, userIds.slice(0, NAMES_KEPT));
  return namesText(people.map((person) => `${person.firstname} ${person.lastname}`.trim()), userIds.length);
}

/**
 * The names of user groups for the audit trail, each list's (the everyone group left out: every
 * person is in it; null for none), from one read of the organisation's groups.
 */
export async function groupNames(orgId: string, ...lists: readonly (readonly string[])[]): Promise<(string | null)[]> {
  const wanted = lists.map((ids) => new Set(ids.filter((id) => id !== EVERYONE_GROUP_ID)));
  if (wanted.every((ids) => ids.size === 0)) return wanted.map(() => null);
  const groups = await repo.listGroups(orgId);
  return wanted.map((ids) => {
    if (ids.size === 0) return null;
    const names = groups.filter((group) => ids.has(group.groupId)).map((group) => group.name);
    return namesText(names, names.length);
  });
}

/** Who joined and left, by name. */
async function membersShown(orgId: string, before: readonly string[], after: readonly string[]): Promise<MembersShown> {
  const [had, has] = [new Set(before), new Set(after)];
  const [added, removed] = await Promise.all([
    peopleNames(orgId, after.filter((id) => !had.has(id))),
    peopleNames(orgId, before.filter((id) => !has.has(id))),
  ]);
  return { ...(added ? { added } : {}), ...(removed ? { removed } : {}) };
}

const shown = (group: Pick<Group, 'groupId' | 'name' | 'color'>): GroupShown => ({ groupId: group.groupId, name: group.name, color: group.color });

/** Members must be users of this organisation (docs/security.md, "Ids in request bodies"). */
const checkMembers = (orgId: string, users: string[] | undefined) => assertOwnedIds(orgId, [{ field: 'users', kind: 'user', ids: users ?? [] }]);

export async function createUserGroup(orgId: string, input: UserGroupInput, caller: AuditActor): Promise<UserGroupDto> {
  await checkMembers(orgId, input.users);
  const groupId = randomUUID();
  const color = input.color.toUpperCase();
  await repo.insertGroup(orgId, groupId, { name: input.name, color });
  const { after } = await setMembers(orgId, groupId, input.users);
  await recordChange(orgId, caller, groupCreated({ groupId, name: input.name, color }, await membersShown(orgId, [], after)));
  return getUserGroup(orgId, groupId);
}

/** The everyone group keeps its name and its members (everyone); only its colour changes. */
export async function updateUserGroup(orgId: string, groupId: string, input: UserGroupInput, caller: AuditActor): Promise<UserGroupDto> {
  const group = await requireGroup(orgId, groupId);
  // The everyone group's members are everyone: the trail records its colour only.
  let members: { before: string[]; after: string[] } = { before: [], after: [] };
  if (group.type === 'everyone') {
    if (input.name !== group.name) throw new InvalidInputError(USER_GROUP_MESSAGES.everyoneCannotBeRenamed);
  } else {
    await checkMembers(orgId, input.users);
    members = await setMembers(orgId, groupId, input.users);
  }
  const changed = { groupId, name: group.type === 'everyone' ? group.name : input.name, color: input.color.toUpperCase() };
  await repo.patchGroup(orgId, groupId, group.type, { name: changed.name, color: changed.color });
  await recordChange(orgId, caller, groupUpdated(shown(group), changed, await membersShown(orgId, members.before, members.after)));
  return getUserGroup(orgId, groupId);
}

export async function deleteUserGroup(orgId: string, groupId: string, caller: AuditActor): Promise<void> {
  const group = await requireGroup(orgId, groupId);
  if (group.groupId === EVERYONE_GROUP_ID || group.type === 'everyone') {
    throw new ConflictError(USER_GROUP_MESSAGES.everyoneCannotBeDeleted);
  }
  const members = await repo.memberIds(orgId, groupId);
  await repo.changeMembers(orgId, groupId, [], members);
  await repo.deleteGroupRow(orgId, groupId);
  await recordChange(orgId, caller, groupDeleted(shown(group), await membersShown(orgId, members, [])));
}
