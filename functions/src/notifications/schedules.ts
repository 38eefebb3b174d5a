import type { ScheduledJobType } from '@portal/shared/api/scheduled-jobs';
import type { Series } from '@portal/shared/scheduling/recurrence';
import { ScheduleInPastError, scheduler, type ScheduleTarget } from '../platform/scheduling/scheduler.ts';

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
