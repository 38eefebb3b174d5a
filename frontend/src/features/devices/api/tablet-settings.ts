import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TabletSettingsDto, TabletSettingsInput } from '@portal/shared/devices/tablet-settings.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/** GET device-settings/{deviceId}: templateId and power_settings (defaults when none are stored). */
export function tabletSettingsQueryOptions(orgId: string, deviceId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.devices(orgId), 'settings', deviceId],
    queryFn: ({ signal }) => api.request<TabletSettingsDto>('devices', 'getDeviceSettings', { params: { orgId, deviceId }, signal }),
  });
}

export function usePutTabletSettings(orgId: string, deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TabletSettingsInput) => api.request<TabletSettingsDto>('devices', 'putDeviceSettings', { params: { orgId, deviceId }, body }),
    onSuccess: (data) => client.setQueryData(tabletSettingsQueryOptions(orgId, deviceId).queryKey, data),
  });
}
