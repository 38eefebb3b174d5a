import { describe, expect, it } from 'vitest';
import { toChangePasswordInput, toSignUpInput } from './form-values.ts';

describe('toSignUpInput', () => {
  it('trims the fields and lowercases the email, leaving the password alone', () => {
    const input = toSignUpInput({
      company_name: '  Acme GmbH ',
      signup_code: ' CODE-1 ',
      firstname: ' Ada ',
      lastname: ' Lovelace ',
      email: ' Ada@Example.COM ',
      password: ' Secret-1! ',
    });
    expect(input).toEqual({
      company_name: 'Acme GmbH',
      signup_code: 'CODE-1',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: ' Secret-1! ',
    });
  });

  it('sends no field the API does not know', () => {
    const values = { company_name: 'A', signup_code: 'C', firstname: 'F', lastname: 'L', email: 'a@b.co', password: 'x' };
    expect(Object.keys(toSignUpInput({ ...values, extra: 1 } as typeof values)).sort()).toEqual(Object.keys(values).sort());
  });
});

describe('toChangePasswordInput', () => {
  it('sends old and new password with the user id, not the confirmation', () => {
    expect(
      toChangePasswordInput({ old_password: 'Old-pass1!', new_password: 'New-pass1!', confirm_password: 'New-pass1!' }, 'u-1'),
    ).toEqual({ old_password: 'Old-pass1!', new_password: 'New-pass1!', userId: 'u-1' });
  });
});
