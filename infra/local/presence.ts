import type { Aedes, Client } from 'aedes';
import { loadPresenceHandler } from './functions.ts';
import { logger } from './log.ts';
import { createWorkQueue } from './work-queue.ts';

/** Presence writes in flight: a wave of connects queues here instead of flooding DynamoDB Local. */
const CONCURRENCY = 16;
const PAGE_SIZE = 100;

export interface LocalPresence {
  /** Resolves when every connect and disconnect seen so far has been recorded (tests). */
  idle(): Promise<void>;
  /** Stops recording (before the broker and the table stop: their last disconnects are not written). */
  stop(): Promise<void>;
}

/**
 * The local stand-in for IoT Core's lifecycle events and the IoT rule that hands them to the
 * devices' presence function (infra/aws/presence.construct.ts): aedes' `client` (a client
 * connected and was authorised) and `clientDisconnect` events become the same
 * `{clientId, eventType, timestamp, versionNumber}` and go to the same handler. Each connection
 * gets a version when it connects and keeps it for its disconnect, as IoT Core's `versionNumber`
 * does; versions grow with the clock (microseconds), so they also outrank the rows of an earlier
 * run. Listening starts with the broker; events wait until `ready` (the table there, the
 * previous run's leftovers cleared: the runtime passes `clearPresence` after the table).
 */
export function trackPresence(broker: Aedes, ready: Promise<unknown>): LocalPresence {
  const versions = new WeakMap<Client, number>();
  let last = 0;
  const nextVersion = () => (last = Math.max(last + 1, Date.now() * 1000));
  const queue = createWorkQueue(CONCURRENCY);
  let stopped = false;
  // Jobs wait until the table is there and the previous run's leftovers are cleared.
  const readied = ready.then(
    () => undefined,
    (error: Error) => logger.error(`Presence not ready: ${error.message}`),
  );
  const record = (client: Client, eventType: 'connected' | 'disconnected') => {
    if (stopped) return;
    if (eventType === 'connected') versions.set(client, nextVersion());
    const versionNumber = versions.get(client);
    if (versionNumber === undefined) return;
    const event = { clientId: client.id, eventType, timestamp: Date.now(), versionNumber };
    queue.push(async () => {
      try {
        await readied;
        await (await loadPresenceHandler())(event);
      } catch (error) {
        logger.error(`Presence of ${client.id} (${eventType}) not recorded: ${(error as Error).message}`);
      }
    });
  };
  broker.on('client', (client) => record(client, 'connected'));
  broker.on('clientDisconnect', (client) => record(client, 'disconnected'));

  return {
    idle: queue.idle,
    stop: async () => {
      stopped = true;
      queue.clear();
      await queue.idle();
    },
  };
}

/**
 * The previous run ended without its disconnects (the broker stopped with it), so whatever it left
 * connected is closed, as of its last sign: a device's row and a person's connections get the
 * disconnect of their connection (rank + 1), through the same conditional writes, so an event of
 * this run that got there first stays. A Scan, as for the retained configurations
 * (republish-config.ts): no access pattern lists presence across organisations, and AWS needs
 * none (IoT Core reports every disconnect). Returns how many were closed.
 */
export async function clearPresence(): Promise<number> {
  const { DevicePresenceEntity } = await import('../../functions/src/devices/device-presence.entity.ts');
  const { UserConnectionEntity } = await import('../../functions/src/devices/user-connection.entity.ts');
  const { putDevicePresence, recordUserConnection } = await import('../../functions/src/devices/presence.repository.ts');
  let closed = 0;
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page: { data: Array<Parameters<typeof putDevicePresence>[0]>; cursor: string | null } = await DevicePresenceEntity.scan
      .where((attr, op) => op.eq(attr.connected, true))
      .go({ cursor, limit: PAGE_SIZE });
    for (const row of page.data) if (await putDevicePresence({ ...row, connected: false, rank: row.rank + 1 })) closed++;
    cursor = page.cursor;
  }
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page: { data: Array<{ userId: string; clientId: string; at: string; rank: number }>; cursor: string | null } = await UserConnectionEntity.scan
      .where((attr, op) => op.eq(attr.connected, true))
      .go({ cursor, limit: PAGE_SIZE });
    for (const row of page.data) if (await recordUserConnection(row.userId, row.clientId, { connected: false, at: row.at, rank: row.rank + 1 })) closed++;
    cursor = page.cursor;
  }
  return closed;
}
