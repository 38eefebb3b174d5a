import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { createUplinkHandler } from '../platform/delivery/uplink-entry.ts';
import type { UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { applyUplink } from './uplink.service.ts';

export type { UplinkEvent };

// A read queues its report's fold on this module's queue (decision 0087; DELIVERY_QUEUE=sqs).
registerDeliveryQueueAdapter(sqsDeliveryQueue);

/** Receipts of notifications (received, read). Bad input is dropped, not retried: only infrastructure errors throw. */
export const handler = createUplinkHandler(applyUplink);
