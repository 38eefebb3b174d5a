import { createDeliveryHandler, registerDeliveryKind, registerQueueJob } from '../platform/delivery/delivery-consumer.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { registerFromTemplateJob } from '../platform/templates/from-template-job.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { ASK_JOB, runAskJob } from './ask-job.ts';
import { CLOSING_JOB, runClosingJob } from './closing-job.ts';
import { ACTION_KIND, actionDelivery } from './delivery.service.ts';
import { runForwardJob } from './escalation.service.ts';
import { sendFromTemplate } from './from-template.service.ts';
import { actionFacts } from './report-refresh.ts';
import { FORWARD_TYPE } from './step-timeout.ts';

// The AWS adapter of the delivery port: IOT_DATA_ENDPOINT picks it, MQTT_URL the local runtime's
// (infra/local/functions.ts). docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryAdapter(iotDataDelivery);
registerDeliveryKind(ACTION_KIND, actionDelivery);

// A fired trigger's template is sent from here (decision 0039): its recipients are resolved (shift
// activities too, decision 0031), the first step's batches queued on this module's queue
// (DELIVERY_QUEUE=sqs) and its time-out scheduled (SCHEDULER=eventbridge).
registerShiftRecipients();
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);
registerFromTemplateJob('actions', sendFromTemplate);

// What another actions function closed but cannot publish is closed from here (decision 0054): a
// withdrawal from the API function, which has no IoT data adapter, endpoint or publish right.
registerQueueJob('actions', CLOSING_JOB, runClosingJob);
// A short step's time-out (at most 900 s) is a delayed job on this queue, not a schedule
// (decision 0054): it asks the next group or expires the action, as the scheduled function does.
registerQueueJob('actions', FORWARD_TYPE, async (orgId, payload) => void (await runForwardJob(orgId, payload)));
// A sent action's first step is asked from here (decision 0076): its rows, prompts and timer.
registerQueueJob('actions', ASK_JOB, runAskJob);
// A report fact whose refresh failed where the action changed (decision 0087): refreshed from here.
actionFacts.registerJob();

/**
 * The actions module's delivery function: consumes the module's delivery queue (SQS on AWS, the
 * in-process queue locally), one batch of a step's recipients per record (decision 0020), or one
 * job: an action to send from a fired trigger's template (decision 0039), a sent action's first step
 * to ask (decision 0076), an action's closing (a withdrawal: its prompts withdrawn, its feedback
 * sent), a short step's time-out (decision 0054) or a report fact's refresh (decision 0087).
 */
export const handler = createDeliveryHandler();
