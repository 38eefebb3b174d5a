import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { FINAL_FOLD_TYPE, runFinalFold } from './report-refresh.ts';
import { SEND_TYPE } from './schedules.ts';
import { fireSchedule } from './series.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { createScheduledHandler } from '../platform/scheduling/scheduled-entry.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapter of the delivery queue port (a scheduled send is queued like one sent now);
// DELIVERY_QUEUE=sqs picks it, in-process the local runtime's (infra/local/functions.ts).
// docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);
// A send schedules its report's last fold (decision 0087): this function's own target.
registerSchedulerAdapter(eventBridgeScheduler);

/**
 * The notifications module's scheduled-event function (EventBridge Scheduler on AWS, the local
 * scheduler in the runtime): a one-off sends the stored notification, a series firing creates and
 * sends that occurrence, a sent one's last report fold (7 days on) folds its fact. The firing guard makes a twice-delivered firing act once.
 */
export const handler = createScheduledHandler({
  module: 'notifications',
  jobs: { [SEND_TYPE]: fireSchedule, [FINAL_FOLD_TYPE]: runFinalFold },
  ownTarget: true,
});
