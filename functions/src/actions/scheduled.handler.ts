import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { registerDeliveryAdapter } from '../platform/delivery/delivery.ts';
import { iotDataDelivery } from '../platform/delivery/iot-data.adapter.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { fireStepTimeout } from './escalation.service.ts';
import { FORWARD_TYPE } from './step-timeout.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { createScheduledHandler } from '../platform/scheduling/scheduled-entry.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapters of what a time-out does: the next group is queued (delivery queue), its step
// scheduled (EventBridge), an expiry withdrawn and fed back (delivery port). The local runtime
// registers its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerDeliveryAdapter(iotDataDelivery);
registerSchedulerAdapter(eventBridgeScheduler);

/**
 * The actions module's scheduled-event function: a step's time-out (`action.forward`) asks the
 * next group or expires the action. The firing guard makes a twice-delivered firing act once; the
 * escalation's conditional write makes any firing, however late or repeated, escalate a step once.
 */
export const handler = createScheduledHandler({
  module: 'actions',
  jobs: { [FORWARD_TYPE]: (orgId, actionId) => fireStepTimeout(orgId, actionId) },
  // It schedules its own module's next steps: its own target.
  ownTarget: true,
});
