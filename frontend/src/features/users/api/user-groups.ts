import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroupDto, UserGroupInput } from '@portal/shared/users/user-group.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

const usersKey = orgDataKeys.users;

export function useSaveUserGroup(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId?: string; body: UserGroupInput }) =>
      groupId
        ? api.request<UserGroupDto>('users', 'updateUserGroup', { params: { orgId, groupId }, body })
        : api.request<UserGroupDto>('users', 'createUserGroup', { params: { orgId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: usersKey(orgId) }),
  });
}

export function useDeleteUserGroup(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => api.request<void>('users', 'deleteUserGroup', { params: { orgId, groupId } }),
    onSettled: () => client.invalidateQueries({ queryKey: usersKey(orgId) }),
  });
}
