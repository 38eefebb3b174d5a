import { DEFAULT_DEVICE_TYPE, DEVICE_TYPES } from '@portal/shared/constants';
import { DEFAULT_DEVICE_PROTOCOL, type DeviceDto, type DeviceInput, type DeviceProtocol, type DeviceType } from '@portal/shared/devices/device.schema';

export interface DeviceFormValues {
  name: string;
  /** Serial number. */
  device_id: string;
  type: DeviceType;
  protocol: DeviceProtocol;
  /** The served user's id; '' for none. */
  user_id: string;
}

export function toDeviceFormValues(device?: DeviceDto): DeviceFormValues {
  return {
    name: device?.name ?? '',
    device_id: device?.device_id ?? '',
    type: device?.type ?? DEFAULT_DEVICE_TYPE,
    protocol: device?.protocol ?? DEFAULT_DEVICE_PROTOCOL,
    user_id: device?.user_id ?? '',
  };
}

/**
 * POST and PUT devices take the whole device. The protocol is only shown in developer mode; else
 * the stored (or default) one is sent unchanged.
 */
export function toDeviceBody(values: DeviceFormValues): DeviceInput {
  return {
    name: values.name.trim(),
    device_id: values.device_id.trim(),
    type: values.type,
    protocol: values.protocol,
    user_id: values.user_id || null,
  };
}

export { deviceLabel, isTablet } from './device-display.ts';

export const DEVICE_TYPE_CHOICES: readonly DeviceType[] = DEVICE_TYPES;
