import type { DeviceDto } from '@portal/shared/devices/device.schema';

/** Device facts the list shows, without the form's schema (issue 12). */
export const isTablet = (device: Pick<DeviceDto, 'type'>): boolean => device.type === 'android_tablet';

/** A device's name in lists and titles: its name, or its serial number without one. */
export const deviceLabel = (device: Pick<DeviceDto, 'name' | 'device_id'>): string => device.name.trim() || device.device_id;
