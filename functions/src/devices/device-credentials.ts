import { createHash, randomBytes } from 'node:crypto';
import type { DeviceCredentials } from '@portal/shared/devices/device.schema';
import { topics } from '../platform/delivery/topics.ts';

/** 32 random bytes, base64url: the device's MQTT password, shown once. */
export const newDeviceToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256 (hex), the key of its LOOKUP#TOKEN row. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface DeviceRef {
  orgId: string;
  deviceId: string;
  iotId: string;
  userId?: string;
}

/** A device's topics, under the deployment's root: its user's inbox (if it serves one), its config and its events. */
export function topicsOf(device: DeviceRef) {
  return {
    inbox: device.userId ? topics.inbox(device.orgId, device.userId) : null,
    config: topics.deviceConfig(device.orgId, device.deviceId),
    events: topics.deviceEvents(device.orgId, device.deviceId),
  };
}

export function credentialsOf(device: DeviceRef, token: string): DeviceCredentials {
  return { client_id: device.iotId, username: device.deviceId, token, mqtt: { topics: topicsOf(device) } };
}
