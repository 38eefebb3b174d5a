import { parseEnvelope, type Envelope } from '@portal/shared/devices/topics';
import { logger } from '../platform/logger.ts';
import { applyUplink, type UplinkOutcome } from './uplink.service.ts';

/**
 * What the uplink function receives. On AWS the IoT rule `SELECT *, topic() AS topic FROM
 * 'portal/v1/+/+/+/events' WHERE data.kind = 'notification'` passes the envelope's fields plus the
 * topic; the local runtime (infra/local/uplink.ts) passes the same. A raw `{topic, payload}` is
 * accepted too (tests, tools).
 */
export type UplinkEvent = (Partial<Envelope> & { topic: string }) | { topic: string; payload: string | Uint8Array };

function envelopeOf(event: UplinkEvent): Envelope | undefined {
  if ('payload' in event) {
    const text = typeof event.payload === 'string' ? event.payload : Buffer.from(event.payload).toString('utf8');
    return parseEnvelope(text);
  }
  const { topic: _topic, ...rest } = event;
  return parseEnvelope(JSON.stringify(rest));
}

/** Receipts of notifications (received, read). Bad input is dropped, not retried: only infrastructure errors throw. */
export async function handler(event: UplinkEvent): Promise<{ outcome: UplinkOutcome }> {
  const envelope = event && typeof event.topic === 'string' ? envelopeOf(event) : undefined;
  if (!envelope) {
    logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
    return { outcome: 'ignored' };
  }
  const outcome = await applyUplink(event.topic, envelope);
  if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
  return { outcome };
}
