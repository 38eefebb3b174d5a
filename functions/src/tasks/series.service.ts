import { childMeta, seriesMetaOf } from '@portal/shared/scheduling/series-meta';
import { childId, localTimeOf, occurrenceAfter, partsIn, seriesAt } from '@portal/shared/scheduling/series-time';
import type { TaskConfig, TaskRecurring } from '@portal/shared/tasks/task.schema';
import { logger } from '../platform/logger.ts';
import { materialiseOccurrenceOnce } from '../platform/scheduling/item-schedules.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { deliverTask, resumeDelivery } from './delivery.service.ts';
import { noteOverdue } from './notes.service.ts';
import { refreshTaskFact } from './report-refresh.ts';
import { occurrenceWindow, type TaskWindow } from './task-plan.ts';
import { endSchedules, remindersOf, scheduleTimers } from './task-schedules.ts';
import type { TaskItem } from './task.entity.ts';
import { getTask, insertTask, setRootNext } from './tasks.repository.ts';

const recurringOf = (item: TaskItem) => (item.config as TaskConfig).recurring as TaskRecurring | null;

/** The local end time of a series' occurrences, in its zone ('HH:mm:ss' kept, as the form's 23:59:59). */
export const seriesEndTime = (recurring: TaskRecurring, timeZone: string) => localTimeOf(recurring.range, recurring.occurrence_time.end, timeZone, true);

/** The series' occurrence after `after` as a start and end, or null when the series is over. */
export function nextWindow(recurring: TaskRecurring, timeZone: string, after: Date): TaskWindow | null {
  const next = occurrenceAfter(seriesAt(recurring.range, recurring.occurrence_time.start, recurring.days, timeZone), after);
  return next ? occurrenceWindow(next, seriesEndTime(recurring, timeZone), timeZone) : null;
}

/** The child an occurrence becomes: the root's content, recipients and rule, its own start and end, nothing done yet. */
export function childOf(root: TaskItem, window: TaskWindow, timeZone: string, scheduleNames: string[], now: Date): TaskItem {
  const id = childId(root.taskId, window.startAt);
  const config = root.config as TaskConfig & { is_draft?: boolean };
  const startAt = window.startAt.toISOString();
  return {
    orgId: root.orgId,
    taskId: id,
    listState: 'OPEN',
    listAt: startAt,
    content: root.content,
    recipientGroups: root.recipientGroups,
    config: { ...config, start: partsIn(window.startAt, timeZone), end: partsIn(window.endAt, timeZone, true), recurring: null },
    meta: childMeta(seriesMetaOf(root.meta), root.taskId),
    createdBy: root.createdBy,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    startAt,
    endAt: window.endAt.toISOString(),
    timeZone,
    recipientCount: 0,
    completedCount: 0,
    declinedCount: 0,
    completedByAdmin: [],
    checklistState: {},
    remindedOffsets: [],
    scheduleNames,
  };
}

/**
 * One occurrence of a task series becomes a child of the root and is delivered (spec 000 §4,
 * decision 0029), through the series kit as notifications' occurrences are: the child's id is
 * `{rootId}-{yyyyMMddTHHmmZ}`, so a second firing finds it (a delivery that broke off is
 * finished; a whole one gets nothing again). Its end and reminders are scheduled before it is
 * delivered, then the root moves to its next occurrence, and the child's report fact is refreshed.
 */
export async function materialiseTaskOccurrence(root: TaskItem, occurrence: Date, now: Date): Promise<TaskItem | null> {
  const recurring = recurringOf(root);
  if (!recurring) return null;
  const timeZone = root.timeZone ?? (await organizationTimeZone(root.orgId));
  // A firing of the series as it was before an 'All Occurrences' edit (already on its way) makes no child.
  if (nextWindow(recurring, timeZone, new Date(occurrence.getTime() - 1))?.startAt.getTime() !== occurrence.getTime()) {
    logger.info('Stale series firing ignored: no occurrence of the series', { id: root.taskId, occurrence: occurrence.toISOString() });
    return null;
  }
  const window = occurrenceWindow(occurrence, seriesEndTime(recurring, timeZone), timeZone);
  const id = childId(root.taskId, occurrence);
  const reminders = await remindersOf(root.orgId, id, !!(root.config as TaskConfig).reminders_enabled, window, now);
  const child = childOf(root, window, timeZone, [endSchedules.nameOf(id), ...reminders.map((r) => r.name)], now);
  const made = await materialiseOccurrenceOnce<TaskItem>({
    child,
    insert: insertTask,
    existing: () => getTask(root.orgId, id, { consistent: true }),
    // A child found is always resumed: its timers again (the same names), and a delivery that
    // broke off is finished (only recipients without a Sent row are queued again).
    delivered: () => false,
    resume: async (existing) => existing,
    async deliver(item) {
      const endAhead = await scheduleTimers(item.orgId, item.taskId, new Date(item.endAt), reminders);
      let delivered = item;
      if (item.deliveredAt) await resumeDelivery(item);
      else delivered = await deliverTask(item, now);
      // Made after its end (a firing late by hours, a runtime that was down): overdue at once.
      if (!endAhead) await noteOverdue(delivered, now);
    },
    async advance() {
      const next = nextWindow(recurring, timeZone, new Date(Math.max(occurrence.getTime(), now.getTime())));
      await setRootNext(root.orgId, root.taskId, next ? { startAt: next.startAt.toISOString(), endAt: next.endAt.toISOString() } : null);
    },
  });
  await refreshTaskFact(root.orgId, id);
  return made;
}
