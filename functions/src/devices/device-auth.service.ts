import { timingSafeEqual } from 'node:crypto';
import { findLookup } from './devices.repository.ts';
import { tokenHash, topicsOf, type DeviceRef } from './device-credentials.ts';

/**
 * Device authorisation, one logic for IoT Core's custom authorizer and the local aedes broker:
 * who the CONNECT credentials belong to, and the exact topics that device may use.
 */
export interface DeviceConnect {
  clientId: string;
  username?: string;
  password?: string;
}

/** Exact topic names; devices get no wildcards. */
export interface TopicGrant {
  subscribe: string[];
  publish: string[];
}

/**
 * IoT Core custom authentication over MQTT lets the device name the authorizer in the username
 * (`{username}?x-amz-customauthorizer-name=…`); that suffix is not part of the identity.
 */
export const bareUsername = (username: string) => username.split('?')[0] ?? '';

/** Subscribe: its user's inbox (only when it serves one) and its config; publish: its events. */
export function topicGrantFor(device: DeviceRef): TopicGrant {
  const topics = topicsOf(device);
  return { subscribe: [...(topics.inbox ? [topics.inbox] : []), topics.config], publish: [topics.events] };
}

/** A wildcard filter is refused even when it would match only own topics: IoT Core policies match filters literally. */
export const maySubscribe = (grant: TopicGrant, topicFilter: string) => grant.subscribe.includes(topicFilter);
export const mayPublish = (grant: TopicGrant, topic: string) => grant.publish.includes(topic);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The device these credentials belong to, or undefined. The token is found by its SHA-256
 * (AP31, consistent read); the username must be the device's id (or its client id) and the
 * client id must be the device's iot id, so a leaked token cannot connect as another client.
 */
export async function authenticateDevice(connect: DeviceConnect): Promise<DeviceRef | undefined> {
  if (!connect.password || !connect.username || !connect.clientId) return undefined;
  const hash = tokenHash(connect.password);
  const row = await findLookup('TOKEN', hash, { consistent: true });
  if (!row || !sameText(row.value, hash)) return undefined;
  const username = bareUsername(connect.username);
  if (!sameText(username, row.deviceId) && !sameText(username, row.iotId)) return undefined;
  if (!sameText(connect.clientId, row.iotId)) return undefined;
  return { orgId: row.orgId, deviceId: row.deviceId, iotId: row.iotId, userId: row.userId };
}
