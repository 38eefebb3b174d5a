import { PORTAL_CLIENT_ID_PREFIX, subOfUserClientId } from '@portal/shared/devices/client-ids';

/**
 * A connect or disconnect as the broker reports it: on AWS the IoT Core lifecycle event
 * (`$aws/events/presence/connected|disconnected/{clientId}`, handed on by an IoT rule), locally
 * the same shape built from aedes' client events (infra/local/presence.ts).
 */
export interface PresenceEvent {
  clientId: string;
  eventType: 'connected' | 'disconnected';
  /** Epoch milliseconds. */
  timestamp: number;
  /**
   * Increases with every connection of a client id; a connection's connect and disconnect carry
   * the same number (IoT Core's `versionNumber`; locally the broker's own counter).
   */
  versionNumber: number;
  disconnectReason?: string;
}

/** Who a client id is: a device (its `iot_id`), a person without a device (the watch emulator), or neither. */
export type PresenceClient = { kind: 'device'; iotId: string } | { kind: 'user'; userId: string; clientId: string };

/** A device's client id: `d` + a lower-case ULID (functions/src/devices/ids.ts). */
const IOT_ID = /^d[0-9a-z]{26}$/;

export function presenceClientOf(clientId: string): PresenceClient | undefined {
  if (clientId.startsWith(PORTAL_CLIENT_ID_PREFIX)) return undefined;
  if (IOT_ID.test(clientId)) return { kind: 'device', iotId: clientId };
  const userId = subOfUserClientId(clientId);
  return userId ? { kind: 'user', userId, clientId } : undefined;
}

const MAX_CLIENT_ID = 128;

/** The event in what the rule passed, or undefined when it is not a connect or disconnect (IoT Core also reports failed connects). */
export function parsePresenceEvent(value: unknown): PresenceEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { clientId, eventType, timestamp, versionNumber, disconnectReason } = value as Record<string, unknown>;
  if (typeof clientId !== 'string' || !clientId || clientId.length > MAX_CLIENT_ID || clientId.includes('#')) return undefined;
  if (eventType !== 'connected' && eventType !== 'disconnected') return undefined;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp <= 0) return undefined;
  // The rank (below) doubles it: it must stay an exact integer.
  if (typeof versionNumber !== 'number' || !Number.isSafeInteger(versionNumber) || versionNumber < 0 || versionNumber > 2 ** 51) return undefined;
  return { clientId, eventType, timestamp, versionNumber, ...(typeof disconnectReason === 'string' ? { disconnectReason: disconnectReason.slice(0, 64) } : {}) };
}

/**
 * THE ordering rule. Lifecycle events may arrive out of order and twice (IoT Core says so), and
 * the writes of two events may race. Each event gets a rank: the connection's version, and within
 * one connection the disconnect after the connect. A stored state changes only for a higher rank,
 * so a late disconnect of an old connection never overrides a newer connect, a late connect never
 * overrides its own disconnect, and a repeat changes nothing. Not the timestamp: two brokers'
 * clocks (or one connection's connect and the next's) need not agree to the millisecond.
 */
export function presenceRank(event: Pick<PresenceEvent, 'versionNumber' | 'eventType'>): number {
  return event.versionNumber * 2 + (event.eventType === 'disconnected' ? 1 : 0);
}

/** Whether an event of `rank` changes a state stored at `storedRank` (none: anything does). */
export const supersedes = (rank: number, storedRank: number | undefined) => storedRank === undefined || rank > storedRank;
