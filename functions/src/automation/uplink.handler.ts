import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { createUplinkHandler } from '../platform/delivery/uplink-entry.ts';
import type { UplinkEvent } from '../platform/delivery/uplink-event.ts';
import { applyButtonPress } from './uplink.service.ts';

// A firing hands each workflow item to its module's queue as a job (decision 0039): the AWS
// adapter here, the local runtime registers its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);

export type { UplinkEvent };

/** Button presses of watches and kiosk tablets and trigger-menu choices. Bad input is dropped, not retried: only infrastructure errors throw. */
export const handler = createUplinkHandler(applyButtonPress);
