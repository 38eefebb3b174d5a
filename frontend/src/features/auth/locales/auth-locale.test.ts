import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { LANGUAGES } from '@portal/shared/constants';
import { CHANGE_PASSWORD_FAILED, changePasswordFormSchema } from '@portal/shared/identity/change-password.schema';
import { signInSchema } from '@portal/shared/identity/sign-in.schema';
import { SIGN_UP_FAILED, signUpSchema } from '@portal/shared/identity/sign-up.schema';
import { resources } from '../../../lib/i18n-resources.ts';

interface AuthLocale {
  signUp: Record<string, string>;
  changePassword: Record<string, string>;
  validation: Record<string, string>;
}

const locale = (language: string) => resources[language]?.auth as unknown as AuthLocale;

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

describe('auth locale', () => {
  it('uses the exact failure texts of spec 001 §8 in English and translates them', () => {
    expect(locale('en').signUp.failed).toBe(SIGN_UP_FAILED);
    expect(locale('en').changePassword.failed).toBe(CHANGE_PASSWORD_FAILED);
    expect(locale('de').signUp.failed).not.toBe(SIGN_UP_FAILED);
    expect(locale('de').changePassword.failed).not.toBe(CHANGE_PASSWORD_FAILED);
  });

  it('translates every validation message the auth forms can show', () => {
    const messages = new Set([
      ...errorsOf(signInSchema, {}),
      ...errorsOf(signInSchema, { email: 'nope', password: 'x' }),
      ...errorsOf(signUpSchema, {}),
      ...errorsOf(signUpSchema, { ...signUp, company_name: 'x'.repeat(101), email: 'nope', password: 'short' }),
      ...errorsOf(signUpSchema, { ...signUp, password: 'longenough' }),
      ...errorsOf(changePasswordFormSchema, {}),
      ...errorsOf(changePasswordFormSchema, { ...change, new_password: 'short', confirm_password: 'other' }),
      ...errorsOf(changePasswordFormSchema, { ...change, new_password: 'longenough' }),
    ]);
    expect(messages.size).toBe(14);
    for (const message of messages) {
      expect(locale('en').validation[message], message).toBe(message);
      for (const language of LANGUAGES) expect(locale(language).validation[message], `${language}: ${message}`).toBeTruthy();
    }
  });

  it('has a German text, different from the English one, for every string', () => {
    const leaves = (value: unknown, prefix = ''): [string, unknown][] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, child]) => leaves(child, `${prefix}${key}.`))
        : [[prefix, value]];
    const german = new Map(leaves(locale('de')));
    for (const [key, english] of leaves(locale('en'))) {
      expect(german.get(key), key).toEqual(expect.any(String));
      expect(german.get(key), key).not.toBe(english);
    }
  });
});
