import { createDeliveryHandler, registerDeliveryKind, registerQueueJob } from '../platform/delivery/delivery-consumer.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { registerFromTemplateJob } from '../platform/templates/from-template-job.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { START_JOB, TASK_KIND, taskDelivery } from './delivery.service.ts';
import { sendFromTemplate } from './from-template.service.ts';
import { NOTE_KINDS, noteDeliveries } from './notes.service.ts';
import { runStartJob } from './scheduled.service.ts';
import { registerTaskFactJobs } from './report-refresh.ts';

// The AWS adapter of the delivery port: IOT_DATA_ENDPOINT picks it, MQTT_URL the local runtime's
// (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryKind(TASK_KIND, taskDelivery);
for (const kind of NOTE_KINDS) registerDeliveryKind(kind, noteDeliveries[kind]);

// A fired trigger's template is sent from here (decision 0039): its recipients are resolved (shift
// activities too, decision 0031), its batches queued on this module's queue (DELIVERY_QUEUE=sqs)
// and its end scheduled (SCHEDULER=eventbridge).
registerShiftRecipients();
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);
registerFromTemplateJob('tasks', sendFromTemplate);
// A one-off's start that passed while the API wrote the task (activation.ts) is delivered from here.
registerQueueJob('tasks', START_JOB, runStartJob);
// A report fact whose refresh failed where the task changed is refreshed from here (decision 0087).
registerTaskFactJobs();

/**
 * The tasks module's delivery function: consumes the module's delivery queue (SQS on AWS, the
 * in-process queue locally), one batch of a task's recipients per record: the task at its start,
 * and the notes about it (updates, withdrawals, reminders, the overdue note; decision 0029); or
 * one job: a task to create from a fired trigger's template (decision 0039), or a start that
 * passed while the API wrote its task (`task.start`, reliability.md Open 12), or a report fact to
 * refresh (`report.refresh:TASK` and `:TASKANSWER`).
 */
export const handler = createDeliveryHandler();
