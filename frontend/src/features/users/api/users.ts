import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UpdateUserInput, UserDto } from '@portal/shared/users/user.schema';
import { api } from '../../../lib/api.ts';
import { usersResource } from '../../../lib/organization-data/users.ts';
import { toUserGroupsBody } from '../utils/user-form-model.ts';

export { usersListQueryOptions } from './users-list.ts';

export type SaveUserInput =
  | { mode: 'create'; body: CreateUserInput; groups: string[] }
  | { mode: 'edit'; userId: string; body: UpdateUserInput; groups: string[] };

/** The user was created but the follow-up groups call failed: edit them rather than create again. */
export class GroupsNotSavedError extends Error {
  override readonly name = 'GroupsNotSavedError';

  constructor(
    readonly userId: string,
    readonly groupsError: unknown,
  ) {
    super('Groups not saved');
  }
}

/** Create or update, then the follow-up call that assigns the groups (spec 001 §7). */
export function useSaveUser(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveUserInput) => {
      const user =
        input.mode === 'create'
          ? await api.request<UserDto>('users', 'createUser', { params: { orgId }, body: input.body })
          : await api.request<UserDto>('users', 'updateUser', { params: { orgId, userId: input.userId }, body: input.body });
      try {
        return await api.request<UserDto>('users', 'setUserGroups', { params: { orgId, userId: user.id }, body: toUserGroupsBody(input.groups, user.id) });
      } catch (error) {
        if (input.mode === 'create') throw new GroupsNotSavedError(user.id, error);
        throw error;
      }
    },
    // Every users query of an organisation is under one key, so one invalidation refreshes them.
    onSettled: () => usersResource.refresh(client, orgId),
  });
}

export const useDeleteUser = usersResource.useDelete;
