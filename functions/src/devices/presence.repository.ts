import { Service } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { lazy } from '../platform/db/lazy.ts';
import { rejectedAt, retryOnConflict, committed, type TransactionResult } from '../platform/db/transaction.ts';
import { DeviceEntity } from './device.entity.ts';
import { DevicePresenceEntity, type DevicePresenceItem } from './device-presence.entity.ts';
import { UserConnectionEntity } from './user-connection.entity.ts';
import { UserPresenceEntity, type UserPresenceItem } from './user-presence.entity.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../platform/db/unprocessed.ts';

/** A person's connection row and their presence row change together (AP32b). */
const userPresence = lazy(() => new Service({ connection: UserConnectionEntity, presence: UserPresenceEntity }, entityConfig()));

/** How long a closed connection's row stays (TTL): long past any late event of it. */
const CLOSED_CONNECTION_TTL_S = 7 * 24 * 3600;
/** Events of one person written at once retry; a burst of a few tabs settles well within these. */
const ATTEMPTS = 12;

/**
 * AP32a: a device's presence, written only when the event ranks above the stored one
 * (presence-event.ts). False when the stored state is as new or newer: the event is stale.
 */
export function putDevicePresence(row: DevicePresenceItem): Promise<boolean> {
  return conditionalWrite(() =>
    DevicePresenceEntity.put(row)
      .where((attr, op) => `${op.notExists(attr.rank)} OR ${op.lt(attr.rank, row.rank)}`)
      .go(),
  );
}

export interface ConnectionChange {
  connected: boolean;
  at: string;
  rank: number;
}

/**
 * AP32b: one connection of a person, and the count of their open connections, in one transaction
 * conditioned on both rows as they were read (the connection's rank, the person's version): the
 * count moves only when the connection flips (open → closed or back), so repeats and late events
 * never count twice, and last seen only moves forward. A lost race (another event of the same
 * person in between) reads again. False when the event is stale.
 */
export async function recordUserConnection(userId: string, clientId: string, change: ConnectionChange): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [{ data: current }, { data: presence }] = await Promise.all([
      UserConnectionEntity.get({ userId, clientId }).go({ consistent: true }),
      UserPresenceEntity.get({ userId }).go({ consistent: true, attributes: ['lastSeenAt', 'version'] }),
    ]);
    if (current && current.rank >= change.rank) return false;
    const delta = (change.connected ? 1 : 0) - (current?.connected ? 1 : 0);
    // Events of two tabs may arrive out of order.
    const version = presence?.version ?? 0;
    const lastSeenAt = presence?.lastSeenAt && presence.lastSeenAt > change.at ? presence.lastSeenAt : change.at;
    const expiresAt = change.connected ? undefined : Math.floor(Date.parse(change.at) / 1000) + CLOSED_CONNECTION_TTL_S;
    const result = (await retryOnConflict(async () =>
      (await userPresence.transaction
        .write(({ connection, presence: summary }) => [
          connection
            .put({ userId, clientId, connected: change.connected, at: change.at, rank: change.rank, ...(expiresAt ? { expires_at: expiresAt } : {}) })
            .where((attr, op) => (current ? op.eq(attr.rank, current.rank) : op.notExists(attr.rank)))
            .commit(),
          summary
            .update({ userId })
            .add({ connections: delta })
            .set({ lastSeenAt, version: version + 1 })
            .where((attr, op) => (version === 0 ? op.notExists(attr.version) : op.eq(attr.version, version)))
            .commit(),
        ])
        .go()) as TransactionResult,
    )) as TransactionResult;
    if (!rejectedAt(result, 0) && !rejectedAt(result, 1)) {
      committed(result);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
  }
  throw new Error(`Presence of ${clientId}: still racing after ${ATTEMPTS} attempts`);
}

/** AP32c: the presence rows of some devices of an organisation (absent: never connected). */
export async function getDevicePresences(orgId: string, deviceIds: readonly string[]): Promise<DevicePresenceItem[]> {
  const keys = [...new Set(deviceIds)].map((deviceId) => ({ orgId, deviceId }));
  return getEvery(keys, (pending) => DevicePresenceEntity.get(pending).go({ concurrent: BATCH_GET_CONCURRENT }), 'device presences');
}

/** AP32c: the presence rows of some people (absent: never connected from the watch emulator). */
export async function getUserPresences(userIds: readonly string[]): Promise<UserPresenceItem[]> {
  const keys = [...new Set(userIds)].map((userId) => ({ userId }));
  return getEvery(keys, (pending) => UserPresenceEntity.get(pending).go({ concurrent: BATCH_GET_CONCURRENT }), 'user presences');
}

/** AP27, two attributes: every device of the organisation and the user it serves. */
export async function listDeviceUsers(orgId: string): Promise<{ deviceId: string; userId?: string }[]> {
  const { data } = await DeviceEntity.query.byName({ orgId }).go({ pages: 'all', attributes: ['deviceId', 'userId'] });
  return data;
}
