import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroupDto, UserGroupInput } from '@portal/shared/users/user-group.schema';
import { api } from '../../../lib/api.ts';
import { usersKey } from './users.ts';

const groupsKey = (orgId: string) => [...usersKey(orgId), 'groups'] as const;

/** GET user-groups (no members). Under the users key: membership changes refresh both. */
export function userGroupsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...groupsKey(orgId), 'list'],
    queryFn: ({ signal }) => api.request<UserGroupDto[]>('users', 'listUserGroups', { params: { orgId }, signal }),
  });
}

/** GET user-groups/{id}: the group with its members' ids. */
export function userGroupQueryOptions(orgId: string, groupId: string) {
  return queryOptions({
    queryKey: [...groupsKey(orgId), 'detail', groupId],
    queryFn: ({ signal }) => api.request<UserGroupDto>('users', 'getUserGroup', { params: { orgId, groupId }, signal }),
  });
}

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
