import type { Envelope } from '@portal/shared/devices/topics';
import { logger } from '../logger.ts';
import { envelopeOfUplink, type UplinkEvent } from './uplink-event.ts';

/** What a module's uplink service does with one envelope from a device; 'ignored' when it is not for it. */
export type ApplyUplink<O extends string> = (topic: string, envelope: Envelope) => Promise<O | 'ignored'>;

/**
 * The entry of every uplink function (one per row of shared/src/api/uplink-table.ts): the event's
 * envelope is parsed and applied; what is no envelope, or not for the module, is logged and dropped,
 * never retried. Only infrastructure errors throw, so the IoT rule's retry and error action see them.
 * A module's entry is its adapters and this, as Powertools' examples keep a handler to wiring.
 */
export function createUplinkHandler<O extends string>(apply: ApplyUplink<O>): (event: UplinkEvent) => Promise<{ outcome: O | 'ignored' }> {
  return async (event) => {
    const envelope = envelopeOfUplink(event);
    if (!envelope) {
      logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
      return { outcome: 'ignored' };
    }
    const outcome = await apply(event.topic, envelope);
    if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
    return { outcome };
  };
}
