import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { changePasswordFormSchema } from '@portal/shared/identity/change-password.schema';
import { PASSWORD_CLASS_MESSAGE } from '@portal/shared/identity/password.schema';
import { signUpSchema } from '@portal/shared/identity/sign-up.schema';

function errorsOf(schema: ObjectSchema<AnyObject>, input: object): string[] {
  try {
    schema.validateSync(input, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

const GOOD = 'Good-pass1!';
const signUp = { company_name: 'Acme', signup_code: 'C', firstname: 'A', lastname: 'B', email: 'a@b.co', password: GOOD };
const change = { old_password: 'old', new_password: GOOD, confirm_password: GOOD };

describe('change-password form rules (spec 001 §5)', () => {
  it('accepts a valid change', () => {
    expect(errorsOf(changePasswordFormSchema, change)).toEqual([]);
  });

  it('names every missing field', () => {
    expect(errorsOf(changePasswordFormSchema, {})).toEqual([
      'Current password is required',
      'New password is required',
      'Confirm new password is required',
    ]);
  });

  it('checks length, character classes and the confirmation', () => {
    expect(errorsOf(changePasswordFormSchema, { ...change, new_password: 'Ab1!', confirm_password: 'Ab1!' })).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(errorsOf(changePasswordFormSchema, { ...change, new_password: 'abcdefgh1!', confirm_password: 'abcdefgh1!' })).toEqual([
      PASSWORD_CLASS_MESSAGE,
    ]);
    expect(errorsOf(changePasswordFormSchema, { ...change, confirm_password: 'Other-pass1!' })).toEqual(['Passwords must match']);
  });
});

describe('sign-up form rules', () => {
  it('accepts a valid sign-up and applies the password rule', () => {
    expect(errorsOf(signUpSchema, signUp)).toEqual([]);
    expect(errorsOf(signUpSchema, { ...signUp, password: 'password' })).toEqual([PASSWORD_CLASS_MESSAGE]);
  });

  it('treats blank text as missing', () => {
    expect(errorsOf(signUpSchema, { ...signUp, company_name: '   ', signup_code: ' ' })).toEqual([
      'Company name is required',
      'Sign-up code is required',
    ]);
  });
});
