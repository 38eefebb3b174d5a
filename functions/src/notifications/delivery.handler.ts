import { createDeliveryHandler, registerDeliveryKind } from '../platform/delivery/delivery-consumer.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { registerFromTemplateJob } from '../platform/templates/from-template-job.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { NOTIFICATION_KIND, notificationDelivery } from './delivery.service.ts';
import { sendFromTemplate } from './from-template.service.ts';
import { registerReportJobs } from './report-refresh.ts';

// The AWS adapter of the delivery port: IOT_DATA_ENDPOINT picks it, MQTT_URL the local runtime's
// (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryKind(NOTIFICATION_KIND, notificationDelivery);

// A fired trigger's template is sent from here (decision 0039): its recipients are resolved (shift
// activities too, decision 0031) and its batches queued on this module's queue (DELIVERY_QUEUE=sqs).
registerShiftRecipients();
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerFromTemplateJob('notifications', sendFromTemplate);

// Report facts (decision 0087): the reads' fold and a refresh that failed where it was asked for
// run from here; a send from here schedules its last fold (SCHEDULER=eventbridge).
registerReportJobs();
registerSchedulerAdapter(eventBridgeScheduler);

/**
 * The notifications module's delivery function: consumes the module's delivery queue (SQS on AWS,
 * the in-process queue locally), one batch of recipients per record (decision 0020), or one job:
 * a notification to make from a fired trigger's template (decision 0039), a report fact's fold or
 * refresh (decision 0087).
 */
export const handler = createDeliveryHandler();
