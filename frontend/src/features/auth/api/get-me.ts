import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@portal/shared/identity/me';
import { api } from '../../../lib/api.ts';

/** GET /api/me: who is signed in, and whether a migration password change is pending. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.request<MeResponse>('identity', 'getMe', { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
