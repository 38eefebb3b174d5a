import { ACCESS_MESSAGES } from '../tenancy/access-messages.ts';
import { featuresOfRole } from '../tenancy/areas.ts';
import type { FeatureKey } from '../tenancy/features.ts';
import type { Role } from '../tenancy/roles.ts';
import { serverMessages } from '../api/server-messages.ts';

/**
 * Access levels (spec 001: a tab without an add button, fields not shown): a fixed catalogue, one
 * level per role, each a named set of permissions (decision 0006). A user's access level decides
 * the role in the token.
 */
export const ACCESS_LEVEL_IDS = ['employee', 'assistant', 'admin', 'superadmin'] as const;
export type AccessLevelId = (typeof ACCESS_LEVEL_IDS)[number];
export const DEFAULT_ACCESS_LEVEL: AccessLevelId = 'employee';

export const PERMISSIONS = [
  'receive_messages',
  'view_tasks',
  'tick_checklists',
  'send_messages',
  'plan_shifts',
  'view_dashboard',
  'reset_completed_tasks',
  'manage_automation',
  'manage_users',
  'manage_devices',
  'manage_settings',
  'manage_general_settings',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface AccessLevel {
  id: AccessLevelId;
  role: Role;
  permissions: readonly Permission[];
  /** Features this level can use when the organisation has them enabled: the role rule of tenancy/areas.ts. */
  features: readonly FeatureKey[];
}

export const ACCESS_LEVELS: readonly AccessLevel[] = [
  { id: 'employee', role: 'employee', permissions: ['receive_messages', 'view_tasks'], features: featuresOfRole('employee') },
  {
    id: 'assistant',
    role: 'assistant',
    permissions: ['receive_messages', 'view_tasks', 'tick_checklists', 'send_messages', 'plan_shifts', 'view_dashboard'],
    features: featuresOfRole('assistant'),
  },
  {
    id: 'admin',
    role: 'admin',
    permissions: [
      'receive_messages', 'view_tasks', 'tick_checklists', 'send_messages', 'plan_shifts', 'view_dashboard',
      'reset_completed_tasks', 'manage_automation', 'manage_users', 'manage_devices', 'manage_settings',
    ],
    features: featuresOfRole('admin'),
  },
  { id: 'superadmin', role: 'superadmin', permissions: PERMISSIONS, features: featuresOfRole('superadmin') },
];

export function accessLevel(id: AccessLevelId): AccessLevel {
  return ACCESS_LEVELS.find((level) => level.id === id)!;
}

/** The roles the token carries for a member with this access level. */
export function rolesForAccessLevel(id: AccessLevelId): Role[] {
  return [accessLevel(id).role];
}

/**
 * Who may manage whom (decision 0009). Pure rules: the users service enforces them (with the
 * membership rows as the truth at write time), the frontend mirrors them to offer only what the
 * server will accept.
 */
export const USER_RULE_MESSAGES = serverMessages('userRules', {
  ownAccessLevel: 'You cannot change your own access level',
  grantSuperadmin: 'Only a superadmin can grant or remove the superadmin access level',
  manageSuperadmin: 'Only a superadmin can change or delete a superadmin',
  lastSuperadmin: 'An organization needs at least one superadmin',
  sharedIdentity: 'This person also belongs to another organization; only they can change their email or password',
  changedMeanwhile: 'This user was changed meanwhile; please reload and try again',
  notManager: ACCESS_MESSAGES.roleNotAllowed,
} as const);
export type UserRuleRefusal = keyof typeof USER_RULE_MESSAGES;

const isSuperadmin = (roles: readonly Role[]) => roles.includes('superadmin');
const isManager = (roles: readonly Role[]) => roles.includes('admin') || isSuperadmin(roles);

/**
 * Whether a caller holding `callerRoles` may move a member from level `from` (undefined: a user
 * being created) to level `to` (the same level: edit without a level change). Admins manage
 * employees, assistants and admins; the superadmin level, granting or holding it, is a
 * superadmin's business. Whether the target is the caller is `accessLevelRefusal`'s concern.
 */
export function canManageAccessLevel(callerRoles: readonly Role[], from: AccessLevelId | undefined, to: AccessLevelId): boolean {
  if (!isManager(callerRoles)) return false;
  if (from === 'superadmin' || to === 'superadmin') return isSuperadmin(callerRoles);
  return true;
}

export interface AccessLevelCaller {
  roles: readonly Role[];
  /** The caller is the user being changed. */
  isSelf: boolean;
}

/**
 * Why a caller may not make this change to a member (undefined: allowed). `from` is the stored
 * level (undefined when creating), `to` the requested one. Nobody changes their own level; only a
 * superadmin touches a superadmin in any way (edit, password, PIN, delete) or grants the level.
 */
export function accessLevelRefusal(caller: AccessLevelCaller, from: AccessLevelId | undefined, to: AccessLevelId): UserRuleRefusal | undefined {
  if (from === 'superadmin' && !isSuperadmin(caller.roles)) return 'manageSuperadmin';
  if (caller.isSelf && from !== undefined && from !== to) return 'ownAccessLevel';
  if (to === 'superadmin' && !isSuperadmin(caller.roles)) return 'grantSuperadmin';
  if (!isManager(caller.roles)) return 'notManager';
  return undefined;
}

/** The levels to offer in the user form: the stored one always (so the select shows it), plus those the caller may choose. */
export function assignableAccessLevels(caller: AccessLevelCaller, from: AccessLevelId | undefined): AccessLevelId[] {
  return ACCESS_LEVEL_IDS.filter((to) => to === from || accessLevelRefusal(caller, from, to) === undefined);
}
