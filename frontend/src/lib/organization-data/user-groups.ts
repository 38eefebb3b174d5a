import { queryOptions } from '@tanstack/react-query';
import type { UserGroupDto } from '@portal/shared/users/user-group.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET user-groups (no members). */
export function userGroupsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.userGroups(orgId), 'list'],
    queryFn: ({ signal }) => api.request<UserGroupDto[]>('users', 'listUserGroups', { params: { orgId }, signal }),
  });
}

/** GET user-groups/{id}: the group with its members' ids. */
export function userGroupQueryOptions(orgId: string, groupId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.userGroups(orgId), 'detail', groupId],
    queryFn: ({ signal }) => api.request<UserGroupDto>('users', 'getUserGroup', { params: { orgId, groupId }, signal }),
  });
}
