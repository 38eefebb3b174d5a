import { createDeliveryHandler, registerDeliveryKind } from '../platform/delivery/delivery-consumer.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { SHIFTS_KIND, shiftsDelivery } from './delivery.service.ts';

// The AWS adapter of the delivery port: IOT_DATA_ENDPOINT picks it, MQTT_URL the local runtime's
// (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryKind(SHIFTS_KIND, shiftsDelivery);
// It sends nothing to a queue, but brings a failed record back early on its own queue
// (ChangeMessageVisibility, DELIVERY_QUEUE=sqs and DELIVERY_QUEUE_URL_SHIFTS; decision 0054).
registerDeliveryQueueAdapter(sqsDeliveryQueue);

/**
 * The shifts module's delivery function: consumes the module's delivery queue (SQS on AWS, the
 * in-process queue locally), one batch of a published week's affected people per record, each
 * sent their shifts of the week (decision 0033).
 */
export const handler = createDeliveryHandler();
