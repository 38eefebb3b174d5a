import { randomUUID } from 'node:crypto';
import { USER_GROUP_MESSAGES, type UserGroupDto, type UserGroupInput } from '@portal/shared/users/user-group.schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import * as repo from './user-groups.repository.ts';

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

async function setMembers(orgId: string, groupId: string, users: string[] | undefined) {
  if (!users) return;
  const current = new Set(await repo.memberIds(orgId, groupId));
  const wanted = new Set(users);
  await repo.changeMembers(
    orgId,
    groupId,
    [...wanted].filter((id) => !current.has(id)),
    [...current].filter((id) => !wanted.has(id)),
  );
}

/** Members must be users of this organisation (docs/security.md, "Ids in request bodies"). */
const checkMembers = (orgId: string, users: string[] | undefined) => assertOwnedIds(orgId, [{ field: 'users', kind: 'user', ids: users ?? [] }]);

export async function createUserGroup(orgId: string, input: UserGroupInput): Promise<UserGroupDto> {
  await checkMembers(orgId, input.users);
  const groupId = randomUUID();
  await repo.insertGroup(orgId, groupId, { name: input.name, color: input.color.toUpperCase() });
  await setMembers(orgId, groupId, input.users);
  return getUserGroup(orgId, groupId);
}

/** The everyone group keeps its name and its members (everyone); only its colour changes. */
export async function updateUserGroup(orgId: string, groupId: string, input: UserGroupInput): Promise<UserGroupDto> {
  const group = await requireGroup(orgId, groupId);
  if (group.type === 'everyone') {
    if (input.name !== group.name) throw new InvalidInputError(USER_GROUP_MESSAGES.everyoneCannotBeRenamed);
  } else {
    await checkMembers(orgId, input.users);
    await setMembers(orgId, groupId, input.users);
  }
  await repo.patchGroup(orgId, groupId, group.type, { name: group.type === 'everyone' ? group.name : input.name, color: input.color.toUpperCase() });
  return getUserGroup(orgId, groupId);
}

export async function deleteUserGroup(orgId: string, groupId: string): Promise<void> {
  const group = await requireGroup(orgId, groupId);
  if (group.groupId === EVERYONE_GROUP_ID || group.type === 'everyone') {
    throw new ConflictError(USER_GROUP_MESSAGES.everyoneCannotBeDeleted);
  }
  await repo.changeMembers(orgId, groupId, [], await repo.memberIds(orgId, groupId));
  await repo.deleteGroupRow(orgId, groupId);
}
