import { createHash, randomBytes } from 'node:crypto';
import type { DeviceCredentials } from '@portal/shared/devices/device.schema';
import { deviceConfigTopic, deviceEventsTopic, inboxTopic } from '@portal/shared/devices/topics';

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

/** A device's topics: its user's inbox (if it serves one), its config and its events. */
export function topicsOf(device: DeviceRef) {
  return {
    inbox: device.userId ? inboxTopic(device.orgId, device.userId) : null,
    config: deviceConfigTopic(device.orgId, device.deviceId),
    events: deviceEventsTopic(device.orgId, device.deviceId),
  };
}

export function credentialsOf(device: DeviceRef, token: string): DeviceCredentials {
  return { client_id: device.iotId, username: device.deviceId, token, mqtt: { topics: topicsOf(device) } };
}
