import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { api } from '../../../lib/api.ts';

/** Only this page reads them; watches get them in their config message (decision 0038). */
const watchSettingsKey = (orgId: string) => ['settings', orgId, 'watch'] as const;

/** GET settings/watch (managers): the defaults until the organisation saves its own. */
export function watchSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: watchSettingsKey(orgId),
    queryFn: ({ signal }) => api.request<WatchSettings>('settings', 'getWatchSettings', { params: { orgId }, signal }),
    staleTime: 60_000,
  });
}

export function useWatchSettings(orgId: string) {
  return useQuery(watchSettingsQueryOptions(orgId));
}

/** PUT settings/watch (managers); the server republishes every device's config. */
export function useSaveWatchSettings(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchSettings) => api.request<WatchSettings>('settings', 'updateWatchSettings', { params: { orgId }, body }),
    onSuccess: (data) => client.setQueryData(watchSettingsKey(orgId), data),
  });
}
