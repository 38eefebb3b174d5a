import { queryOptions } from '@tanstack/react-query';
import type { Page, UserDto } from '@portal/shared/users/user.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** The two kinds of user: people (types normal, entra) and device users (type system). */
export type UserKind = 'person' | 'device';

/** GET users/{id}: the user with their groups. */
export function userQueryOptions(orgId: string, userId: string) {
  return queryOptions({
    queryKey: orgDataKeys.user(orgId, userId),
    queryFn: ({ signal }) => api.request<UserDto>('users', 'getUser', { params: { orgId, userId }, signal }),
  });
}

/** The first page of people or device users matching `filter`: the choices of a user select. */
export function userChoicesQueryOptions(orgId: string, kind: UserKind, filter: string) {
  return queryOptions({
    queryKey: orgDataKeys.userChoices(orgId, kind, filter),
    queryFn: ({ signal }) =>
      api.request<Page<UserDto>>('users', 'listUsers', { params: { orgId }, query: { kind, ...(filter ? { filter } : {}) }, signal }),
  });
}
