import type { UserDto } from '@portal/shared/users/user.schema';

/** A user's name in lists and pickers, the email without one. Without the form's schemas (issue 12). */
export function userDisplayName(user: Pick<UserDto, 'firstname' | 'lastname' | 'email'>): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}
