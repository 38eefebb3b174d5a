import type { FeatureKey } from '../tenancy/features.ts';
import type { Role } from '../tenancy/roles.ts';

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
  /** Features this level can use when the organisation has them enabled. */
  features: readonly FeatureKey[];
}

const COMMUNICATION: readonly FeatureKey[] = ['dashboard', 'shift_planner', 'notifications', 'tasks', 'actions'];

export const ACCESS_LEVELS: readonly AccessLevel[] = [
  { id: 'employee', role: 'employee', permissions: ['receive_messages', 'view_tasks'], features: ['tasks'] },
  {
    id: 'assistant',
    role: 'assistant',
    permissions: ['receive_messages', 'view_tasks', 'tick_checklists', 'send_messages', 'plan_shifts', 'view_dashboard'],
    features: COMMUNICATION,
  },
  {
    id: 'admin',
    role: 'admin',
    permissions: [
      'receive_messages', 'view_tasks', 'tick_checklists', 'send_messages', 'plan_shifts', 'view_dashboard',
      'reset_completed_tasks', 'manage_automation', 'manage_users', 'manage_devices', 'manage_settings',
    ],
    features: [...COMMUNICATION, 'automation'],
  },
  { id: 'superadmin', role: 'superadmin', permissions: PERMISSIONS, features: [...COMMUNICATION, 'automation'] },
];

export function accessLevel(id: AccessLevelId): AccessLevel {
  return ACCESS_LEVELS.find((level) => level.id === id)!;
}

/** The roles the token carries for a member with this access level. */
export function rolesForAccessLevel(id: AccessLevelId): Role[] {
  return [accessLevel(id).role];
}
