import { mixed, object, string, type InferType } from 'yup';
import { PIN_MAX_DIGITS } from '../constants.ts';
import { newPassword, passwordRule } from '../identity/password.schema.ts';
import { EMAIL_MAX, id, list, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';
import { ACCESS_LEVEL_IDS, DEFAULT_ACCESS_LEVEL, type AccessLevelId } from './access-levels.ts';
import { serverMessages } from '../api/server-messages.ts';

export const NAME_MAX = 50;
/** Groups one user may be put in with one call. */
export const USER_GROUPS_PER_USER_MAX = 200;

import { USER_TYPES, type UserType } from './user-types.ts';
export { USER_TYPES, type UserType };

const pin = string()
  .transform((value: string) => (value === '' ? undefined : value))
  .matches(/^\d+$/, 'PIN must contain digits only')
  .max(PIN_MAX_DIGITS, `PIN must be at most ${PIN_MAX_DIGITS} digits`);

const fields = {
  firstname: text(NAME_MAX, 'First Name').trim().required('First Name is required'),
  lastname: text(NAME_MAX, 'Last Name').trim().required('Last Name is required'),
  email: text(EMAIL_MAX, 'Email').trim().lowercase().required('Email is required').email('Invalid email address'),
  type: mixed<UserType>().oneOf([...USER_TYPES], 'Unknown user type').default('normal'),
  access_level: mixed<AccessLevelId>().oneOf([...ACCESS_LEVEL_IDS], 'Unknown access level').default(DEFAULT_ACCESS_LEVEL),
  pin_code: pin.optional(),
  trigger_menus_default_trigger_group_id: id('Trigger group id').nullable().optional(),
};

/** Add user (spec 001 §5). Password and PIN are write-only and sent only when non-empty. */
export const createUserSchema = object({ ...fields, password: newPassword('Password is required') });
export type CreateUserInput = InferType<typeof createUserSchema>;

/**
 * Edit user: the same, but the password is optional; an entra user's email and password are not
 * sent. Type and access level keep their stored values when absent (no defaults here).
 */
export const updateUserSchema = object({
  ...fields,
  type: mixed<UserType>().oneOf([...USER_TYPES], 'Unknown user type').optional(),
  access_level: mixed<AccessLevelId>().oneOf([...ACCESS_LEVEL_IDS], 'Unknown access level').optional(),
  email: text(EMAIL_MAX, 'Email').trim().lowercase().email('Invalid email address').optional(),
  password: passwordRule()
    .transform((value: string) => (value === '' ? undefined : value))
    .optional(),
});
export type UpdateUserInput = InferType<typeof updateUserSchema>;

/** The follow-up call after create/update: the user's groups (spec 001 §7). */
export const setUserGroupsSchema = object({
  user_group_ids: list(id('User group id').required('User group id is required'), USER_GROUPS_PER_USER_MAX, 'User groups').required('user_group_ids is required'),
  user_id: id('User id').optional(),
});
export type SetUserGroupsInput = InferType<typeof setUserGroupsSchema>;

export const listUsersQuerySchema = object({
  /** Users tab (person) or Device Specific tab (device: type system). */
  kind: mixed<'person' | 'device'>().oneOf(['person', 'device'], 'kind must be person or device').default('person'),
  filter: string().trim().max(64, 'Search must be at most 64 characters').optional(),
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, 'limit must be a number').matches(/^\d+$/, 'limit must be a number').optional(),
});

export const userPathSchema = object({ orgId: id('Organization id').required(), userId: id('User id').required() });

export interface UserDto {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  type: UserType;
  access_level: AccessLevelId;
  groups?: string[];
  has_pin: boolean;
  trigger_menus_default_trigger_group_id?: string | null;
}

export interface Page<T> {
  items: T[];
  next_token?: string;
}

/** What the API answers when it refuses a user change (the access-level rules: USER_RULE_MESSAGES). */
export const USER_MESSAGES = serverMessages('users', {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists in this organization',
  entraEmailFixed: 'The email of an Entra ID user cannot be changed',
  entraPasswordFixed: 'The password of an Entra ID user cannot be changed',
  cannotDeleteSelf: 'You cannot delete yourself',
  noTriggerMenuForDeviceUsers: 'Device users have no trigger menu',
  triggerMenusDisabled: 'Trigger menus are not enabled for this organization',
  triggerMenuNotListed: 'This trigger group cannot be used as a trigger menu',
  triggerMenuRequired: 'Trigger menu is required',
} as const);

export interface TriggerMenuRule {
  /** General settings is_trigger_menus_enabled. */
  enabled: boolean;
  /** General settings trigger_menus_trigger_group_ids: the only choices. */
  groupIds: readonly string[];
}

/**
 * Spec 001 §5, §6: while trigger menus are on, the picker requires one selection from the
 * organisation's list; device users have none. With nothing listed there is nothing to require.
 */
export function isTriggerMenuRequired(type: UserType, rule: TriggerMenuRule): boolean {
  return type !== 'system' && rule.enabled && rule.groupIds.length > 0;
}
