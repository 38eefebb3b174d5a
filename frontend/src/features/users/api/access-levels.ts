import { queryOptions } from '@tanstack/react-query';
import type { AccessLevel } from '@portal/shared/users/access-levels';
import { api } from '../../../lib/api.ts';

/** GET access-levels: the fixed catalogue (decision 0006); it changes only with a release. */
export function accessLevelsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['access-levels', orgId],
    queryFn: ({ signal }) => api.request<AccessLevel[]>('users', 'listAccessLevels', { params: { orgId }, signal }),
    staleTime: Infinity,
  });
}
