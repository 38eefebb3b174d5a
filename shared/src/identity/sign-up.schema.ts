import { object, string, type InferType } from 'yup';
import { EMAIL_MAX, text } from '../validation/fields.ts';
import { newPassword } from './password.schema.ts';
import { serverMessages } from '../api/server-messages.ts';

/**
 * Sign-up of a new organisation (spec 001 §3). The spec shows no messages for this form; these
 * follow the wording of the user form (decision 0004).
 */
export const signUpSchema = object({
  company_name: string().trim().required('Company name is required').max(100, 'Company name must be at most 100 characters'),
  signup_code: text(100, 'Sign-up code').trim().required('Sign-up code is required'),
  firstname: text(50, 'First Name').trim().required('First Name is required'),
  lastname: text(50, 'Last Name').trim().required('Last Name is required'),
  email: text(EMAIL_MAX, 'Email').trim().lowercase().email('Invalid email address').required('Email is required'),
  password: newPassword('Password is required'),
});
export type SignUpInput = InferType<typeof signUpSchema>;

export interface SignUpResponse {
  organization: { id: string; name: string };
}

/** The one message the sign-up page shows for any failure (spec 001 §8). */
export const SIGN_UP_FAILED = 'Failed to create organization! Please contact system administrator.';

/** What the API answers when it refuses a sign-up (the page shows SIGN_UP_FAILED). */
export const SIGN_UP_MESSAGES = serverMessages('signUp', {
  invalidCode: 'Invalid sign-up code',
  /** The identity provider has a sign-in identity with this email already. */
  identityTaken: 'A user with this email already exists',
} as const);
