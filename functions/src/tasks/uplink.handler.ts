import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { envelopeOfUplink, type UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { logger } from '../platform/logger.ts';
import { applyTaskEvent, type TaskUplinkOutcome } from './uplink.service.ts';

// The AWS adapter of the delivery queue: a completion, decline or tick tells the open watches
// (task_update, task_closed, queued for the tasks delivery function). The local runtime registers
// its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);

export type { UplinkEvent };

/** Task events from watches (receipts, completions, declines, checklist ticks). Bad input is dropped, not retried: only infrastructure errors throw. */
export async function handler(event: UplinkEvent): Promise<{ outcome: TaskUplinkOutcome }> {
  const envelope = envelopeOfUplink(event);
  if (!envelope) {
    logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
    return { outcome: 'ignored' };
  }
  const outcome = await applyTaskEvent(event.topic, envelope);
  if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
  return { outcome };
}
