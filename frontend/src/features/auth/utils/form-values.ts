import type { ChangePasswordForm, ChangePasswordInput } from '@portal/shared/identity/change-password.schema';
import { signUpSchema, type SignUpInput } from '@portal/shared/identity/sign-up.schema';

/** The body of POST /api/signup: the schema's trimming and lowercasing applied, nothing extra. */
export function toSignUpInput(values: SignUpInput): SignUpInput {
  return signUpSchema.cast(values, { stripUnknown: true });
}

/** The body of POST /api/me/change-password: the confirmation stays in the form. */
export function toChangePasswordInput(values: ChangePasswordForm, userId: string): ChangePasswordInput {
  return { old_password: values.old_password, new_password: values.new_password, userId };
}
