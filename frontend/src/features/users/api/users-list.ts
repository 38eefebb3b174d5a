import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page, UserDto } from '@portal/shared/users/user.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { listUsersQuery } from '../utils/users-filter.ts';
import type { UserListKind } from '../utils/users-view.ts';

/**
 * GET users?kind=&filter=&next_token=: one page (50) of people or device users, by name. Apart from
 * the save and delete calls (api/users.ts), so the list does not load the forms' schemas (issue 12).
 */
export function usersListQueryOptions(orgId: string, kind: UserListKind, filter: string) {
  return infiniteQueryOptions({
    queryKey: [...orgDataKeys.users(orgId), 'list', kind, filter],
    queryFn: ({ pageParam, signal }) =>
      api.request<Page<UserDto>>('users', 'listUsers', { params: { orgId }, query: listUsersQuery(kind, filter, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_token,
  });
}
