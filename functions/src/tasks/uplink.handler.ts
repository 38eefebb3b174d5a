import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { createUplinkHandler } from '../platform/delivery/uplink-entry.ts';
import type { UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { applyTaskEvent } from './uplink.service.ts';

// The AWS adapter of the delivery queue: a completion, decline or tick tells the open watches
// (task_update, task_closed, queued for the tasks delivery function). The local runtime registers
// its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);

export type { UplinkEvent };

/** Task events from watches (receipts, completions, declines, checklist ticks). Bad input is dropped, not retried: only infrastructure errors throw. */
export const handler = createUplinkHandler(applyTaskEvent);
