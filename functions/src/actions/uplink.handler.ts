import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { envelopeOfUplink, type UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { logger } from '../platform/logger.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import type { AnswerResult } from './answers.service.ts';
import { applyAnswer } from './uplink.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapters this function uses; the local runtime registers its own (infra/local/functions.ts).
// An answer replies and withdraws through the delivery port, and a late answer may escalate:
// the next group is queued and the next step scheduled. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

export type { UplinkEvent };

/** Answers to actions. Bad input is dropped, not retried: only infrastructure errors throw. */
export async function handler(event: UplinkEvent): Promise<{ outcome: AnswerResult }> {
  const envelope = envelopeOfUplink(event);
  if (!envelope) {
    logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
    return { outcome: 'ignored' };
  }
  const outcome = await applyAnswer(event.topic, envelope);
  if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
  return { outcome };
}
