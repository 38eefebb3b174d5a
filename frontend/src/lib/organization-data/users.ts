import { queryOptions } from '@tanstack/react-query';
import type { Page, UserDto } from '@portal/shared/users/user.schema';
import { api } from '../api.ts';
import { crudResource } from '../resource-api.ts';
import { orgDataKeys } from './query-keys.ts';

/** The two kinds of user: people (types normal, entra) and device users (type system). */
export type UserKind = 'person' | 'device';

/**
 * Users: every users query (lists, details, choices, groups) is under one key, which a change
 * reads again. Their create and update are the users feature's (a follow-up call sets the groups).
 */
export const usersResource = crudResource<{ item: UserDto; list: Page<UserDto> }>()({
  module: 'users',
  key: orgDataKeys.users,
  id: 'userId',
  list: 'listUsers',
  get: 'getUser',
  remove: 'deleteUser',
});

/** GET users/{id}: the user with their groups (orgDataKeys.user). */
export const userQueryOptions = usersResource.itemQueryOptions;

/** The first page of people or device users matching `filter`: the choices of a user select. */
export function userChoicesQueryOptions(orgId: string, kind: UserKind, filter: string) {
  return queryOptions({
    queryKey: orgDataKeys.userChoices(orgId, kind, filter),
    queryFn: ({ signal }) =>
      api.request<Page<UserDto>>('users', 'listUsers', { params: { orgId }, query: { kind, ...(filter ? { filter } : {}) }, signal }),
  });
}
