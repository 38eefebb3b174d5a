import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@portal/shared/identity/change-password.schema';
import { api } from '../../../lib/api.ts';

/** POST /api/me/change-password: old and new password of a user pending migration. */
export function changePassword(input: ChangePasswordInput): Promise<{ identityPortalUrl: string }> {
  return api.request<{ identityPortalUrl: string }>('identity', 'changePassword', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
