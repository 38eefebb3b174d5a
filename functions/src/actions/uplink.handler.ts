import { parseEnvelope, type Envelope } from '@portal/shared/devices/topics';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { logger } from '../platform/logger.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import type { AnswerResult } from './answers.service.ts';
import { applyAnswer } from './uplink.service.ts';

// The AWS adapters this function uses; the local runtime registers its own (infra/local/functions.ts).
// An answer replies and withdraws through the delivery port, and a late answer may escalate:
// the next group is queued and the next step scheduled. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

/**
 * What the uplink function receives: as for notifications (notifications/uplink.handler.ts), the
 * IoT rule `... WHERE data.kind = 'action'` passes the envelope's fields plus the topic; a raw
 * `{topic, payload}` is accepted too (tests, tools).
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

/** Answers to actions. Bad input is dropped, not retried: only infrastructure errors throw. */
export async function handler(event: UplinkEvent): Promise<{ outcome: AnswerResult }> {
  const envelope = event && typeof event.topic === 'string' ? envelopeOf(event) : undefined;
  if (!envelope) {
    logger.info('Uplink message ignored: not an envelope', { topic: event?.topic });
    return { outcome: 'ignored' };
  }
  const outcome = await applyAnswer(event.topic, envelope);
  if (outcome === 'ignored') logger.info('Uplink message ignored', { topic: event.topic, id: envelope.id });
  return { outcome };
}
