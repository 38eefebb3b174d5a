import { useCallback } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isEveryoneGroup, type UserGroupDto } from '@portal/shared/users/user-group.schema';
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

/**
 * A group's name as it shows: the built-in group is stored with the English 'Everyone' and cannot be
 * renamed, so it shows in the user's language (app:groups.everyone); other groups show their own name.
 */
export function groupDisplayName(group: Pick<UserGroupDto, 'id' | 'type' | 'name'>, builtInName: string): string {
  return isEveryoneGroup(group) ? builtInName : group.name;
}

/** groupDisplayName with the built-in group's name in the current language. */
export function useGroupDisplayName(): (group: Pick<UserGroupDto, 'id' | 'type' | 'name'>) => string {
  const { t } = useTranslation('app');
  const builtInName = t('groups.everyone');
  return useCallback((group) => groupDisplayName(group, builtInName), [builtInName]);
}
