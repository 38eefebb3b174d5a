import { logger } from '../platform/logger.ts';
import { deliverTask, resumeDelivery, startRequest } from './delivery.service.ts';
import { openRecipientIds } from './recipients.repository.ts';
import { finished, noteOverdue, noteRef, queueNote } from './notes.service.ts';
import { refreshTaskFact } from './report-refresh.ts';
import { materialiseTaskOccurrence } from './series.service.ts';
import { isStaleFiring, reminderOffsetOf } from './task-plan.ts';
import { TASK_RECURRING_ROOT, type TaskItem } from './task.entity.ts';
import { getTask, markReminded } from './tasks.repository.ts';

/**
 * What a task's schedules do when they fire (decision 0029). Each runs inside the firing guard
 * (scheduled.handler.ts), and each effect is also guarded by the task row itself (delivered once,
 * reminded once per offset, the creator told once), so a firing that comes twice, late, or after an
 * edit acts at most once.
 */

const isRoot = (item: TaskItem) => item.itemType === TASK_RECURRING_ROOT;

/**
 * `task.start`: a root materialises the occurrence; a task is delivered (once: a delivered one has
 * only its unsent recipients queued again), unless its start moved.
 */
export async function fireStart(orgId: string, taskId: string, occurrence: string, now = new Date()): Promise<'delivered' | 'none'> {
  const item = await getTask(orgId, taskId, { consistent: true });
  if (!item) return 'none';
  if (isRoot(item)) return (await materialiseTaskOccurrence(item, new Date(occurrence), now)) ? 'delivered' : 'none';
  if (isStaleFiring(item.startAt, occurrence)) {
    logger.info('Stale task start ignored: the task was rescheduled', { id: taskId, occurrence, startAt: item.startAt });
    return 'none';
  }
  // Delivered already: a retried firing finishes a delivery whose queueing broke off.
  if (item.deliveredAt) return (await resumeDelivery(item)) ? 'delivered' : 'none';
  await deliverTask(item, now);
  await refreshTaskFact(orgId, taskId);
  return 'delivered';
}

/** The `task.start` queue job (activation's start that passed while it wrote): the start's firing, run by the delivery function. */
export async function runStartJob(orgId: string, payload: unknown): Promise<void> {
  const { taskId, startAt } = startRequest(payload);
  await fireStart(orgId, taskId, startAt);
}

/**
 * `task.remind`: the recipients delivered to who have neither completed nor declined get
 * `task_reminder` (queued), once per offset (markReminded is the claim; the envelope id is fixed
 * per task, offset and user). Nothing for a finished, undelivered or rescheduled task.
 */
export async function fireRemind(orgId: string, taskId: string, occurrence: string): Promise<number> {
  const item = await getTask(orgId, taskId, { consistent: true });
  if (!item || isRoot(item) || !item.deliveredAt || !item.recipientShards || finished(item)) return 0;
  const offset = reminderOffsetOf(item.endAt, occurrence);
  if (offset === null || !(item.config as { reminders_enabled?: boolean }).reminders_enabled) return 0;
  const audience = await openRecipientIds(orgId, taskId, item.recipientShards);
  if (!audience.length) return 0;
  if (!(await markReminded(orgId, taskId, offset))) return 0;
  await queueNote(orgId, 'task_reminder', noteRef(taskId, offset), audience);
  return audience.length;
}

/**
 * `task.end`: an unfinished task is now overdue (derived by the clock, nothing stored) and its
 * creator gets `task_overdue` on their inbox, once, unless /settings/tasks says not to. Whatever it
 * does, the task's report fact is refreshed: from now on it counts as due (decision 0087), finished
 * or not; a firing of the due time it has (not a stale one) says the due time has come.
 */
export async function fireEnd(orgId: string, taskId: string, occurrence: string, now = new Date()): Promise<boolean> {
  const item = await getTask(orgId, taskId, { consistent: true });
  if (!item || isRoot(item)) return false;
  const stale = isStaleFiring(item.endAt, occurrence);
  const told = await noteEnd(item, occurrence, stale, now);
  await refreshTaskFact(orgId, taskId, stale ? undefined : new Date(Math.max(now.getTime(), Date.parse(item.endAt))));
  return told;
}

async function noteEnd(item: TaskItem, occurrence: string, stale: boolean, now: Date): Promise<boolean> {
  if (finished(item) || item.overdueNotifiedAt) return false;
  if (stale) {
    logger.info('Stale task end ignored: the task was rescheduled', { id: item.taskId, occurrence, endAt: item.endAt });
    return false;
  }
  return noteOverdue(item, now);
}
