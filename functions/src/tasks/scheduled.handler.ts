import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import { fireEnd, fireRemind, fireStart } from './scheduled.service.ts';
import { END_TYPE, REMIND_TYPE, START_TYPE } from './task-schedules.ts';
import { registerShiftRecipients } from '../shifts/public.ts';
import { createScheduledHandler } from '../platform/scheduling/scheduled-entry.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapters of what a firing does: a start, a reminder or an overdue note is queued
// (delivery queue), a series child's end and reminders scheduled (EventBridge). The local runtime
// registers its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

/**
 * The tasks module's scheduled-event function: `task.start` delivers a task or materialises a
 * series' occurrence, `task.remind` reminds who has not completed, `task.end` tells the creator of
 * an overdue task. The firing guard makes a twice-delivered firing act once; the task row's own
 * conditions make any firing act at most once per effect.
 */
export const handler = createScheduledHandler({
  module: 'tasks',
  jobs: { [START_TYPE]: fireStart, [REMIND_TYPE]: fireRemind, [END_TYPE]: fireEnd },
  // It schedules its own module's jobs (a series child's end and reminders): its own target.
  ownTarget: true,
});
