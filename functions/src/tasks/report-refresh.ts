import { factRefresher } from '../platform/reports/fact-refresher.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { getRecipientRow } from './recipients.repository.ts';
import { TASK_ANSWER_FACT, TASK_FACT, answerItemId, answerItemOf, taskFactOf, taskAnswerFactOf } from './report-fact.ts';
import { TASK_RECURRING_ROOT, type TaskItem } from './task.entity.ts';
import { getTask } from './tasks.repository.ts';

/**
 * A task's report facts, brought up to date with its rows (AP94) at the end of every path that
 * changes what they show; the rows are read consistently, so a refresh sees the write of the path
 * that called it. A series' root is no task to do (its children are): it has no fact. Gone (a
 * deleted task): the facts stay as they were (decision 0087, history stays).
 */
async function readTask(orgId: string, taskId: string): Promise<TaskItem | null> {
  const task = await getTask(orgId, taskId, { consistent: true });
  return task && task.itemType !== TASK_RECURRING_ROOT ? task : null;
}

/**
 * The TASK fact, counted at `clock()`: whether it is due moves with the clock, so the end's firing
 * refreshes it too. A path may pass a moment it knows has come (the end's firing: the due time),
 * so this machine's clock a little behind it does not count the task as not due yet.
 */
const taskFactsAt = (clock: () => Date) =>
  factRefresher({
    module: 'tasks',
    kind: TASK_FACT,
    read: async (orgId, taskId) => {
      const task = await readTask(orgId, taskId);
      return task ? taskFactOf(task, await organizationTimeZone(orgId), clock()) : null;
    },
  });

/** The TASK facts at this machine's clock (the refresh, its `report.refresh:TASK` job, the tests). */
export const taskFacts = taskFactsAt(() => new Date());

/**
 * A person's TASKANSWER fact (`{taskId}#{userId}`): their USER row as it is now, on the task's due
 * day. Refreshed from the row, not counted in the answer's transaction: the same refresh then takes
 * back an undone completion and a decline an edit's new delivery removed, and a repeat changes nothing.
 */
export const taskAnswerFacts = factRefresher({
  module: 'tasks',
  kind: TASK_ANSWER_FACT,
  read: async (orgId, itemId) => {
    const answer = answerItemOf(itemId);
    const task = answer && (await readTask(orgId, answer.taskId));
    if (!answer || !task) return null;
    const row = task.recipientShards ? await getRecipientRow(orgId, answer.taskId, task.recipientShards, answer.userId) : null;
    return taskAnswerFactOf(task, answer.userId, row, await organizationTimeZone(orgId));
  },
});

/** The TASK fact's refresh at the end of a path; `dueBy`: a moment the path knows has come (counted at the later of it and the clock). */
export async function refreshTaskFact(orgId: string, taskId: string, dueBy?: Date): Promise<void> {
  const facts = dueBy ? taskFactsAt(() => new Date(Math.max(Date.now(), dueBy.getTime()))) : taskFacts;
  await facts.refresh(orgId, taskId);
}

/** The answer facts of these people (an answer, an undo's cleared completions, an edit's removed rows), a few at a time. */
export async function refreshAnswerFacts(orgId: string, taskId: string, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 8) {
    await Promise.all(unique.slice(i, i + 8).map((userId) => taskAnswerFacts.refresh(orgId, answerItemId(taskId, userId))));
  }
}

/** Registers both refresh jobs on the tasks delivery entry (a failed refresh queued there is run again). */
export function registerTaskFactJobs(): void {
  taskFacts.registerJob();
  taskAnswerFacts.registerJob();
}
