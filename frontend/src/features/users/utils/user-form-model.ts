import { string } from 'yup';
import { PIN_MAX_DIGITS } from '@portal/shared/constants';
import type { Role } from '@portal/shared/tenancy/roles';
import { DEFAULT_ACCESS_LEVEL, accessLevelRefusal, assignableAccessLevels, type AccessLevelId } from '@portal/shared/users/access-levels';
import { EVERYONE_GROUP_ID } from '@portal/shared/users/user-group.schema';
import {
  USER_MESSAGES,
  createUserSchema,
  isTriggerMenuRequired,
  updateUserSchema,
  type CreateUserInput,
  type SetUserGroupsInput,
  type UpdateUserInput,
  type UserDto,
  type UserType,
} from '@portal/shared/users/user.schema';
import type { UserListKind } from './users-view.ts';

/** The user form (spec 001 §3): `triggerMenu` is the trigger_menus_default_trigger_group_id. */
export interface UserFormValues {
  firstname: string;
  lastname: string;
  email: string;
  type: UserType;
  access_level: AccessLevelId;
  password: string;
  pin_code: string;
  groups: string[];
  triggerMenu: string;
}

export interface TriggerMenuSettings {
  /** General settings is_trigger_menus_enabled. */
  enabled: boolean;
  /** General settings trigger_menus_trigger_group_ids: the only choices. */
  choices: readonly string[];
}

/** Types offered: all on the Users tab; system on the Device Specific tab (plus a stored type). */
export function typeChoices(kind: UserListKind, current?: UserType): UserType[] {
  const choices: UserType[] = kind === 'device' ? ['system'] : ['normal', 'entra', 'system'];
  return current && !choices.includes(current) ? [current, ...choices] : choices;
}

export function toUserFormValues(kind: UserListKind, user?: UserDto): UserFormValues {
  return {
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? '',
    type: user?.type ?? (kind === 'device' ? 'system' : 'normal'),
    access_level: user?.access_level ?? DEFAULT_ACCESS_LEVEL,
    password: '',
    pin_code: '',
    groups: (user?.groups ?? []).filter((id) => id !== EVERYONE_GROUP_ID),
    triggerMenu: user?.trigger_menus_default_trigger_group_id ?? '',
  };
}

/** Spec 001 §5: while trigger menus are on, the picker requires one selection (the server's rule too). */
export function isTriggerMenuRequiredIn(type: UserType, settings: TriggerMenuSettings): boolean {
  return isTriggerMenuRequired(type, { enabled: settings.enabled, groupIds: settings.choices });
}

/**
 * Add validates with the create schema, edit with the update schema (password optional), both plus
 * the trigger menu the picker requires while menus are on.
 */
export function userValidationSchema(mode: 'create' | 'edit', menus: TriggerMenuSettings = { enabled: false, choices: [] }) {
  const base = mode === 'create' ? createUserSchema : updateUserSchema;
  return base.shape({
    triggerMenu: string().when('type', ([type], menu) =>
      isTriggerMenuRequiredIn(type as UserType, menus) ? menu.required(USER_MESSAGES.triggerMenuRequired) : menu,
    ),
  });
}

/** An entra user's email and password belong to Entra ID: neither editable nor sent (spec 001 §5). */
export const isEntraLocked = (user: UserDto | undefined): boolean => user?.type === 'entra';

/** Spec 001 §6: hidden for device users; disabled unless the organisation enabled trigger menus. */
export function triggerMenuState(type: UserType, settings: TriggerMenuSettings): 'hidden' | 'disabled' | 'enabled' {
  if (type === 'system') return 'hidden';
  return settings.enabled ? 'enabled' : 'disabled';
}

/** PIN input: digits only, at most 4 (spec 001 §5, §9). */
export function sanitisePin(text: string): string {
  return text.replace(/\D/g, '').slice(0, PIN_MAX_DIGITS);
}

/** The choices of the trigger-menu select: the organisation's list, plus a stored value no longer in it. */
export function triggerMenuChoices(settings: TriggerMenuSettings, current: string): string[] {
  return current && !settings.choices.includes(current) ? [...settings.choices, current] : [...settings.choices];
}

function triggerMenuOf(values: UserFormValues, settings: TriggerMenuSettings): string | undefined {
  return triggerMenuState(values.type, settings) === 'enabled' && values.triggerMenu ? values.triggerMenu : undefined;
}

/** POST users: password always (required), PIN and trigger menu only when given. */
export function toCreateUserBody(values: UserFormValues, settings: TriggerMenuSettings): CreateUserInput {
  const triggerMenu = triggerMenuOf(values, settings);
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    type: values.type,
    access_level: values.access_level,
    password: values.password,
    ...(values.pin_code ? { pin_code: values.pin_code } : {}),
    ...(triggerMenu ? { trigger_menus_default_trigger_group_id: triggerMenu } : {}),
  };
}

/**
 * PUT users/{id}: password and PIN only when non-empty; an entra user's email and password never.
 * With trigger menus enabled the menu is always sent (null clears it); otherwise it is left out.
 */
export function toUpdateUserBody(values: UserFormValues, user: UserDto, settings: TriggerMenuSettings): UpdateUserInput {
  const entra = isEntraLocked(user);
  const menuEditable = triggerMenuState(values.type, settings) === 'enabled';
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    type: values.type,
    access_level: values.access_level,
    ...(entra ? {} : { email: values.email.trim() }),
    ...(!entra && values.password ? { password: values.password } : {}),
    ...(values.pin_code ? { pin_code: values.pin_code } : {}),
    ...(menuEditable ? { trigger_menus_default_trigger_group_id: values.triggerMenu || null } : {}),
  };
}

/** The follow-up PUT users/{id}/groups; the everyone group is the server's business. */
export function toUserGroupsBody(groups: readonly string[], userId: string): SetUserGroupsInput {
  return { user_group_ids: groups.filter((id) => id !== EVERYONE_GROUP_ID), user_id: userId };
}

export { userDisplayName } from './user-display.ts';

export function toggleId(ids: readonly string[], id: string, on: boolean): string[] {
  const without = ids.filter((other) => other !== id);
  return on ? [...without, id] : without;
}

/** What the signed-in person may do in the user form: the server's rules (decision 0009), mirrored so the form offers nothing it refuses. */
export interface UserFormAccess {
  /** The access levels to offer: the stored one, plus those the caller may choose. */
  levels: AccessLevelId[];
  /** Why the access level cannot be changed here, if it cannot. */
  levelLock?: 'own' | 'superadmin';
  /** A superadmin, seen by someone who is not one: nothing may be changed or deleted. */
  readOnly: boolean;
  canDelete: boolean;
}

export function userFormAccess(callerRoles: readonly Role[], callerId: string | undefined, mode: 'create' | 'edit', user?: UserDto): UserFormAccess {
  const from = mode === 'edit' ? user?.access_level : undefined;
  const caller = { roles: callerRoles, isSelf: mode === 'edit' && user !== undefined && user.id === callerId };
  const readOnly = from !== undefined && accessLevelRefusal(caller, from, from) === 'manageSuperadmin';
  const levels = assignableAccessLevels(caller, from);
  const levelLock = readOnly ? 'superadmin' : caller.isSelf ? 'own' : undefined;
  return { levels, ...(levelLock ? { levelLock } : {}), readOnly, canDelete: mode === 'edit' && !caller.isSelf && !readOnly };
}
