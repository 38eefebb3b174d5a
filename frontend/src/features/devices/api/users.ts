import { queryOptions } from '@tanstack/react-query';
import type { Page, UserDto } from '@portal/shared/users/user.schema';
import { api } from '../../../lib/api.ts';

/** The first page of people or device users matching `filter`, for the device's user select. */
export function userChoicesQueryOptions(orgId: string, kind: 'person' | 'device', filter: string) {
  return queryOptions({
    queryKey: ['users', orgId, 'choices', kind, filter],
    queryFn: ({ signal }) =>
      api.request<Page<UserDto>>('users', 'listUsers', { params: { orgId }, query: { kind, ...(filter ? { filter } : {}) }, signal }),
  });
}

/** The served user, to name a selection that is not among the first results. */
export function servedUserQueryOptions(orgId: string, userId: string) {
  return queryOptions({
    queryKey: ['users', orgId, 'detail', userId],
    queryFn: ({ signal }) => api.request<UserDto>('users', 'getUser', { params: { orgId, userId }, signal }),
  });
}
