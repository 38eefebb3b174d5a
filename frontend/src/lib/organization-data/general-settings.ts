import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettingsResponse, TabletTriggerGroup, UpdateGeneralSettingsInput } from '@portal/shared/settings/general-settings.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET /api/organizations/{orgId}/settings/general (managers). */
export function getGeneralSettings(orgId: string, signal?: AbortSignal): Promise<GeneralSettingsResponse> {
  return api.request<GeneralSettingsResponse>('settings', 'getGeneralSettings', { params: { orgId }, signal });
}

/** One cache for the settings pages, the tablet card (trigger groups) and the user card (trigger menus). */
export function generalSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgDataKeys.generalSettings(orgId),
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
      void client.invalidateQueries({ queryKey: orgDataKeys.featureSettings(orgId) });
    },
  });
}

/** PATCH settings/general with the whole tablet.trigger_group_map (superadmins only). */
export function useSaveTriggerGroupMap(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (map: TabletTriggerGroup[]) => updateGeneralSettings(orgId, { general: { tablet: { trigger_group_map: map } } }),
    onSuccess: (data) => client.setQueryData(generalSettingsQueryOptions(orgId).queryKey, data),
  });
}
