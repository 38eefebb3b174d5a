import { envelopeOfUplink, type UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { logger } from '../platform/logger.ts';
import { applyUplink, type UplinkOutcome } from './uplink.service.ts';

export type { UplinkEvent };

/** Receipts of notifications (received, read). Bad input is dropped, not retried: only infrastructure errors throw. */
export async function handler(event: UplinkEvent): Promise<{ outcome: UplinkOutcome }> {
  const envelope = envelopeOfUplink(event);
  if (!envelope) {
    logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
    return { outcome: 'ignored' };
  }
  const outcome = await applyUplink(event.topic, envelope);
  if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
  return { outcome };
}
