import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettingsResponse, TabletTriggerGroup, TabletTriggerGroupsResponse, UpdateGeneralSettingsInput } from '@portal/shared/settings/general-settings.schema';
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

/**
 * PUT settings/tablet-trigger-groups with the whole tablet.trigger_group_map (managers, decision
 * 0044): /settings/tablet and the tablet's card on the Devices page.
 */
export function useSaveTriggerGroupMap(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (map: TabletTriggerGroup[]) =>
      api.request<TabletTriggerGroupsResponse>('settings', 'updateTabletTriggerGroups', { params: { orgId }, body: { trigger_group_map: map } }),
    onSuccess: ({ trigger_group_map }) =>
      client.setQueryData(generalSettingsQueryOptions(orgId).queryKey, (old) => old && { general: { ...old.general, tablet: { trigger_group_map } } }),
  });
}
