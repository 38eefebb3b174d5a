import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureSettingsResponse } from '@portal/shared/organizations/organizations.schema';
import { withDefaultFlags, type FeatureFlags } from '@portal/shared/tenancy/features';
import { api } from '../../../lib/api.ts';

/** GET /api/organizations/{orgId}/settings/features; missing keys read as their defaults. */
export async function getFeatureSettings(orgId: string, signal?: AbortSignal): Promise<FeatureFlags> {
  const body = await api.request<Partial<FeatureSettingsResponse>>('organizations', 'getFeatureSettings', {
    params: { orgId },
    signal,
  });
  return withDefaultFlags(body?.features);
}

export function featureSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['organizations', orgId, 'settings', 'features'],
    queryFn: ({ signal }) => getFeatureSettings(orgId, signal),
  });
}

export function useFeatureSettings(orgId: string) {
  return useQuery(featureSettingsQueryOptions(orgId));
}
