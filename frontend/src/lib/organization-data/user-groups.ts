import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isEveryoneGroup, type UserGroupDto, type UserGroupInput } from '@portal/shared/users/user-group.schema';
import { crudResource } from '../resource-api.ts';
import { orgDataKeys } from './query-keys.ts';

/** User groups: a membership change reads every users query again (groups are under the users key). */
export const userGroupsResource = crudResource<{ item: UserGroupDto; input: UserGroupInput; list: UserGroupDto[] }>()({
  module: 'users',
  key: orgDataKeys.userGroups,
  id: 'groupId',
  list: 'listUserGroups',
  get: 'getUserGroup',
  create: 'createUserGroup',
  update: 'updateUserGroup',
  remove: 'deleteUserGroup',
  refreshes: (orgId) => [orgDataKeys.users(orgId)],
});

/** GET user-groups (no members). */
export const userGroupsQueryOptions = (orgId: string) => userGroupsResource.listQueryOptions(orgId);

/** GET user-groups/{id}: the group with its members' ids. */
export const userGroupQueryOptions = userGroupsResource.itemQueryOptions;

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
