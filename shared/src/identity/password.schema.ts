import { string } from 'yup';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { PASSWORD_MAX } from '../validation/fields.ts';

/** Upper, lower, digit and one of @$!%*?& (spec 001 §5). */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).+$/;
export const PASSWORD_CLASS_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character';

/** The password rule of the change-password form, reused by sign-up and user forms. */
export const passwordRule = () =>
  string()
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .matches(PASSWORD_PATTERN, PASSWORD_CLASS_MESSAGE);

export const newPassword = (requiredMessage: string) => passwordRule().required(requiredMessage);
