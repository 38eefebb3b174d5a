import type { AuditChange, AuditRecord } from '../audit/public.ts';
import { EVERYONE_GROUP_ID } from '../platform/tenancy/user-group.entity.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * A user's changes as the audit trail records them (issue 32): the person (`user`), their access
 * level (`access_level`) and the credentials set (`credentials`, named only), one entry each so a
 * filter by kind finds it. Never the PIN's hash: it is not among the fields.
 */

/** The user's groups as the trail shows them: everyone left out (every person is in it), in one order. */
export const shownGroups = (groupIds: readonly string[]) => groupIds.filter((id) => id !== EVERYONE_GROUP_ID).sort();

function userFields(user: UserRecord, groupIds?: readonly string[]): AuditRecord {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    type: user.type,
    trigger_menus_default_trigger_group_id: user.triggerMenuGroupId ?? null,
    ...(groupIds ? { groups: shownGroups(groupIds) } : {}),
  };
}

const targetOf = (user: Pick<UserRecord, 'userId' | 'firstname' | 'lastname' | 'email'>) => ({
  id: user.userId,
  name: `${user.firstname} ${user.lastname}`.trim() || user.email,
});

/** A new member: the person, the level given, and the credentials set with them (`password`, `pin_code`). */
export function userCreated(user: UserRecord, credentials: readonly string[]): AuditChange[] {
  const target = targetOf(user);
  return [
    { kind: 'user', action: 'created', target, after: userFields(user) },
    { kind: 'access_level', action: 'created', target, after: { access_level: user.accessLevel } },
    ...(credentials.length ? [{ kind: 'credentials', action: 'created', target, secrets: credentials } as const] : []),
  ];
}

/** An edit: each kind is recorded only if something of it changed. */
export function userUpdated(before: UserRecord, after: UserRecord, credentials: readonly string[]): AuditChange[] {
  const target = targetOf(after);
  return [
    { kind: 'user', action: 'updated', target, before: userFields(before), after: userFields(after) },
    { kind: 'access_level', action: 'updated', target, before: { access_level: before.accessLevel }, after: { access_level: after.accessLevel } },
    { kind: 'credentials', action: 'updated', target, secrets: credentials },
  ];
}

/** A member removed: the person as they were, with their groups, and the level they lose. */
export function userDeleted(user: UserRecord, groupIds: readonly string[]): AuditChange[] {
  const target = targetOf(user);
  return [
    { kind: 'user', action: 'deleted', target, before: userFields(user, groupIds) },
    { kind: 'access_level', action: 'deleted', target, before: { access_level: user.accessLevel } },
  ];
}

/** The follow-up call that sets a user's groups. */
export const groupsChanged = (user: Pick<UserRecord, 'userId' | 'firstname' | 'lastname' | 'email'>, before: readonly string[], after: readonly string[]): AuditChange => ({
  kind: 'user',
  action: 'updated',
  target: targetOf(user),
  before: { groups: shownGroups(before) },
  after: { groups: shownGroups(after) },
});
