import { logger } from '../platform/logger.ts';
import { parsePresenceEvent } from './presence-event.ts';
import { recordPresence, type PresenceOutcome } from './presence.service.ts';

/**
 * Connects and disconnects of devices and watch emulators. On AWS the IoT rule `SELECT * FROM
 * '$aws/events/presence/+/+' WHERE eventType = 'connected' OR eventType = 'disconnected'` passes
 * IoT Core's lifecycle event (infra/aws/presence.construct.ts); the local runtime passes the same
 * shape from aedes' client events (infra/local/presence.ts). Bad input is dropped, not retried:
 * only infrastructure errors throw.
 */
export async function handler(event: unknown): Promise<{ outcome: PresenceOutcome | 'ignored' }> {
  const parsed = parsePresenceEvent(event);
  if (!parsed) {
    logger.info('Presence event ignored: not a connect or disconnect');
    return { outcome: 'ignored' };
  }
  const outcome = await recordPresence(parsed);
  if (outcome !== 'recorded') logger.debug('Presence event not recorded', { clientId: parsed.clientId, eventType: parsed.eventType, outcome });
  return { outcome };
}
