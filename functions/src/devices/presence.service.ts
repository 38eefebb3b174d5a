import { getAccount } from '../platform/tenancy/user-accounts.repository.ts';
import { findLookup } from './devices.repository.ts';
import { presenceClientOf, presenceRank, type PresenceEvent } from './presence-event.ts';
import { getDevicePresences, getUserPresences, listDeviceUsers, putDevicePresence, recordUserConnection } from './presence.repository.ts';

export type PresenceOutcome = 'recorded' | 'stale' | 'unknown-client';

/**
 * Records one connect or disconnect. A device's client id is its `iot_id` (AP32 finds the device
 * and its organisation); a person's is `user-{sub}[-{suffix}]`. Client ids of neither (the
 * portal's own, another deployment's devices and people in the same AWS account) are ignored.
 */
export async function recordPresence(event: PresenceEvent): Promise<PresenceOutcome> {
  const client = presenceClientOf(event.clientId);
  if (!client) return 'unknown-client';
  const connected = event.eventType === 'connected';
  const at = new Date(event.timestamp).toISOString();
  const rank = presenceRank(event);
  if (client.kind === 'user') {
    // IoT Core reports every client of the account: a person of another deployment has no account
    // here, and no presence rows are written for them.
    if (!(await getAccount(client.userId))) return 'unknown-client';
    return (await recordUserConnection(client.userId, client.clientId, { connected, at, rank })) ? 'recorded' : 'stale';
  }
  const device = await findLookup('IOT', client.iotId);
  if (!device) return 'unknown-client';
  const written = await putDevicePresence({
    orgId: device.orgId,
    deviceId: device.deviceId,
    connected,
    lastSeenAt: at,
    rank,
    ...(event.disconnectReason ? { disconnectReason: event.disconnectReason } : {}),
  });
  return written ? 'recorded' : 'stale';
}

/** What the devices list shows per device. */
export interface DevicePresence {
  online: boolean;
  last_seen_at: string | null;
}

/** Presence of some devices of an organisation; a device that never connected is offline, never seen. */
export async function presenceOfDevices(orgId: string, deviceIds: readonly string[]): Promise<Map<string, DevicePresence>> {
  const rows = deviceIds.length ? await getDevicePresences(orgId, deviceIds) : [];
  const byId = new Map(rows.map((row) => [row.deviceId, row]));
  return new Map(deviceIds.map((id) => [id, { online: byId.get(id)?.connected ?? false, last_seen_at: byId.get(id)?.lastSeenAt ?? null }]));
}

/** Whether a person can be reached now (the actions' not-available, docs/device-protocol.md §8). */
export interface UserPresence {
  /** At least one device of the organisation serves the user. */
  has_device: boolean;
  /** One of those devices, or a watch-emulator connection of the user, is connected. */
  online: boolean;
  /** The latest connect or disconnect of any of them; null when none ever connected. */
  last_seen_at: string | null;
}

const later = (a: string | null | undefined, b: string | null | undefined) => (!a ? (b ?? null) : !b || a > b ? a : b);

/**
 * Presence of some users of an organisation: their devices there (AP27, every page: an
 * organisation has hundreds of devices, not tens of thousands) and their watch-emulator
 * connections (one row per person), in three reads whatever the number of users.
 */
export async function presenceOfUsers(orgId: string, userIds: readonly string[]): Promise<Map<string, UserPresence>> {
  const result = new Map<string, UserPresence>(userIds.map((id) => [id, { has_device: false, online: false, last_seen_at: null }]));
  if (!userIds.length) return result;
  const [devices, people] = await Promise.all([listDeviceUsers(orgId), getUserPresences(userIds)]);
  const served = devices.filter((device) => device.userId && result.has(device.userId));
  const devicePresence = await presenceOfDevices(orgId, served.map((device) => device.deviceId));
  for (const device of served) {
    const entry = result.get(device.userId!)!;
    const presence = devicePresence.get(device.deviceId)!;
    result.set(device.userId!, { has_device: true, online: entry.online || presence.online, last_seen_at: later(entry.last_seen_at, presence.last_seen_at) });
  }
  for (const person of people) {
    const entry = result.get(person.userId)!;
    result.set(person.userId, { ...entry, online: entry.online || (person.connections ?? 0) > 0, last_seen_at: later(entry.last_seen_at, person.lastSeenAt) });
  }
  return result;
}

