import { TASK_MESSAGES } from '@portal/shared/tasks/task.schema';
import { allDeclined, checklistDone } from '@portal/shared/tasks/task-states';
import { ConflictError, InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { markCompleted, markUncompleted, writeAnswer, writeReceipt, writeTicks, type UplinkMarker } from './completion.repository.ts';
import { notifyTaskChanged } from './delivery.service.ts';
import { clearCompletions, getRecipientRow, readRecipientRows } from './recipients.repository.ts';
import { refreshAnswerFacts, refreshTaskFact } from './report-refresh.ts';
import { countsOf } from './task-dto.ts';
import { applyTicks, checklistItems, hasChecklist, unknownItems, type ChecklistState } from './task-status.ts';
import type { TaskItem } from './task.entity.ts';
import { getTask } from './tasks.repository.ts';

export type { UplinkMarker } from './completion.repository.ts';

/**
 * How a task completes (decision 0028), for the portal's routes and the watches' uplink alike.
 * Every outcome counts once: a recipient's answer is one transaction with its row (and a watch's
 * envelope marker), the completion one conditional write; the watches hear of each change through
 * notifyTaskChanged (delivery.service.ts). Each path ends with the refresh of the task's report
 * facts (report-refresh.ts), and of the answering people's.
 */

const notFound = () => new NotFoundError(TASK_MESSAGES.notFound);

export type AnswerOutcome = 'counted' | 'already' | 'closed' | 'not_recipient';

type Closure = 'one' | 'all';
const closureOf = (item: TaskItem): Closure => ((item.config as { closure_criteria?: Closure }).closure_criteria === 'all' ? 'all' : 'one');
const contentOf = (item: TaskItem) => item.content as { checklist?: Array<{ id: string; is_deleted?: boolean }> };

/** Tells the watches; a failed publish never undoes the change it reports (the next read shows it). */
async function tell(item: TaskItem, change: 'updated' | 'completed' | 'all_declined'): Promise<void> {
  try {
    await notifyTaskChanged(item, change);
  } catch (error) {
    logger.warn('Task change not published', { id: item.taskId, change, error: (error as Error).message });
  }
}

async function answer(orgId: string, taskId: string, userId: string, kind: 'completed' | 'declined', at: Date, marker?: UplinkMarker): Promise<AnswerOutcome> {
  const task = await getTask(orgId, taskId, { consistent: true });
  if (!task?.deliveredAt || !task.recipientShards) return 'not_recipient';
  if (task.completedAt) return 'closed';
  const row = await getRecipientRow(orgId, taskId, task.recipientShards, userId);
  if (!row) return 'not_recipient';
  const outcome = await answerOnce(task, task.recipientShards, userId, kind, at, marker);
  // Counted or not (a repeated envelope may follow a first attempt that stopped before its refresh).
  await Promise.all([refreshTaskFact(orgId, taskId), refreshAnswerFacts(orgId, taskId, [userId])]);
  return outcome;
}

/** The answer's one transaction, then the completion or all declined it causes, told to the watches. */
async function answerOnce(task: TaskItem, shards: number, userId: string, kind: 'completed' | 'declined', at: Date, marker?: UplinkMarker): Promise<AnswerOutcome> {
  const { orgId, taskId } = task;
  const now = new Date();
  const written = await writeAnswer({ orgId, taskId, shards, userId, answer: kind, at: at.toISOString(), marker, now });
  if (written === 'duplicate' || written === 'answered') return 'already';
  if (written === 'closed') return 'closed';
  if (kind === 'completed') {
    const completed = await markCompleted(orgId, taskId, now.toISOString(), closureOf(task));
    if (completed) await tell(completed, 'completed');
    return 'counted';
  }
  const after = await getTask(orgId, taskId, { consistent: true });
  if (after && allDeclined(countsOf(after))) {
    await tell(after, 'all_declined');
  }
  return 'counted';
}

/** A recipient completes (the watch): counted once; under 'one' the first completion, under 'all' the last, completes the task. */
export const completeByUser = (orgId: string, taskId: string, userId: string, at: Date, marker?: UplinkMarker): Promise<AnswerOutcome> =>
  answer(orgId, taskId, userId, 'completed', at, marker);

/** A recipient declines (the watch): counted once; when every recipient declined and nobody completed, the task is all_declined. */
export const declineByUser = (orgId: string, taskId: string, userId: string, at: Date, marker?: UplinkMarker): Promise<AnswerOutcome> =>
  answer(orgId, taskId, userId, 'declined', at, marker);

/** received / read (the watch): first time wins; false when the user is no recipient or the envelope was handled. */
export async function recordReceipt(orgId: string, taskId: string, userId: string, event: 'received' | 'read', at: Date, marker?: UplinkMarker): Promise<boolean> {
  const task = await getTask(orgId, taskId, { consistent: true });
  if (!task?.recipientShards) return false;
  return (await writeReceipt(orgId, taskId, task.recipientShards, userId, event, at.toISOString(), marker, new Date())) === 'written';
}

/**
 * A checklist batch: the shared list's ticks set by whoever ticks (the portal's non-employee roles;
 * a recipient's watch with `byRecipient`). When every live item is checked the task completes, once;
 * unticking afterwards does not reopen it. Items the checklist does not hold are refused.
 */
export async function applyChecklist(orgId: string, taskId: string, userId: string, items: readonly { id: string; is_checked: boolean }[], at: Date, opts: { byRecipient: boolean }): Promise<TaskItem> {
  const task = await getTask(orgId, taskId, { consistent: true });
  if (!task) throw notFound();
  const content = contentOf(task);
  if (!hasChecklist(content)) throw new ConflictError(TASK_MESSAGES.noChecklist);
  if (unknownItems(content, items).length) throw InvalidInputError.onField('checklist', TASK_MESSAGES.checklistItemUnknown);
  if (Date.parse(task.startAt) > at.getTime()) throw new ConflictError(TASK_MESSAGES.notStarted);
  if (opts.byRecipient && !(task.recipientShards && (await getRecipientRow(orgId, taskId, task.recipientShards, userId)))) throw notFound();
  const timestamp = at.toISOString();
  const ticks = applyTicks({}, items, userId, timestamp);
  const updated = await writeTicks(orgId, taskId, ticks, timestamp);
  if (!updated) throw notFound();
  if (!updated.completedAt && checklistDone(checklistItems(content, updated.checklistState as ChecklistState))) {
    const completed = await markCompleted(orgId, taskId, timestamp, 'any');
    if (completed) {
      await tell(completed, 'completed');
      await refreshTaskFact(orgId, taskId);
      return completed;
    }
  }
  await tell(updated, 'updated');
  await refreshTaskFact(orgId, taskId);
  return updated;
}

/** Through the portal's confirm dialog (a task without checklist): completes it whatever the rule, the admin recorded. */
export async function completeByAdmin(orgId: string, taskId: string, adminId: string, now: Date): Promise<TaskItem> {
  const task = await getTask(orgId, taskId, { consistent: true });
  if (!task) throw notFound();
  if (hasChecklist(contentOf(task))) throw new ConflictError(TASK_MESSAGES.hasChecklist);
  if (task.completedAt) throw new ConflictError(TASK_MESSAGES.alreadyCompleted);
  if (Date.parse(task.startAt) > now.getTime()) throw new ConflictError(TASK_MESSAGES.notStarted);
  const completed = await markCompleted(orgId, taskId, now.toISOString(), 'any', adminId);
  if (!completed) throw new ConflictError(TASK_MESSAGES.alreadyCompleted);
  await tell(completed, 'completed');
  await refreshTaskFact(orgId, taskId);
  return completed;
}

/**
 * An admin's undo (a task without checklist): not completed again, so ongoing or overdue; the
 * recipients' completions are cleared first (their rows, then the counter with the row's state).
 */
export async function uncomplete(orgId: string, taskId: string, now: Date): Promise<TaskItem> {
  const task = await getTask(orgId, taskId, { consistent: true });
  if (!task) throw notFound();
  if (hasChecklist(contentOf(task))) throw new ConflictError(TASK_MESSAGES.hasChecklist);
  if (!task.completedAt) throw new ConflictError(TASK_MESSAGES.notCompleted);
  const rows = task.recipientShards ? await readRecipientRows(orgId, taskId, task.recipientShards) : [];
  await clearCompletions(orgId, taskId, rows);
  const reopened = await markUncompleted(orgId, taskId, task.startAt, now.toISOString());
  if (!reopened) throw new ConflictError(TASK_MESSAGES.notCompleted);
  await tell(reopened, 'updated');
  const undone = rows.filter((row) => row.row === 'USER' && row.completedAt).map((row) => row.userId);
  await Promise.all([refreshTaskFact(orgId, taskId), refreshAnswerFacts(orgId, taskId, undone)]);
  return reopened;
}
