import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureSettingsResponse } from '@portal/shared/organizations/organizations.schema';
import { withDefaultFlags } from '@portal/shared/tenancy/features';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/**
 * GET /api/organizations/{orgId}/settings/features: the flags (missing keys read as their
 * defaults) and the dashboards switched on (the dashboard entry needs at least one).
 */
export async function getFeatureSettings(orgId: string, signal?: AbortSignal): Promise<FeatureSettingsResponse> {
  const body = await api.request<Partial<FeatureSettingsResponse> | undefined>('organizations', 'getFeatureSettings', {
    params: { orgId },
    signal,
  });
  const dashboards = Array.isArray(body?.dashboards) ? body.dashboards.filter((d): d is string => typeof d === 'string') : [];
  return { features: withDefaultFlags(body?.features), dashboards };
}

/** The settings page invalidates this key after a change, so the sidebar follows without a reload. */
export function featureSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgDataKeys.featureSettings(orgId),
    queryFn: ({ signal }) => getFeatureSettings(orgId, signal),
  });
}

export function useFeatureSettings(orgId: string) {
  return useQuery(featureSettingsQueryOptions(orgId));
}
