import { describe, expect, it } from 'vitest';
import type { UserDto } from '@portal/shared/users/user.schema';
import {
  sanitisePin,
  toCreateUserBody,
  toUpdateUserBody,
  toUserFormValues,
  toUserGroupsBody,
  toggleId,
  triggerMenuChoices,
  triggerMenuState,
  typeChoices,
  userFormAccess,
  userValidationSchema,
  type UserFormValues,
} from './user-form-model.ts';

const MENUS_ON = { enabled: true, choices: ['tg-1', 'tg-2'] };
const MENUS_OFF = { enabled: false, choices: ['tg-1'] };

const user: UserDto = {
  id: 'u1',
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  type: 'normal',
  access_level: 'admin',
  groups: ['everyone', 'g1'],
  has_pin: true,
  trigger_menus_default_trigger_group_id: 'tg-1',
};

const values = (patch: Partial<UserFormValues> = {}): UserFormValues => ({ ...toUserFormValues('person', user), ...patch });

describe('user form values', () => {
  it('starts a new user as Normal employee, a new device-tab user as system', () => {
    expect(toUserFormValues('person')).toEqual({
      firstname: '',
      lastname: '',
      email: '',
      type: 'normal',
      access_level: 'employee',
      password: '',
      pin_code: '',
      groups: [],
      triggerMenu: '',
    });
    expect(toUserFormValues('device').type).toBe('system');
  });

  it('fills an edit form without secrets and without the everyone group', () => {
    expect(toUserFormValues('person', user)).toMatchObject({ password: '', pin_code: '', groups: ['g1'], triggerMenu: 'tg-1', access_level: 'admin' });
  });

  it('offers all types on the Users tab and only Device on the Device Specific tab', () => {
    expect(typeChoices('person')).toEqual(['normal', 'entra', 'system']);
    expect(typeChoices('device')).toEqual(['system']);
    expect(typeChoices('device', 'normal')).toEqual(['normal', 'system']);
  });
});

