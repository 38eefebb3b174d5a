import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET settings/actions: the organisation's time-out options and default (the action form offers them). */
export function actionSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: orgDataKeys.actionSettings(orgId),
    queryFn: ({ signal }) => api.request<ActionSettings>('actions', 'getActionSettings', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}

export function useActionSettings(orgId: string) {
  return useQuery(actionSettingsQueryOptions(orgId));
}

/** PUT settings/actions (managers): the settings page. */
export function useSaveActionSettings(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionSettings) => api.request<ActionSettings>('actions', 'updateActionSettings', { params: { orgId }, body }),
    onSuccess: (data) => client.setQueryData(orgDataKeys.actionSettings(orgId), data),
  });
}
