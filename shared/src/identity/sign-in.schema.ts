import { object, string, type InferType } from 'yup';
import { EMAIL_MAX, PASSWORD_MAX } from '../validation/fields.ts';
import { SIGN_IN_MESSAGES } from './sign-in.rules.ts';

/**
 * Sign-in form (spec 001 §5): email valid and required, password required. The form itself checks
 * with sign-in.rules.ts (no yup on first load); a unit test keeps the two in agreement.
 */
export const signInSchema = object({
  email: string().max(EMAIL_MAX, SIGN_IN_MESSAGES.emailInvalid).trim().email(SIGN_IN_MESSAGES.emailInvalid).required(SIGN_IN_MESSAGES.emailRequired),
  password: string().max(PASSWORD_MAX, SIGN_IN_MESSAGES.passwordTooLong).required(SIGN_IN_MESSAGES.passwordRequired),
});
export type SignInInput = InferType<typeof signInSchema>;
