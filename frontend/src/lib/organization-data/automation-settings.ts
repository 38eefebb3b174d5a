import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationSettings } from '@portal/shared/automation/automation.schema';
import { api } from '../api.ts';
import { generalSettingsQueryOptions } from './general-settings.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET settings/automation (managers, feature automation): the throttle defaults a new trigger starts with and the trigger menus. */
export function automationSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgDataKeys.automationSettings(orgId),
    queryFn: ({ signal }) => api.request<AutomationSettings>('automation', 'getAutomationSettings', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}

export function useAutomationSettings(orgId: string) {
  return useQuery(automationSettingsQueryOptions(orgId));
}

/**
 * PUT settings/automation (managers): the settings page. The trigger-menu fields are stored in
 * general settings, which the users form reads, so those are refetched too.
 */
export function useSaveAutomationSettings(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationSettings) => api.request<AutomationSettings>('automation', 'updateAutomationSettings', { params: { orgId }, body }),
    onSuccess: (data) => {
      client.setQueryData(orgDataKeys.automationSettings(orgId), data);
      return client.invalidateQueries({ queryKey: generalSettingsQueryOptions(orgId).queryKey });
    },
  });
}
