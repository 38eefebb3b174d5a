import { EMAIL_MAX, PASSWORD_MAX } from '../validation/limits.ts';

/**
 * The sign-in form's rules (spec 001 §5) as plain functions: /signin renders before anything else,
 * so it checks its two fields without yup (issue 12). sign-in.schema.ts states the same rules in
 * yup with these messages, and a unit test holds both to the same answer on a table of inputs.
 */
export const SIGN_IN_MESSAGES = {
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
} as const;

export interface SignInValues {
  email: string;
  password: string;
}
export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** The HTML spec's valid e-mail address, the pattern yup's `email()` tests. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** What is sent: the email trimmed (as the schema's cast does), the password as typed. */
export function normalizeSignIn(values: SignInValues): SignInValues {
  return { email: values.email.trim(), password: values.password };
}

function emailError(raw: string): string | undefined {
  const email = raw.trim();
  if (!email) return SIGN_IN_MESSAGES.emailRequired;
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) return SIGN_IN_MESSAGES.emailInvalid;
  return undefined;
}

function passwordError(password: string): string | undefined {
  if (!password) return SIGN_IN_MESSAGES.passwordRequired;
  if (password.length > PASSWORD_MAX) return SIGN_IN_MESSAGES.passwordTooLong;
  return undefined;
}

/** The first failing rule's message per field; an empty object when the form may be sent. */
export function validateSignIn(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  const email = emailError(values.email);
  const password = passwordError(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}
