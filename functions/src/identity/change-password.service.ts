import { CHANGE_PASSWORD_MESSAGES, type ChangePasswordInput } from '@portal/shared/identity/change-password.schema';
import type { Principal } from '@portal/shared/tenancy/principal';
import { env } from '../platform/config.ts';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { setPassword, verifyPassword } from '../platform/identity/cognito-admin.ts';
import { getAccount, setPendingMigration } from '../platform/tenancy/user-accounts.repository.ts';

/**
 * The forced password change of a user pending an identity-provider migration: the current
 * password is verified, the new one set, the pending mark cleared; the user then goes on to the
 * identity portal.
 */
export async function changePassword(principal: Principal, input: ChangePasswordInput) {
  if (input.userId !== principal.userId) throw new ForbiddenError(CHANGE_PASSWORD_MESSAGES.notOwnPassword);
  const account = await getAccount(principal.userId);
  const email = account?.email ?? principal.email;
  if (!email) throw new NotFoundError(CHANGE_PASSWORD_MESSAGES.accountNotFound);
  if (!(await verifyPassword(email, input.old_password))) throw new InvalidInputError(CHANGE_PASSWORD_MESSAGES.wrongCurrentPassword);
  await setPassword(email, input.new_password);
  if (account) await setPendingMigration(principal.userId, false);
  return { identityPortalUrl: env.identityPortalUrl };
}
