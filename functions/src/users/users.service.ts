import { rolesIn, type Principal } from '@portal/shared/tenancy/principal';
import { USER_MESSAGES, type CreateUserInput, type Page, type UpdateUserInput, type UserDto } from '@portal/shared/users/user.schema';
import { USER_RULE_MESSAGES, accessLevelRefusal, type AccessLevelId, type UserRuleRefusal } from '@portal/shared/users/access-levels';
import { recordChange, type AuditActor } from '../audit/public.ts';
import { isConditionFailure } from '../platform/db/conditional-write.ts';
import { pageSize } from '../platform/db/paging.ts';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import * as identity from '../platform/identity/cognito-admin.ts';
import { logger } from '../platform/logger.ts';
import { securityEvent, type SecurityEventName } from '../platform/security/security-events.ts';
import { rolesByOrganization } from '../platform/tenancy/memberships.repository.ts';
import { ensureAccount, setAccountEmail } from '../platform/tenancy/user-accounts.repository.ts';
import { emailKey } from '../platform/tenancy/user-email.entity.ts';
import type { UserProfile } from '../platform/tenancy/user-profile.entity.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import { hashPin } from './pin.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { checkTriggerMenu } from './trigger-menu.service.ts';
import * as repo from './users.repository.ts';
import { groupsChanged, userCreated, userDeleted, userUpdated } from './user-changes.ts';
import { groupNames } from './user-groups.service.ts';
import { triggerMenuChoiceChanged } from './users-signals.ts';

const notFound = () => new NotFoundError(USER_MESSAGES.notFound);
const emailTaken = () => new ConflictError(USER_MESSAGES.emailTaken);

/** Each refusal of the user rules (decision 0009): not the caller's to do, or against the stored state. */
const REFUSAL: Record<UserRuleRefusal, typeof ForbiddenError | typeof ConflictError> = {
  ownAccessLevel: ForbiddenError,
  grantSuperadmin: ForbiddenError,
  manageSuperadmin: ForbiddenError,
  notManager: ForbiddenError,
  sharedIdentity: ForbiddenError,
  lastSuperadmin: ConflictError,
  changedMeanwhile: ConflictError,
};

interface EventContext {
  actor: string;
  orgId: string;
  target?: string;
}

/** Logs the refused attempt (never a secret: the detail names what was attempted, not the values) and answers the rule's message. */
function refuse(reason: UserRuleRefusal, event: SecurityEventName, context: EventContext, attempted: string): never {
  securityEvent(event, { ...context, outcome: 'refused', detail: `${attempted}: ${reason}` });
  throw new REFUSAL[reason](USER_RULE_MESSAGES[reason]);
}

/** What a request attempts, for the security log: the level move, and which credentials or email it touches. */
function attemptOf(from: AccessLevelId | undefined, to: AccessLevelId, parts: { password?: boolean; pin?: boolean; email?: boolean; remove?: boolean }): { event: SecurityEventName; detail: string } {
  const levelMoved = from !== to;
  const detail = [
    parts.remove ? `${from} -> none (remove)` : levelMoved ? `${from ?? 'none'} -> ${to}` : `edit ${to}`,
    ...(parts.password ? ['password'] : []),
    ...(parts.pin ? ['pin'] : []),
    ...(parts.email ? ['email'] : []),
  ].join(', ');
  const event: SecurityEventName =
    levelMoved || parts.remove ? 'access_level_changed' : parts.password || parts.pin ? 'credentials_changed' : parts.email ? 'email_changed' : 'request_refused';
  return { event, detail };
}

/** The organisations other than this one that hold the identity (AP8). */
async function otherOrganizationsOf(userId: string, orgId: string): Promise<string[]> {
  return Object.keys(await rolesByOrganization(userId)).filter((id) => id !== orgId);
}

