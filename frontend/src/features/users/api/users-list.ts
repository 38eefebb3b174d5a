import { usersResource } from '../../../lib/organization-data/users.ts';
import { listUsersQuery } from '../utils/users-filter.ts';
import type { UserListKind } from '../utils/users-view.ts';

/**
 * GET users?kind=&filter=&next_token=: one page (50) of people or device users, by name. Apart from
 * the save and delete calls (api/users.ts), so the list does not load the forms' schemas (issue 12).
 */
export function usersListQueryOptions(orgId: string, kind: UserListKind, filter: string) {
  return usersResource.pagesQueryOptions(orgId, { query: listUsersQuery(kind, filter), keyParts: [kind, filter] });
}
