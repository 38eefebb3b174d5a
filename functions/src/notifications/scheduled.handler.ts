import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { logger } from '../platform/logger.ts';
import { runFiringOnce } from '../platform/scheduling/firing-guard.ts';
import type { ScheduledFiring } from '../platform/scheduling/scheduler.port.ts';
import { SEND_TYPE } from './schedules.ts';
import { fireSchedule } from './series.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapter of the delivery queue port (a scheduled send is queued like one sent now);
// DELIVERY_QUEUE=sqs picks it, in-process the local runtime's (infra/local/functions.ts).
// docs/architecture.md, "Adapters are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);

/**
 * The notifications module's scheduled-event function (EventBridge Scheduler on AWS, the local
 * scheduler in the runtime): a one-off sends the stored notification, a series firing creates and
 * sends that occurrence. The firing guard makes a twice-delivered firing act once.
 */
export async function handler(firing: ScheduledFiring): Promise<{ acted: boolean }> {
  if (firing?.target?.module !== 'notifications' || firing.target.type !== SEND_TYPE) {
    logger.warn('Unknown scheduled target ignored', { target: firing?.target });
    return { acted: false };
  }
  const acted = await runFiringOnce(firing, () => fireSchedule(firing.target.orgId, firing.target.id, firing.occurrence));
  return { acted };
}
