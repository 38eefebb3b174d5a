import { logger } from '../platform/logger.ts';
import { runFiringOnce } from '../platform/scheduling/firing-guard.ts';
import type { ScheduledFiring } from '../platform/scheduling/scheduler.port.ts';
import { isRoot } from './notification-dto.ts';
import { getNotification } from './notifications.repository.ts';
import { SEND_TYPE } from './schedules.ts';
import { materialiseOccurrence, sendScheduled } from './series.service.ts';

/** A one-off firing older than this relative to the stored send time belongs to an earlier schedule. */
const STALE_MS = 60_000;

async function fire(firing: ScheduledFiring): Promise<void> {
  const { orgId, id } = firing.target;
  const item = await getNotification(orgId, id);
  // Deleted meanwhile: nothing to send.
  if (!item) return;
  const occurrence = new Date(firing.occurrence);
  const now = new Date();
  if (isRoot(item)) {
    await materialiseOccurrence(item, occurrence, now);
    return;
  }
  if (item.deliveredAt) return;
  if (item.listState === 'SCHEDULED' && item.sendAt && Math.abs(Date.parse(item.sendAt) - occurrence.getTime()) > STALE_MS) {
    logger.info('Stale firing ignored: the notification was rescheduled', { id, occurrence: firing.occurrence, sendAt: item.sendAt });
    return;
  }
  await sendScheduled(item, now);
}

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
  const acted = await runFiringOnce(firing, () => fire(firing));
  return { acted };
}
