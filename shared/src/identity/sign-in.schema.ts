import { object, string, type InferType } from 'yup';
import { EMAIL_MAX, PASSWORD_MAX } from '../validation/fields.ts';

/** Sign-in form (spec 001 §5): email valid and required, password required. */
export const signInSchema = object({
  email: string().max(EMAIL_MAX, 'Invalid email address').trim().email('Invalid email address').required('Email is required'),
  password: string().max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`).required('Password is required'),
});
export type SignInInput = InferType<typeof signInSchema>;
