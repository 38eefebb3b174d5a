import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceDto, DeviceInput, DevicePage, RegisteredDevice } from '@portal/shared/devices/device.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

const devicesKey = orgDataKeys.devices;

/** How often the open list asks again, so Online and Offline follow the devices without a reload. */
const PRESENCE_REFRESH_MS = 15_000;

/** GET devices: pages of 50 with next_token, each row with its presence. */
export function devicesListQueryOptions(orgId: string) {
  return infiniteQueryOptions({
    queryKey: [...devicesKey(orgId), 'list'],
    queryFn: ({ pageParam, signal }) =>
      api.request<DevicePage>('devices', 'listDevices', { params: { orgId }, query: { next_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_token,
    refetchInterval: PRESENCE_REFRESH_MS,
  });
}

export function deviceQueryOptions(orgId: string, deviceId: string) {
  return queryOptions({
    queryKey: [...devicesKey(orgId), 'detail', deviceId],
    queryFn: ({ signal }) => api.request<DeviceDto>('devices', 'getDevice', { params: { orgId, deviceId }, signal }),
  });
}

/** POST devices: the device and its credentials, whose token is shown this once. */
export function useRegisterDevice(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceInput) => api.request<RegisteredDevice>('devices', 'createDevice', { params: { orgId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey(orgId) }),
  });
}

export function useUpdateDevice(orgId: string, deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceInput) => api.request<DeviceDto>('devices', 'updateDevice', { params: { orgId, deviceId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey(orgId) }),
  });
}

/** New credentials: the old token stops working. */
export function useIssueCredentials(orgId: string, deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<RegisteredDevice>('devices', 'issueDeviceCredentials', { params: { orgId, deviceId } }),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKey(orgId) }),
  });
}

export function useDeleteDevice(orgId: string, deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<void>('devices', 'deleteDevice', { params: { orgId, deviceId } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: [...devicesKey(orgId), 'detail', deviceId] });
      return client.invalidateQueries({ queryKey: [...devicesKey(orgId), 'list'] });
    },
  });
}
