import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { LANGUAGES } from '@portal/shared/constants';
import { ACCESS_LEVEL_IDS, PERMISSIONS, USER_RULE_MESSAGES } from '@portal/shared/users/access-levels';
import { userGroupSchema } from '@portal/shared/users/user-group.schema';
import { createUserSchema, updateUserSchema } from '@portal/shared/users/user.schema';
import { resources } from '../../../lib/i18n-resources.ts';

type Locale = Record<string, Record<string, unknown>>;
const locale = (language: string) => resources[language]?.users as unknown as Locale;

function errorsOf(schema: ObjectSchema<AnyObject>, input: object): string[] {
  try {
    schema.validateSync(input, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('users locale', () => {
  it('uses the spec’s labels', () => {
    const en = locale('en');
    expect(en.tabs).toEqual({ people: 'Users', devices: 'Device Specific', groups: 'Groups', 'access-levels': 'Access Levels' });
    expect(en.actions).toEqual({ addUser: 'Add User', addGroup: 'Add Group' });
    expect(en.types).toMatchObject({ normal: 'Normal', system: 'Device' });
  });

  it('translates every validation message of the user and group forms', () => {
    const messages = new Set([
      ...errorsOf(createUserSchema, {}),
      ...errorsOf(createUserSchema, { email: 'nope', password: 'short', pin_code: '12345' }),
      ...errorsOf(createUserSchema, { password: 'longenough', pin_code: '1a' }),
      ...errorsOf(updateUserSchema, { email: 'nope' }),
      ...errorsOf(userGroupSchema, {}),
      ...errorsOf(userGroupSchema, { name: 'x'.repeat(61), color: '#123456' }),
    ]);
    expect(messages).toContain('First Name is required');
    expect(messages).toContain('Color is required');
    for (const language of LANGUAGES) {
      for (const message of messages) expect(locale(language).validation?.[message], `${language}: ${message}`).toEqual(expect.any(String));
    }
  });

  it('names every access level and permission in both languages', () => {
    for (const language of LANGUAGES) {
      const levels = locale(language).accessLevels as Record<string, { name?: string; description?: string }>;
      for (const id of ACCESS_LEVEL_IDS) expect(levels[id]?.name, `${language} ${id}`).toEqual(expect.any(String));
      for (const permission of PERMISSIONS) expect(locale(language).permissions?.[permission], permission).toEqual(expect.any(String));
    }
  });

  it('translates every refusal of the user rules the server answers, by its code (decision 0009)', () => {
    const errors = (language: string) => resources[language]?.['server-errors'] as unknown as { userRules: Record<string, string> };
    for (const language of LANGUAGES) {
      for (const key of Object.keys(USER_RULE_MESSAGES)) {
        expect(errors(language).userRules[key], `${language}: ${key}`).toEqual(expect.any(String));
      }
    }
  });
});
