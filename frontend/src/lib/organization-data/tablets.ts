import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceListItem, DevicePage } from '@portal/shared/devices/device.schema';
import { MAX_PAGE_SIZE } from '@portal/shared/api/paging';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** A kiosk tablet of the organisation, as a settings page lists it. */
export type TabletRow = Pick<DeviceListItem, 'id' | 'name' | 'device_id'>;

/** Every page of GET devices, the tablets only, by name (serial when unnamed), as the list sorts them. */
async function listTablets(orgId: string, signal?: AbortSignal): Promise<TabletRow[]> {
  const tablets: TabletRow[] = [];
  let nextToken: string | undefined;
  do {
    const page = await api.request<DevicePage>('devices', 'listDevices', { params: { orgId }, query: { next_token: nextToken, limit: String(MAX_PAGE_SIZE) }, signal });
    for (const { id, name, device_id, type } of page.items) if (type === 'android_tablet') tablets.push({ id, name, device_id });
    nextToken = page.next_token;
  } while (nextToken);
  return tablets;
}

/**
 * The organisation's tablets (managers: the devices list is theirs). Under the devices key, so a
 * tablet registered, renamed or deleted on the Devices page refreshes this list too.
 */
export function tabletsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.devices(orgId), 'tablets'],
    queryFn: ({ signal }) => listTablets(orgId, signal),
  });
}

export function useTablets(orgId: string) {
  return useQuery(tabletsQueryOptions(orgId));
}
