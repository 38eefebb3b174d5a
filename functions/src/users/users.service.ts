import type { CreateUserInput, Page, UpdateUserInput, UserDto } from '@portal/shared/users/user.schema';
import type { AccessLevelId } from '@portal/shared/users/access-levels';
import { pageSize } from '../platform/db/paging.ts';
import { createError } from '../platform/http/errors.ts';
import * as identity from '../platform/identity/cognito-admin.ts';
import { logger } from '../platform/logger.ts';
import { rolesByOrganization } from '../platform/tenancy/memberships.repository.ts';
import { ensureAccount, isConditionFailure } from '../platform/tenancy/user-accounts.repository.ts';
import type { UserProfile } from '../platform/tenancy/user-profile.entity.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import { hashPin } from './pin.ts';
import { existingGroupIds } from './user-groups.repository.ts';
import { checkTriggerMenu } from './trigger-menu.service.ts';
import * as repo from './users.repository.ts';

const EMAIL_TAKEN = 'A user with this email already exists in this organization';

export function toDto(profile: UserProfile, groups?: string[]): UserDto {
  return {
    id: profile.userId,
    email: profile.email,
    firstname: profile.firstname,
    lastname: profile.lastname,
    type: profile.type,
    access_level: profile.accessLevel as AccessLevelId,
    has_pin: Boolean(profile.pinHash),
    trigger_menus_default_trigger_group_id: profile.triggerMenuGroupId ?? null,
    ...(groups ? { groups } : {}),
  };
}

function recordOf(profile: UserProfile): repo.UserRecord {
  return {
    orgId: profile.orgId,
    userId: profile.userId,
    email: profile.email,
    firstname: profile.firstname,
    lastname: profile.lastname,
    type: profile.type,
    accessLevel: profile.accessLevel as AccessLevelId,
    pinHash: profile.pinHash,
    triggerMenuGroupId: profile.triggerMenuGroupId,
  };
}

export async function listUsers(orgId: string, query: { kind: 'person' | 'device'; filter?: string; next_token?: string; limit?: string }): Promise<Page<UserDto>> {
  const kind = query.kind === 'device' ? 'DEVICE' : 'PERSON';
  const limit = pageSize(query.limit);
  const page = query.filter
    ? await repo.searchProfiles(orgId, kind, query.filter, limit, query.next_token)
    : await repo.listProfiles(orgId, kind, limit, query.next_token);
  return { items: page.data.map((p) => toDto(p)), ...(page.cursor ? { next_token: page.cursor } : {}) };
}

export async function getUser(orgId: string, userId: string): Promise<UserDto> {
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw createError(404, 'User not found', { expose: true });
  return toDto(profile, await repo.groupIdsOf(orgId, userId));
}

/**
 * Creates the user's sign-in identity (or reuses it: a person may belong to several
 * organisations) and its membership, profile and everyone-group row. A new identity is removed
 * again if the data write fails.
 */
export async function createUser(orgId: string, input: CreateUserInput): Promise<UserDto> {
  await checkTriggerMenu(orgId, input.type, input.trigger_menus_default_trigger_group_id);
  if (await repo.userIdByEmail(orgId, input.email)) throw createError(409, EMAIL_TAKEN, { expose: true });
  const existing = await identity.findSignInIdentity(input.email);
  const userId = existing ?? (await identity.createSignInIdentity(input.email, input.password));
  const record: repo.UserRecord = {
    orgId,
    userId,
    email: input.email,
    firstname: input.firstname,
    lastname: input.lastname,
    type: input.type,
    accessLevel: input.access_level,
    pinHash: input.pin_code ? await hashPin(input.pin_code) : undefined,
    triggerMenuGroupId: input.trigger_menus_default_trigger_group_id ?? undefined,
  };
  try {
    await repo.insertUser(record);
  } catch (error) {
    if (!existing) await identity.deleteSignInIdentity(input.email).catch((e) => logger.error('Identity clean-up failed', e as Error));
    if (isConditionFailure(error)) throw createError(409, EMAIL_TAKEN, { expose: true });
    throw error;
  }
  await ensureAccount({ userId, email: input.email, firstname: input.firstname, lastname: input.lastname });
  return getUser(orgId, userId);
}

export async function updateUser(orgId: string, userId: string, input: UpdateUserInput): Promise<UserDto> {
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw createError(404, 'User not found', { expose: true });
  const isEntra = profile.type === 'entra';
  const email = input.email ?? profile.email;
  if (isEntra && email !== profile.email) throw createError(400, 'The email of an Entra ID user cannot be changed', { expose: true });
  if (isEntra && input.password) throw createError(400, 'The password of an Entra ID user cannot be changed', { expose: true });
  const type = input.type ?? profile.type;
  await checkTriggerMenu(orgId, type, input.trigger_menus_default_trigger_group_id);
  if (email !== profile.email) {
    if (await repo.userIdByEmail(orgId, email)) throw createError(409, EMAIL_TAKEN, { expose: true });
    await identity.changeEmail(profile.email, email);
  }
  const before = recordOf(profile);
  const after: repo.UserRecord = {
    ...before,
    email,
    firstname: input.firstname,
    lastname: input.lastname,
    type,
    accessLevel: input.access_level ?? before.accessLevel,
    pinHash: input.pin_code ? await hashPin(input.pin_code) : before.pinHash,
    // Absent keeps the stored menu (the form leaves the field out while trigger menus are off); null clears it.
    triggerMenuGroupId:
      input.trigger_menus_default_trigger_group_id === undefined ? before.triggerMenuGroupId : (input.trigger_menus_default_trigger_group_id ?? undefined),
  };
  try {
    await repo.replaceUser(before, after);
  } catch (error) {
    if (isConditionFailure(error)) throw createError(409, EMAIL_TAKEN, { expose: true });
    throw error;
  }
  if (input.password) await identity.setPassword(email, input.password);
  return getUser(orgId, userId);
}

/**
 * Removes the user from the organisation; their sign-in ends with it (the API checks the
 * membership on every request). The identity itself is deleted once no organisation has the user.
 */
export async function deleteUser(orgId: string, userId: string, callerId: string): Promise<void> {
  if (userId === callerId) throw createError(400, 'You cannot delete yourself', { expose: true });
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw createError(404, 'User not found', { expose: true });
  await repo.removeUser(recordOf(profile), await repo.groupIdsOf(orgId, userId));
  if (Object.keys(await rolesByOrganization(userId)).length === 0) await identity.deleteSignInIdentity(profile.email);
}

/** The follow-up call: replaces the user's groups; people always stay in the everyone group. */
export async function setUserGroups(orgId: string, userId: string, groupIds: string[]): Promise<UserDto> {
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw createError(404, 'User not found', { expose: true });
  const wanted = new Set(groupIds.filter((id) => id !== EVERYONE_GROUP_ID));
  const known = await existingGroupIds(orgId, [...wanted]);
  const missing = [...wanted].filter((id) => !known.has(id));
  if (missing.length) throw createError(400, `Unknown user group: ${missing.join(', ')}`, { expose: true });
  const current = new Set((await repo.groupIdsOf(orgId, userId)).filter((id) => id !== EVERYONE_GROUP_ID));
  await repo.changeGroups(
    orgId,
    userId,
    [...wanted].filter((id) => !current.has(id)),
    [...current].filter((id) => !wanted.has(id)),
  );
  return getUser(orgId, userId);
}
