import { createDeliveryHandler, registerDeliveryKind } from '../platform/delivery/delivery-consumer.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { TASK_KIND, taskDelivery } from './delivery.service.ts';
import { NOTE_KINDS, noteDeliveries } from './notes.service.ts';

// The AWS adapter of the delivery port: IOT_DATA_ENDPOINT picks it, MQTT_URL the local runtime's
// (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryKind(TASK_KIND, taskDelivery);
for (const kind of NOTE_KINDS) registerDeliveryKind(kind, noteDeliveries[kind]);

/**
 * The tasks module's delivery function: consumes the module's delivery queue (SQS on AWS, the
 * in-process queue locally), one batch of a task's recipients per record: the task at its start,
 * and the notes about it (updates, withdrawals, reminders, the overdue note; decision 0029).
 */
export const handler = createDeliveryHandler();
