import type { ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import type { Recurring } from '@portal/shared/notifications/notification.schema';
import { seriesOf } from '@portal/shared/notifications/send-time';
import type { Series } from '@portal/shared/scheduling/recurrence';
import { seriesFrom } from '@portal/shared/scheduling/series-time';
import { cancelSchedule, itemSchedules } from '../platform/scheduling/item-schedules.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import type { NotificationItem } from './notification.entity.ts';
import { isRoot } from './notification-dto.ts';

/** What a notification's schedule asks the scheduled handler to do: a row of shared/src/api/scheduled-jobs.ts. */
export const SEND_TYPE = 'notification.send' satisfies ScheduledJobType;

/** The series kit's schedules bound to notifications (platform/scheduling/item-schedules.ts). */
const schedules = itemSchedules({ module: 'notifications', type: SEND_TYPE });

/** Short enough for EventBridge's 64 characters, also with an organisation prefix. */
export const scheduleNameOf = (notificationId: string) => schedules.nameOf(notificationId);

/** One-off send; false when `at` has passed meanwhile (the caller sends now instead). */
export const scheduleSend = (orgId: string, notificationId: string, at: Date): Promise<boolean> => schedules.scheduleOnce(orgId, notificationId, at);

/** A series in the organisation's zone; each firing materialises one child of the root. */
export const scheduleSeries = (orgId: string, rootId: string, series: Series): Promise<void> => schedules.scheduleSeries(orgId, rootId, series);

export { cancelSchedule };

/**
 * Schedules a stored scheduled notification or root again as it stands (a failed edit puts back the
 * schedule it had cancelled): a root's series goes on from its stored next occurrence, a one-off
 * fires at its send time. False when that one-off's moment has passed meanwhile.
 */
export async function restoreSchedule(item: NotificationItem): Promise<boolean> {
  if (!item.scheduleName) return true;
  const recurring = (item.config as { recurring?: Recurring | null }).recurring;
  if (isRoot(item) && recurring) {
    const inZone = seriesOf(recurring, item.timeZone ?? (await organizationTimeZone(item.orgId)));
    await scheduleSeries(item.orgId, item.notificationId, seriesFrom(inZone, item.sendAt ? new Date(item.sendAt) : null));
    return true;
  }
  if (item.listState !== 'SCHEDULED' || !item.sendAt) return true;
  return scheduleSend(item.orgId, item.notificationId, new Date(item.sendAt));
}
