import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettingsResponse, UpdateGeneralSettingsInput } from '@portal/shared/settings/general-settings.schema';
import { api } from '../../../lib/api.ts';

/** GET /api/organizations/{orgId}/settings/general (managers). */
export function getGeneralSettings(orgId: string, signal?: AbortSignal): Promise<GeneralSettingsResponse> {
  return api.request<GeneralSettingsResponse>('settings', 'getGeneralSettings', { params: { orgId }, signal });
}

export function generalSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['settings', orgId, 'general'],
    queryFn: ({ signal }) => getGeneralSettings(orgId, signal),
  });
}

export function useGeneralSettings(orgId: string) {
  return useQuery(generalSettingsQueryOptions(orgId));
}

/** PATCH /api/organizations/{orgId}/settings/general (superadmins): e.g. `{ general: { features: { tasks: 'disable' } } }`. */
export function updateGeneralSettings(orgId: string, input: UpdateGeneralSettingsInput): Promise<GeneralSettingsResponse> {
  return api.request<GeneralSettingsResponse>('settings', 'updateGeneralSettings', { params: { orgId }, body: input });
}

/** After a change the feature flags (sidebar, landing route) are refetched too. */
export function useUpdateGeneralSettings(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateGeneralSettingsInput) => updateGeneralSettings(orgId, input),
    onSuccess: (data) => {
      client.setQueryData(generalSettingsQueryOptions(orgId).queryKey, data);
      void client.invalidateQueries({ queryKey: ['organizations', orgId, 'settings', 'features'] });
    },
  });
}