describe('what is sent', () => {
  it('creates with a password, and PIN and trigger menu only when given', () => {
    const body = toCreateUserBody(values({ firstname: ' Ada ', password: 'Secret-1!', pin_code: '', triggerMenu: '' }), MENUS_ON);
    expect(body).toEqual({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', type: 'normal', access_level: 'admin', password: 'Secret-1!' });
    const withExtras = toCreateUserBody(values({ password: 'Secret-1!', pin_code: '1234', triggerMenu: 'tg-2' }), MENUS_ON);
    expect(withExtras).toMatchObject({ pin_code: '1234', trigger_menus_default_trigger_group_id: 'tg-2' });
  });

  it('leaves the trigger menu out when menus are off or the user is a device', () => {
    expect(toCreateUserBody(values({ password: 'x', triggerMenu: 'tg-1' }), MENUS_OFF)).not.toHaveProperty('trigger_menus_default_trigger_group_id');
    expect(toCreateUserBody(values({ password: 'x', type: 'system', triggerMenu: 'tg-1' }), MENUS_ON)).not.toHaveProperty(
      'trigger_menus_default_trigger_group_id',
    );
  });

  it('updates without password or PIN when they are empty', () => {
    const body = toUpdateUserBody(values({ lastname: 'Byron' }), user, MENUS_ON);
    expect(body).toEqual({
      firstname: 'Ada',
      lastname: 'Byron',
      email: 'ada@example.com',
      type: 'normal',
      access_level: 'admin',
      trigger_menus_default_trigger_group_id: 'tg-1',
    });
    expect(toUpdateUserBody(values({ password: 'New-pass1!', pin_code: '42' }), user, MENUS_ON)).toMatchObject({ password: 'New-pass1!', pin_code: '42' });
  });

  it('clears the trigger menu with null when menus are on, and leaves it alone when they are off', () => {
    expect(toUpdateUserBody(values({ triggerMenu: '' }), user, MENUS_ON).trigger_menus_default_trigger_group_id).toBeNull();
    expect(toUpdateUserBody(values(), user, MENUS_OFF)).not.toHaveProperty('trigger_menus_default_trigger_group_id');
  });

  it('never sends an entra user’s email or password', () => {
    const entra = { ...user, type: 'entra' as const };
    const body = toUpdateUserBody({ ...toUserFormValues('person', entra), email: 'other@example.com', password: 'New-pass1!' }, entra, MENUS_ON);
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('password');
    expect(body.type).toBe('entra');
  });

  it('assigns groups in the follow-up call, without the everyone group', () => {
    expect(toUserGroupsBody(['everyone', 'g1', 'g2'], 'u1')).toEqual({ user_group_ids: ['g1', 'g2'], user_id: 'u1' });
  });
});

describe('form rules', () => {
  it('keeps the PIN numeric and at most 4 digits', () => {
    expect(sanitisePin('12a3-45')).toBe('1234');
    expect(sanitisePin('abc')).toBe('');
  });

  it('hides the trigger menu for devices and disables it unless enabled', () => {
    expect(triggerMenuState('system', MENUS_ON)).toBe('hidden');
    expect(triggerMenuState('normal', MENUS_OFF)).toBe('disabled');
    expect(triggerMenuState('entra', MENUS_ON)).toBe('enabled');
    expect(triggerMenuChoices(MENUS_ON, 'tg-9')).toEqual(['tg-1', 'tg-2', 'tg-9']);
    expect(triggerMenuChoices(MENUS_ON, '')).toEqual(['tg-1', 'tg-2']);
  });

  it('validates with the spec’s messages; the password is optional on edit only', async () => {
    const empty = toUserFormValues('person');
    await expect(userValidationSchema('create').validate({ ...empty, email: 'nope' }, { abortEarly: false })).rejects.toMatchObject({
      errors: expect.arrayContaining(['First Name is required', 'Last Name is required', 'Invalid email address', 'Password is required']),
    });
    await expect(userValidationSchema('create').validate({ ...empty, firstname: 'A', lastname: 'B' }, { abortEarly: false })).rejects.toMatchObject({
      errors: expect.arrayContaining(['Email is required']),
    });
    await expect(userValidationSchema('edit').validate({ ...values(), password: undefined, pin_code: undefined })).resolves.toBeTruthy();
  });

  it('requires a trigger menu while menus are on and any group is listed, never for device users (spec 001 §5)', async () => {
    const edit = (menus: typeof MENUS_ON, patch: Partial<UserFormValues>) => userValidationSchema('edit', menus).validate({ ...values(), ...patch });
    await expect(edit(MENUS_ON, { triggerMenu: '' })).rejects.toMatchObject({ errors: ['Trigger menu is required'] });
    await expect(edit(MENUS_ON, { triggerMenu: 'tg-2' })).resolves.toBeTruthy();
    await expect(edit(MENUS_ON, { triggerMenu: '', type: 'system' })).resolves.toBeTruthy();
    await expect(edit(MENUS_OFF, { triggerMenu: '' })).resolves.toBeTruthy();
    await expect(edit({ enabled: true, choices: [] }, { triggerMenu: '' })).resolves.toBeTruthy();
  });

  it('toggles ids', () => {
    expect(toggleId(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleId(['a'], 'a', true)).toEqual(['a']);
  });
});

describe('what the user form offers (decision 0009)', () => {
  const boss: UserDto = { ...user, id: 'boss', access_level: 'superadmin' };

  it('offers an admin every level but superadmin, and a superadmin every level', () => {
    expect(userFormAccess(['admin'], 'me', 'create')).toEqual({ levels: ['employee', 'assistant', 'admin'], readOnly: false, canDelete: false });
    expect(userFormAccess(['superadmin'], 'me', 'create').levels).toEqual(['employee', 'assistant', 'admin', 'superadmin']);
    expect(userFormAccess(['admin'], 'me', 'edit', user)).toEqual({ levels: ['employee', 'assistant', 'admin'], readOnly: false, canDelete: true });
  });

  it('locks one’s own level and hides deleting oneself', () => {
    expect(userFormAccess(['admin'], 'u1', 'edit', user)).toEqual({ levels: ['admin'], levelLock: 'own', readOnly: false, canDelete: false });
    expect(userFormAccess(['superadmin'], 'boss', 'edit', boss)).toEqual({ levels: ['superadmin'], levelLock: 'own', readOnly: false, canDelete: false });
  });

  it('shows a superadmin read-only to an admin', () => {
    expect(userFormAccess(['admin'], 'me', 'edit', boss)).toEqual({ levels: ['superadmin'], levelLock: 'superadmin', readOnly: true, canDelete: false });
    expect(userFormAccess(['superadmin'], 'me', 'edit', boss)).toEqual({ levels: ['employee', 'assistant', 'admin', 'superadmin'], readOnly: false, canDelete: true });
  });
});
