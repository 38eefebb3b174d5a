import type { AuditChange, AuditRecord } from '../audit/public.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * A user's changes as the audit trail records them (issue 32): the person (`user`), their access
 * level (`access_level`) and the credentials set (`credentials`, named only), one entry each so a
 * filter by kind finds it. Never the PIN's hash: it is not among the fields.
 */

/** `groups`: the names of the user's groups (user-groups.service.ts `groupNames`): names read, ids do not. */
function userFields(user: UserRecord, groups?: string | null): AuditRecord {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    type: user.type,
    trigger_menus_default_trigger_group_id: user.triggerMenuGroupId ?? null,
    ...(groups !== undefined ? { groups } : {}),
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
export function userDeleted(user: UserRecord, groups: string | null): AuditChange[] {
  const target = targetOf(user);
  return [
    { kind: 'user', action: 'deleted', target, before: userFields(user, groups) },
    { kind: 'access_level', action: 'deleted', target, before: { access_level: user.accessLevel } },
  ];
}

/** The follow-up call that sets a user's groups. */
export const groupsChanged = (user: Pick<UserRecord, 'userId' | 'firstname' | 'lastname' | 'email'>, before: string | null, after: string | null): AuditChange => ({
  kind: 'user',
  action: 'updated',
  target: targetOf(user),
  before: { groups: before },
  after: { groups: after },
});

/** A user group as the trail shows it: its name and colour. */
export interface GroupShown {
  groupId: string;
  name: string;
  color: string;
}

/**
 * Members as the trail keeps them, by name (text, "Anna Berg, Ben Cole"): a group's members when it
 * is added or removed; on an edit, only who joined and who left, not the whole list, which for a
 * large group would be cut before it said anything.
 */
export interface MembersShown {
  added?: string;
  removed?: string;
}

const groupFields = (group: GroupShown, members?: string): AuditRecord => ({ name: group.name, color: group.color, ...(members ? { members } : {}) });
const groupTarget = (group: GroupShown) => ({ id: group.groupId, name: group.name });

export const groupCreated = (group: GroupShown, members: MembersShown): AuditChange => ({
  kind: 'user_group',
  action: 'created',
  target: groupTarget(group),
  after: groupFields(group, members.added),
});
export const groupUpdated = (before: GroupShown, after: GroupShown, members: MembersShown): AuditChange => ({
  kind: 'user_group',
  action: 'updated',
  target: groupTarget(after),
  before: groupFields(before),
  after: {
    ...groupFields(after),
    ...(members.added ? { members_added: members.added } : {}),
    ...(members.removed ? { members_removed: members.removed } : {}),
  },
});
export const groupDeleted = (group: GroupShown, members: MembersShown): AuditChange => ({
  kind: 'user_group',
  action: 'deleted',
  target: groupTarget(group),
  before: groupFields(group, members.removed),
});