export function toDto(profile: repo.UserRow, groups?: string[]): UserDto {
  return {
    id: profile.userId,
    email: profile.email,
    firstname: profile.firstname,
    lastname: profile.lastname,
    type: profile.type,
    access_level: profile.accessLevel as AccessLevelId,
    has_pin: profile.hasPin ?? Boolean(profile.pinHash),
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
  if (!profile) throw notFound();
  return toDto(profile, await repo.groupIdsOf(orgId, userId));
}

/**
 * Creates the user's sign-in identity (or joins an existing one: a person may belong to several
 * organisations) and its membership, profile and everyone-group row. A new identity is removed
 * again if the data write fails. Joining an existing identity never applies the password given:
 * the identity's credentials stay the person's (decision 0009); the answer is the same 201 either
 * way, so the response alone does not tell the caller that the email signs in elsewhere.
 */
export async function createUser(orgId: string, input: CreateUserInput, caller: Principal): Promise<UserDto> {
  const context: EventContext = { actor: caller.userId, orgId };
  const level = input.access_level;
  const refusal = accessLevelRefusal({ roles: rolesIn(caller, orgId), isSelf: false }, undefined, level);
  if (refusal) refuse(refusal, 'access_level_changed', context, `none -> ${level} (new user)`);
  await checkTriggerMenu(orgId, input.type, input.trigger_menus_default_trigger_group_id);
  if (await repo.userIdByEmail(orgId, input.email)) throw emailTaken();
  const existing = await identity.findSignInIdentity(input.email);
  const userId = existing ?? (await identity.createSignInIdentity(input.email, input.password));
  const record: repo.UserRecord = {
    orgId,
    userId,
    email: input.email,
    firstname: input.firstname,
    lastname: input.lastname,
    type: input.type,
    accessLevel: level,
    pinHash: input.pin_code ? await hashPin(input.pin_code) : undefined,
    triggerMenuGroupId: input.trigger_menus_default_trigger_group_id ?? undefined,
  };
  try {
    // Granting superadmin needs the caller to still be a superadmin when the write commits.
    await repo.insertUser(record, { superadminCaller: level === 'superadmin' ? caller.userId : undefined });
  } catch (error) {
    if (!existing) await identity.deleteSignInIdentity(input.email).catch((e) => logger.error('Identity clean-up failed', e as Error));
    if (error instanceof repo.GuardFailedError) refuse('grantSuperadmin', 'access_level_changed', { ...context, target: userId }, `none -> ${level} (new user)`);
    if (isConditionFailure(error)) throw emailTaken();
    throw error;
  }
  await ensureAccount({ userId, email: input.email, firstname: input.firstname, lastname: input.lastname });
  const target = { ...context, target: userId };
  if (existing) {
    securityEvent('identity_takeover_refused', { ...target, outcome: 'refused', detail: 'existing identity joined the organization; the password given was not applied' });
  }
  securityEvent('access_level_changed', { ...target, outcome: 'allowed', detail: `none -> ${level} (new user)` });
  const credentials = [...(existing ? [] : ['initial password']), ...(input.pin_code ? ['pin'] : [])];
  if (credentials.length) securityEvent('credentials_changed', { ...target, outcome: 'allowed', detail: `${credentials.join(', ')} set by an administrator` });
  await recordChange(orgId, caller, ...userCreated(record, [...(existing ? [] : ['password']), ...(input.pin_code ? ['pin_code'] : [])]));
  return getUser(orgId, userId);
}

/**
 * Edits a user. The rules (decision 0009): nobody changes their own access level; only a superadmin
 * grants the superadmin level or touches a superadmin at all; the sign-in email and password of an
 * identity that also belongs to another organisation change only by the person themselves. The
 * membership write re-checks, at commit, what the decision was made on.
 */
export async function updateUser(orgId: string, userId: string, input: UpdateUserInput, caller: Principal): Promise<UserDto> {
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw notFound();
  const context: EventContext = { actor: caller.userId, orgId, target: userId };
  const isSelf = caller.userId === userId;
  const from = profile.accessLevel as AccessLevelId;
  const to = input.access_level ?? from;
  const emailChanged = input.email !== undefined && emailKey(input.email) !== emailKey(profile.email);
  const email = emailChanged ? input.email! : profile.email;
  const attempt = attemptOf(from, to, { password: Boolean(input.password), pin: Boolean(input.pin_code), email: emailChanged });

  const refusal = accessLevelRefusal({ roles: rolesIn(caller, orgId), isSelf }, from, to);
  if (refusal) refuse(refusal, attempt.event, context, attempt.detail);

  const isEntra = profile.type === 'entra';
  if (isEntra && emailChanged) throw new InvalidInputError(USER_MESSAGES.entraEmailFixed);
  if (isEntra && input.password) throw new InvalidInputError(USER_MESSAGES.entraPasswordFixed);

  const touchesSignIn = emailChanged || Boolean(input.password);
  // Another organisation's person keeps their sign-in: only they change it (whatever the type here).
  if (touchesSignIn && !isSelf && (await otherOrganizationsOf(userId, orgId)).length > 0) {
    refuse('sharedIdentity', 'identity_takeover_refused', context, attempt.detail);
  }
  // The stored email must still sign in as this very person before it is used to address the identity.
  if (touchesSignIn && !(await identity.isSignInIdentityOf(profile.email, userId))) {
    throw new ConflictError(USER_RULE_MESSAGES.changedMeanwhile);
  }

  const type = input.type ?? profile.type;
  await checkTriggerMenu(orgId, type, input.trigger_menus_default_trigger_group_id, profile.triggerMenuGroupId);
  if (emailChanged) {
    if (await repo.userIdByEmail(orgId, email)) throw emailTaken();
    await identity.changeEmail(profile.email, email);
  }
  const before = recordOf(profile);
  const after: repo.UserRecord = {
    ...before,
    email,
    firstname: input.firstname,
    lastname: input.lastname,
    type,
    accessLevel: to,
    pinHash: input.pin_code ? await hashPin(input.pin_code) : before.pinHash,
    // Absent keeps the stored menu (the form leaves the field out while trigger menus are off); null clears it.
    triggerMenuGroupId:
      input.trigger_menus_default_trigger_group_id === undefined ? before.triggerMenuGroupId : (input.trigger_menus_default_trigger_group_id ?? undefined),
  };
  const needsSuperadmin = from === 'superadmin' || to === 'superadmin';
  try {
    await repo.replaceUser(before, after, {
      superadminCaller: needsSuperadmin && !isSelf ? caller.userId : undefined,
      targetWasSuperadmin: from === 'superadmin',
    });
  } catch (error) {
    if (emailChanged) await identity.changeEmail(email, profile.email).catch((e) => logger.error('Email roll-back failed', e as Error));
    if (error instanceof repo.GuardFailedError) {
      const reason: UserRuleRefusal =
        error.guard === 'target' ? 'changedMeanwhile' : from === 'superadmin' && to !== 'superadmin' ? 'lastSuperadmin' : from === 'superadmin' ? 'manageSuperadmin' : 'grantSuperadmin';
      refuse(reason, attempt.event, context, attempt.detail);
    }
    if (isConditionFailure(error)) throw emailTaken();
    throw error;
  }
  if (input.password) await identity.setPassword(email, input.password);
  // The user's watch shows their trigger menu from its config message.
  if (after.triggerMenuGroupId !== before.triggerMenuGroupId) await triggerMenuChoiceChanged.emit({ orgId, userId });

  if (from !== to) securityEvent('access_level_changed', { ...context, outcome: 'allowed', detail: `${from} -> ${to}` });
  if (emailChanged) {
    await setAccountEmail(userId, email);
    if (isSelf) await followEmailElsewhere(userId, orgId, email);
    securityEvent('email_changed', { ...context, outcome: 'allowed', detail: isSelf ? 'own sign-in email' : 'sign-in email set by an administrator' });
  }
  const credentials = [...(input.password ? ['password'] : []), ...(input.pin_code ? ['pin'] : [])];
  if (credentials.length) {
    securityEvent('credentials_changed', { ...context, outcome: 'allowed', detail: `${credentials.join(', ')} set ${isSelf ? 'by the person themselves' : 'by an administrator'}` });
  }
  await recordChange(orgId, caller, ...userUpdated(before, after, [...(input.password ? ['password'] : []), ...(input.pin_code ? ['pin_code'] : [])]));
  return getUser(orgId, userId);
}

/**
 * A person who changed their own sign-in email in one organisation: their profile and email row in
 * the others follow, so no organisation keeps addressing the identity by an email it no longer has.
 * Best effort per organisation (the sign-in itself has already changed).
 */
async function followEmailElsewhere(userId: string, orgId: string, email: string): Promise<void> {
  for (const other of await otherOrganizationsOf(userId, orgId)) {
    try {
      const profile = await repo.getProfile(other, userId);
      if (!profile || emailKey(profile.email) === emailKey(email)) continue;
      const before = recordOf(profile);
      await repo.replaceUser(before, { ...before, email });
    } catch (error) {
      logger.error('A profile email did not follow the sign-in email', { orgId: other, userId, error: error as Error });
    }
  }
}

/**
 * Removes the user from the organisation; their sign-in ends with it (the API checks the
 * membership on every request). The identity itself is deleted only once no organisation has the
 * user, and only while the stored email still signs in as this user. Only a superadmin removes a
 * superadmin, and only while still being one (so the last superadmin stays).
 */
export async function deleteUser(orgId: string, userId: string, caller: Principal): Promise<void> {
  if (userId === caller.userId) throw new InvalidInputError(USER_MESSAGES.cannotDeleteSelf);
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw notFound();
  const context: EventContext = { actor: caller.userId, orgId, target: userId };
  const from = profile.accessLevel as AccessLevelId;
  const attempt = attemptOf(from, from, { remove: true });
  const refusal = accessLevelRefusal({ roles: rolesIn(caller, orgId), isSelf: false }, from, from);
  if (refusal) refuse(refusal, attempt.event, context, attempt.detail);
  const groupIds = await repo.groupIdsOf(orgId, userId);
  try {
    await repo.removeUser(recordOf(profile), groupIds, {
      superadminCaller: from === 'superadmin' ? caller.userId : undefined,
      targetWasSuperadmin: from === 'superadmin',
    });
  } catch (error) {
    if (error instanceof repo.GuardFailedError) refuse(error.guard === 'caller' ? 'lastSuperadmin' : 'changedMeanwhile', attempt.event, context, attempt.detail);
    throw error;
  }
  securityEvent('access_level_changed', { ...context, outcome: 'allowed', detail: attempt.detail });
  const [groups = null] = await groupNames(orgId, groupIds);
  await recordChange(orgId, caller, ...userDeleted(recordOf(profile), groups));
  if (Object.keys(await rolesByOrganization(userId)).length > 0) return;
  if (!(await identity.deleteSignInIdentityOf(profile.email, userId))) {
    logger.warn('Identity kept: its email no longer signs in as the removed user', { orgId, userId });
  }
}

/** The follow-up call: replaces the user's groups; people always stay in the everyone group. */
export async function setUserGroups(orgId: string, userId: string, groupIds: string[], caller: AuditActor): Promise<UserDto> {
  const profile = await repo.getProfile(orgId, userId);
  if (!profile) throw notFound();
  const wanted = new Set(groupIds.filter((id) => id !== EVERYONE_GROUP_ID));
  await assertOwnedIds(orgId, [{ field: 'user_group_ids', kind: 'group', ids: [...wanted] }]);
  const current = new Set((await repo.groupIdsOf(orgId, userId)).filter((id) => id !== EVERYONE_GROUP_ID));
  await repo.changeGroups(
    orgId,
    userId,
    [...wanted].filter((id) => !current.has(id)),
    [...current].filter((id) => !wanted.has(id)),
  );
  const [before = null, after = null] = await groupNames(orgId, [...current], [...wanted]);
  await recordChange(orgId, caller, groupsChanged(profile, before, after));
  return getUser(orgId, userId);
}
