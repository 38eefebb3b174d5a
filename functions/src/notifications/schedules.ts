import type { ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import type { Recurring } from '@portal/shared/notifications/notification.schema';
import { seriesOf } from '@portal/shared/notifications/send-time';
import type { Series } from '@portal/shared/scheduling/recurrence';
import { ScheduleInPastError, scheduler, type ScheduleTarget } from '../platform/scheduling/scheduler.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import type { NotificationItem } from './notification.entity.ts';
import { isRoot } from './notification-dto.ts';

/** What a notification's schedule asks the scheduled handler to do: a row of shared/src/api/scheduled-jobs.ts. */
export const SEND_TYPE = 'notification.send' satisfies ScheduledJobType;

/** Short enough for EventBridge's 64 characters, also with an organisation prefix. */
export const scheduleNameOf = (notificationId: string) => `notif-${notificationId}`;

const targetOf = (orgId: string, notificationId: string): ScheduleTarget => ({ module: 'notifications', type: SEND_TYPE, orgId, id: notificationId });

/** One-off send; false when `at` has passed meanwhile (the caller sends now instead). */
export async function scheduleSend(orgId: string, notificationId: string, at: Date): Promise<boolean> {
  try {
    await scheduler().scheduleOnce({ name: scheduleNameOf(notificationId), at, target: targetOf(orgId, notificationId) });
    return true;
  } catch (error) {
    if (error instanceof ScheduleInPastError) return false;
    throw error;
  }
}

/** A series in the organisation's zone; each firing materialises one child of the root. */
export async function scheduleSeries(orgId: string, rootId: string, series: Series): Promise<void> {
  await scheduler().scheduleRecurring({
    name: scheduleNameOf(rootId),
    time: series.time,
    days: [...series.days],
    timeZone: series.timeZone,
    start: series.start,
    ...(series.end ? { end: series.end } : {}),
    target: targetOf(orgId, rootId),
  });
}

export async function cancelSchedule(name: string | undefined): Promise<void> {
  if (name) await scheduler().cancel(name);
}

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
    const start = new Date(Math.max(inZone.start.getTime(), item.sendAt ? Date.parse(item.sendAt) : 0));
    await scheduleSeries(item.orgId, item.notificationId, { ...inZone, start });
    return true;
  }
  if (item.listState !== 'SCHEDULED' || !item.sendAt) return true;
  return scheduleSend(item.orgId, item.notificationId, new Date(item.sendAt));
}
