import { object, ref, string, type InferType } from 'yup';
import { id, PASSWORD_MAX, text } from '../validation/fields.ts';
import { newPassword } from './password.schema.ts';
import { serverMessages } from '../api/server-messages.ts';

/** The form (spec 001 §5): old, new and confirmation. */
export const changePasswordFormSchema = object({
  old_password: string().required('Current password is required'),
  new_password: newPassword('New password is required'),
  confirm_password: string()
    .required('Confirm new password is required')
    .oneOf([ref('new_password')], 'Passwords must match'),
});
export type ChangePasswordForm = InferType<typeof changePasswordFormSchema>;

/** The call (spec 001 §3: old_password, new_password, userId). */
export const changePasswordSchema = object({
  old_password: text(PASSWORD_MAX, 'Current password').required('Current password is required'),
  new_password: newPassword('New password is required'),
  userId: id('User id').required('User id is required'),
});
export type ChangePasswordInput = InferType<typeof changePasswordSchema>;

/** What the screen shows for any failure (spec 001 §8). */
export const CHANGE_PASSWORD_FAILED =
  'We run into an issue and we could not process your request. Please try again or contact system administrator!';

/** What the API answers when it refuses the change (the screen shows CHANGE_PASSWORD_FAILED). */
export const CHANGE_PASSWORD_MESSAGES = serverMessages('changePassword', {
  notOwnPassword: 'You can only change your own password',
  accountNotFound: 'Account not found',
  wrongCurrentPassword: 'Current password is incorrect',
} as const);
