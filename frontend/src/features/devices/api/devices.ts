import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceDto, DeviceInput, DevicePage, RegisteredDevice } from '@portal/shared/devices/device.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { crudResource } from '../../../lib/resource-api.ts';

const devicesKey = orgDataKeys.devices;

/** How often the open list asks again, so Online and Offline follow the devices without a reload. */
const PRESENCE_REFRESH_MS = 15_000;

/** Devices: GET devices/{id}, PUT devices/{id}, DELETE devices/{id}. A registration answers with credentials: its own hook below. */
const devices = crudResource<{ item: DeviceDto; input: DeviceInput; list: DevicePage }>()({
  module: 'devices',
  key: devicesKey,
  id: 'deviceId',
  list: 'listDevices',
  get: 'getDevice',
  update: 'updateDevice',
  remove: 'deleteDevice',
});

/** GET devices: pages of 50 with next_token, each row with its presence. */
export const devicesListQueryOptions = (orgId: string) => devices.pagesQueryOptions(orgId, { refetchInterval: PRESENCE_REFRESH_MS });
export const deviceQueryOptions = devices.itemQueryOptions;
export const useUpdateDevice = devices.useSave;
export const useDeleteDevice = devices.useDelete;

/** POST devices: the device and its credentials, whose token is shown this once. */
export function useRegisterDevice(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceInput) => api.request<RegisteredDevice>('devices', 'createDevice', { params: { orgId }, body }),
    onSettled: () => devices.refresh(client, orgId),
  });
}

/** New credentials: the old token stops working. */
export function useIssueCredentials(orgId: string, deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<RegisteredDevice>('devices', 'issueDeviceCredentials', { params: { orgId, deviceId } }),
    onSettled: () => devices.refresh(client, orgId),
  });
}
