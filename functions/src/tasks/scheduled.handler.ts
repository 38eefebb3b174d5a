import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { logger } from '../platform/logger.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { runFiringOnce } from '../platform/scheduling/firing-guard.ts';
import { learnOwnTarget, type InvocationContext } from '../platform/scheduling/own-target.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import type { ScheduledFiring } from '../platform/scheduling/scheduler.port.ts';
import { fireEnd, fireRemind, fireStart } from './scheduled.service.ts';
import { END_TYPE, REMIND_TYPE, START_TYPE } from './task-schedules.ts';
import { registerShiftRecipients } from '../shifts/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapters of what a firing does: a start, a reminder or an overdue note is queued
// (delivery queue), a series child's end and reminders scheduled (EventBridge). The local runtime
// registers its own. docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

const JOBS = {
  [START_TYPE]: fireStart,
  [REMIND_TYPE]: fireRemind,
  [END_TYPE]: fireEnd,
} as const;

/**
 * The tasks module's scheduled-event function: `task.start` delivers a task or materialises a
 * series' occurrence, `task.remind` reminds who has not completed, `task.end` tells the creator of
 * an overdue task. The firing guard makes a twice-delivered firing act once; the task row's own
 * conditions make any firing act at most once per effect.
 */
export async function handler(firing: ScheduledFiring, context?: InvocationContext): Promise<{ acted: boolean }> {
  // It schedules its own module's jobs (its own target): on AWS it learns its ARN from the invocation.
  learnOwnTarget('tasks', context);
  const job = firing?.target?.module === 'tasks' ? JOBS[firing.target.type as keyof typeof JOBS] : undefined;
  if (!job) {
    logger.warn('Unknown scheduled target ignored', { target: firing?.target });
    return { acted: false };
  }
  let acted = false;
  const ran = await runFiringOnce(firing, async () => {
    const outcome = await job(firing.target.orgId, firing.target.id, firing.occurrence);
    acted = outcome !== 'none' && outcome !== 0 && outcome !== false;
  });
  return { acted: ran && acted };
}
