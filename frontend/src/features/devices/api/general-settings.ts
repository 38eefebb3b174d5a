import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettingsResponse, TabletTriggerGroup } from '@portal/shared/settings/general-settings.schema';
import { api } from '../../../lib/api.ts';

/** GET settings/general; the same cache key as the settings pages. */
export function generalSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['settings', orgId, 'general'],
    queryFn: ({ signal }) => api.request<GeneralSettingsResponse>('settings', 'getGeneralSettings', { params: { orgId }, signal }),
  });
}

/** PATCH settings/general with the whole tablet.trigger_group_map (superadmins only). */
export function useSaveTriggerGroupMap(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (map: TabletTriggerGroup[]) =>
      api.request<GeneralSettingsResponse>('settings', 'updateGeneralSettings', {
        params: { orgId },
        body: { general: { tablet: { trigger_group_map: map } } },
      }),
    onSuccess: (data) => client.setQueryData(generalSettingsQueryOptions(orgId).queryKey, data),
  });
}
