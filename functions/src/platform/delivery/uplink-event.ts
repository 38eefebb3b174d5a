import { parseEnvelope, type Envelope } from '@portal/shared/devices/topics';

/**
 * What an uplink function receives (shared/src/api/uplink-table.ts). On AWS the row's IoT rule
 * `SELECT *, topic() AS topic FROM '{root}/+/+/+/events' WHERE data.kind = '<kind>'` passes the
 * envelope's fields plus the topic; the local runtime (infra/local/uplink.ts) passes the same. A raw
 * `{topic, payload}` is accepted too (tests, tools).
 */
export type UplinkEvent = (Partial<Envelope> & { topic: string }) | { topic: string; payload: string | Uint8Array };

/** The envelope an uplink event carries, or undefined when it is none of this version (or no event at all). */
export function envelopeOfUplink(event: UplinkEvent | undefined): Envelope | undefined {
  if (!event || typeof event.topic !== 'string') return undefined;
  if ('payload' in event) {
    const text = typeof event.payload === 'string' ? event.payload : Buffer.from(event.payload).toString('utf8');
    return parseEnvelope(text);
  }
  const { topic: _topic, ...rest } = event;
  return parseEnvelope(JSON.stringify(rest));
}
