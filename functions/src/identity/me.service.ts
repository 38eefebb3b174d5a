import type { MeResponse } from '@portal/shared/identity/me';
import type { Principal } from '@portal/shared/tenancy/principal';
import { getAccount } from '../platform/tenancy/user-accounts.repository.ts';

export async function getMe(principal: Principal): Promise<MeResponse> {
  const account = await getAccount(principal.userId);
  return {
    userId: principal.userId,
    email: account?.email ?? principal.email ?? '',
    firstname: account?.firstname,
    lastname: account?.lastname,
    isPendingEntraIdMigration: account?.isPendingEntraIdMigration ?? false,
  };
}
