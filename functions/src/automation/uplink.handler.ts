import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { envelopeOfUplink, type UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { logger } from '../platform/logger.ts';
import { applyButtonPress, type ButtonOutcome } from './uplink.service.ts';

// A firing hands each workflow item to its module's queue as a job (decision 0039): the AWS
// adapter here, the local runtime registers its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);

export type { UplinkEvent };

/** Button presses of watches and kiosk tablets and trigger-menu choices. Bad input is dropped, not retried: only infrastructure errors throw. */
export async function handler(event: UplinkEvent): Promise<{ outcome: ButtonOutcome }> {
  const envelope = envelopeOfUplink(event);
  if (!envelope) {
    logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
    return { outcome: 'ignored' };
  }
  const outcome = await applyButtonPress(event.topic, envelope);
  if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
  return { outcome };
}
