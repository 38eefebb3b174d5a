import { describe, expect, it } from 'vitest';
import { parsePresenceEvent, presenceClientOf, presenceRank, supersedes, type PresenceEvent } from './presence-event.ts';

const sub = '3f1c2b7e-3c1a-4a8e-9d4f-2f0c6e9b1a77';
const iotId = 'd01jn4z5q8v3k9t2b7c6d5e4f3g';
const event = (eventType: PresenceEvent['eventType'], versionNumber: number): PresenceEvent => ({ clientId: iotId, eventType, timestamp: 1_700_000_000_000, versionNumber });

/** The state after applying events in the order given, by the ordering rule. */
function replay(events: PresenceEvent[]): string | undefined {
  let stored: { rank: number; state: string } | undefined;
  for (const e of events) {
    const rank = presenceRank(e);
    if (supersedes(rank, stored?.rank)) stored = { rank, state: `${e.eventType}@${e.versionNumber}` };
  }
  return stored?.state;
}

describe('presence ordering', () => {
  it('takes a later connection over an earlier one, and a connection’s disconnect over its connect', () => {
    expect(replay([event('connected', 1), event('disconnected', 1), event('connected', 2)])).toBe('connected@2');
    expect(replay([event('connected', 1), event('disconnected', 1)])).toBe('disconnected@1');
  });

  it('never lets an out-of-order disconnect of an older connection override a newer connect', () => {
    expect(replay([event('connected', 2), event('disconnected', 1)])).toBe('connected@2');
    expect(replay([event('connected', 2), event('connected', 1), event('disconnected', 1)])).toBe('connected@2');
  });

  it('keeps a connection closed when its connect arrives after its disconnect, and ignores repeats', () => {
    expect(replay([event('disconnected', 3), event('connected', 3)])).toBe('disconnected@3');
    expect(supersedes(presenceRank(event('connected', 3)), presenceRank(event('connected', 3)))).toBe(false);
    expect(supersedes(presenceRank(event('connected', 0)), undefined)).toBe(true);
  });

  it('orders by the connection, not by the clock', () => {
    const late = { ...event('disconnected', 1), timestamp: 1_800_000_000_000 };
    expect(replay([event('connected', 2), late])).toBe('connected@2');
  });
});

describe('presence events', () => {
  it('reads IoT Core lifecycle events, connects and disconnects only', () => {
    const aws = { clientId: iotId, timestamp: 1573002230757, eventType: 'disconnected', sessionIdentifier: 'a4666d2a', principalIdentifier: '1234', clientInitiatedDisconnect: true, disconnectReason: 'CLIENT_INITIATED_DISCONNECT', versionNumber: 0 };
    expect(parsePresenceEvent(aws)).toEqual({ clientId: iotId, eventType: 'disconnected', timestamp: 1573002230757, versionNumber: 0, disconnectReason: 'CLIENT_INITIATED_DISCONNECT' });
    for (const bad of [null, 'x', { ...aws, eventType: 'connect_failed' }, { ...aws, versionNumber: -1 }, { ...aws, versionNumber: 1.5 }, { ...aws, versionNumber: 2 ** 52 }, { ...aws, timestamp: 'now' }, { ...aws, clientId: '' }, { ...aws, clientId: 'a#b' }]) {
      expect(parsePresenceEvent(bad)).toBeUndefined();
    }
  });

  it('tells devices from people by client id, and ignores the portal’s own', () => {
    expect(presenceClientOf(iotId)).toEqual({ kind: 'device', iotId });
    expect(presenceClientOf(`user-${sub}-tab1`)).toEqual({ kind: 'user', userId: sub, clientId: `user-${sub}-tab1` });
    expect(presenceClientOf(`user-${sub}`)).toEqual({ kind: 'user', userId: sub, clientId: `user-${sub}` });
    for (const other of ['portal-uplink-1', 'portal-delivery', 'user-x', 'D01JN4Z5Q8V3K9T2B7C6D5E4F3G', 'mosquitto']) expect(presenceClientOf(other)).toBeUndefined();
  });
});
