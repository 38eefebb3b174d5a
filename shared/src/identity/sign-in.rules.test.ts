import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { EMAIL_MAX, PASSWORD_MAX } from '../validation/fields.ts';
import { normalizeSignIn, validateSignIn, type SignInErrors, type SignInValues } from './sign-in.rules.ts';
import { signInSchema } from './sign-in.schema.ts';

/** The yup schema's answer as a form library gives it: '' counts as absent, the first message per field. */
function schemaErrors(values: SignInValues): SignInErrors {
  const prepared = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]));
  try {
    signInSchema.validateSync(prepared, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const inner of error.inner) if (inner.path && !(inner.path in errors)) errors[inner.path] = inner.message;
    return errors;
  }
}

const local = `${'a'.repeat(64)}`;
const EMAILS = [
  '',
  ' ',
  '   \t ',
  'admin@example.com',
  '  admin@example.com  ',
  'Admin.Name+tag@sub.example.co.uk',
  'nope',
  'a@b',
  'a@b.',
  'a@-b.com',
  'a@b-.com',
  'a b@example.com',
  'a@b..com',
  '@example.com',
  'admin@',
  'ümlaut@example.com',
  'admin@exämple.com',
  `${local}@${'b'.repeat(63)}.com`,
  `${local}@${'b'.repeat(64)}.com`,
  `${'a'.repeat(EMAIL_MAX - 12)}@example.com`,
  `${'a'.repeat(EMAIL_MAX - 11)}@example.com`,
  ` ${'a'.repeat(EMAIL_MAX - 12)}@example.com `,
];
const PASSWORDS = ['', ' ', 'x', 'correct horse', ' padded ', 'p'.repeat(PASSWORD_MAX), 'p'.repeat(PASSWORD_MAX + 1)];

describe('sign-in rules', () => {
  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => ({ email, password }))))(
    'agree with the yup schema on %j',
    (values) => {
      expect(validateSignIn(values)).toEqual(schemaErrors(values));
    },
  );

  it('send what the schema’s cast sends', () => {
    for (const email of EMAILS) {
      const values = { email, password: ' padded ' };
      if (Object.keys(validateSignIn(values)).length === 0) expect(normalizeSignIn(values)).toEqual(signInSchema.cast(values));
    }
  });

  it('name the spec’s messages', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateSignIn({ email: 'nope', password: 'x' })).toEqual({ email: 'Invalid email address' });
  });
});
