import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { createUplinkHandler } from '../platform/delivery/uplink-entry.ts';
import type { UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { applyAnswer } from './uplink.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { registerFiringFactListener } from '../automation/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();
// An accept of an action a trigger's firing made refreshes that firing's report fact (decision
// 0087): automation listens to the actions' signal (decision 0064), here where actions are answered.
registerFiringFactListener();

// The AWS adapters this function uses; the local runtime registers its own (infra/local/functions.ts).
// An answer replies and withdraws through the delivery port, and a late answer may escalate:
// the next group is queued and the next step scheduled. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

export type { UplinkEvent };

/** Answers to actions. Bad input is dropped, not retried: only infrastructure errors throw. */
export const handler = createUplinkHandler(applyAnswer);
