import { newSeriesMeta, seriesMetaOf } from '@portal/shared/scheduling/series-meta';
import type { Principal } from '@portal/shared/tenancy/principal';
import {
  TASK_MESSAGES,
  taskContentEditSchema,
  taskSchema,
  type TaskContent,
  type TaskDto,
  type TaskInput,
  type TaskListTab,
  type TaskPage,
  type TaskStatus,
} from '@portal/shared/tasks/task.schema';
import { CONTENT_ONLY_STATUSES } from '@portal/shared/tasks/task-states';
import { newId } from '../platform/db/ids.ts';
import { pageSize } from '../platform/db/paging.ts';
import { InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { logger } from '../platform/logger.ts';
import { ItemExistsError } from '../platform/templates/from-template-job.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { assertRecipients } from '../users/public.ts';
import { activateTask, deactivateTask } from './activation.ts';
import { notifyTaskChanged } from './delivery.service.ts';
import { deleteRecipientRows, getRecipientRow, readRecipientRows, restoreRecipientRows } from './recipients.repository.ts';
import { refreshAnswerFacts, refreshTaskFact } from './report-refresh.ts';
import { PlanRefusal, planTask } from './task-plan.ts';
import { isChild, isRoot, metaOf, statusAt, toDto } from './task-dto.ts';
import { effectiveClosure } from './task-rules.ts';
import { statusOf, ticksKept, type ChecklistState } from './task-status.ts';
import type { TaskRecipientItem } from './task-recipient.entity.ts';
import type { TaskItem } from './task.entity.ts';
import * as repo from './tasks.repository.ts';
import { createTemplateFrom } from './templates.service.ts';
import { listTab, type Viewer } from './task-lists.ts';

const notFound = () => new NotFoundError(TASK_MESSAGES.notFound);

/** Roles of the principal in the organisation: an employee and nothing else sees only their own tasks (decision 0028). */
export function viewerOf(principal: Principal, orgId: string): Viewer {
  const roles = principal.organizations[orgId] ?? [];
  return { userId: principal.userId, employeeOnly: roles.length > 0 && roles.every((role) => role === 'employee') };
}

export async function requireTask(orgId: string, taskId: string): Promise<TaskItem> {
  const item = await repo.getTask(orgId, taskId);
  if (!item) throw notFound();
  return item;
}

/** An employee reads a task only when it was delivered to them; any other is 404 for them. */
async function visibleTask(orgId: string, taskId: string, viewer: Viewer): Promise<TaskItem> {
  const item = await requireTask(orgId, taskId);
  if (!viewer.employeeOnly) return item;
  if (!item.recipientShards || !(await getRecipientRow(orgId, taskId, item.recipientShards, viewer.userId))) throw notFound();
  return item;
}

/**
 * Recipients (asked of the users module) and the template a task names must be the organisation's
 * (docs/security.md, "Ids in request bodies"), and so must the trigger that made it (`meta.trigger_id`, AP72).
 */
async function checkIds(orgId: string, input: Pick<TaskInput, 'recipient_groups' | 'meta'>): Promise<void> {
  await assertRecipients(orgId, 'recipient_groups', input.recipient_groups);
  await assertOwnedIds(orgId, [
    { field: 'meta.template_id', kind: 'taskTemplate', ids: [input.meta?.template_id] },
    { field: 'meta.trigger_id', kind: 'trigger', ids: [input.meta?.trigger_id] },
  ]);
}

/** The stored fields of a create or full edit; activation adds the instants, list keys and schedules. */
function itemOf(orgId: string, taskId: string, input: TaskInput, author: { createdBy: string; createdAt: string }, now: Date, kept: Partial<TaskItem> = {}): TaskItem {
  const meta = newSeriesMeta(input.meta, kept.meta ? seriesMetaOf(kept.meta) : undefined);
  const closure = effectiveClosure(input.content, input.recipient_groups, input.config.closure_criteria);
  return {
    orgId,
    taskId,
    content: input.content,
    recipientGroups: input.recipient_groups,
    config: { ...input.config, closure_criteria: closure, is_draft: false },
    meta,
    ...author,
    updatedAt: now.toISOString(),
    // Placeholders until activation sets the planned instants.
    startAt: now.toISOString(),
    endAt: now.toISOString(),
    ...(kept.timeZone ? { timeZone: kept.timeZone } : {}),
    checklistState: ticksKept(input.content, kept.checklistState as ChecklistState | undefined),
  };
}

/**
 * A new task, validated and checked: planned and activated (decision 0029: delivered now or at its
 * start, its end and reminders scheduled). A failure after the row was written removes it.
 * `taskId`: a fixed id (a trigger's firing fixed it, decision 0039); taken already, ItemExistsError
 * and the task with it stays as it is.
 */
export async function createTask(orgId: string, userId: string, input: TaskInput, now = new Date(), taskId = newId(now.getTime())): Promise<TaskDto> {
  await checkIds(orgId, input);
  const draft = itemOf(orgId, taskId, input, { createdBy: userId, createdAt: now.toISOString() }, now);
  let item: TaskItem;
  let inserted = false;
  try {
    item = await activateTask(draft, now, async (row) => {
      if (!(await repo.insertTask(row))) throw new ItemExistsError(taskId);
      inserted = true;
    });
  } catch (error) {
    if (inserted) {
      await repo.deleteTask(orgId, taskId).catch((undo: unknown) => logger.error('A failed task could not be removed', { id: taskId, error: (undo as Error).message }));
    }
    throw error;
  }
  await refreshTaskFact(orgId, taskId);
  if (input.save_as_template) await createTemplateFrom(orgId, userId, input, now);
  return toDto(item, now);
}

/** The plan's refusals (start in the past, end before start, repeat end) before anything of the stored task changes. */
async function checkPlan(item: TaskItem, input: TaskInput, now: Date): Promise<void> {
  try {
    planTask(input.config, item.timeZone ?? (await organizationTimeZone(item.orgId)), now, { seriesEdit: isRoot(item) });
  } catch (error) {
    if (error instanceof PlanRefusal) throw InvalidInputError.onField(error.field, error.message);
    throw error;
  }
}

/**
 * Spec 000 §4: ongoing, overdue and completed tasks take content edits only (the title rule alone;
 * checklist items keep their ticks by id; the open watches get `task_update`). Scheduled and
 * all_declined tasks, and a series' root, are edited as a whole: re-planned and re-scheduled; an
 * all_declined task's rows and counters start again and it is delivered anew at its (new) start.
 */
export async function updateTask(orgId: string, taskId: string, body: unknown, userId: string, now = new Date()): Promise<TaskDto> {
  const item = await requireTask(orgId, taskId);
  if (!isRoot(item) && CONTENT_ONLY_STATUSES.includes(statusAt(item, now))) return editContent(item, body, now);
  const input = await parseInput(taskSchema, body ?? {}, 'body');
  await checkIds(orgId, input);
  await checkPlan(item, input, now);
  await deactivateTask(item);
  const rows = item.recipientShards ? await deleteRecipientRows(orgId, taskId, item.recipientShards) : [];
  const draft = itemOf(orgId, taskId, input, { createdBy: item.createdBy, createdAt: item.createdAt }, now, item);
  let updated: TaskItem;
  try {
    updated = await activateTask(draft, now, async (row) => {
      if (!(await repo.replaceTask(row))) throw notFound();
    });
  } catch (error) {
    await restoreOriginal(item, rows, now).catch((undo: unknown) => logger.error('A failed task edit could not be put back', { id: taskId, error: (undo as Error).message }));
    throw error;
  } finally {
    // The due time may have moved, and the people who answered the earlier delivery answer no more.
    await Promise.all([refreshTaskFact(orgId, taskId), refreshAnswerFacts(orgId, taskId, rows.filter((row) => row.row === 'USER').map((row) => row.userId))]);
  }
  if (input.save_as_template) await createTemplateFrom(orgId, userId, input, now);
  return toDto(updated, now);
}

/**
 * A failed full edit puts the task back as it was: the row, and for a scheduled task or a root the
 * schedules the edit cancelled (activated again with its own start, end and series); an all_declined
 * task gets back its recipients' rows, which say who declined (the failed delivery's own rows are
 * already removed by then, activation.ts).
 */
async function restoreOriginal(original: TaskItem, rows: readonly TaskRecipientItem[], now: Date): Promise<void> {
  const replace = async (row: TaskItem) => {
    if (!(await repo.replaceTask(row))) throw notFound();
  };
  if (isRoot(original) || statusAt(original, now) === 'scheduled') await activateTask(original, now, replace);
  else await replace(original);
  if (rows.length) await restoreRecipientRows(rows);
}

async function editContent(item: TaskItem, body: unknown, now: Date): Promise<TaskDto> {
  const { content } = await parseInput(taskContentEditSchema, body ?? {}, 'body');
  const updated = await repo.setContent(item.orgId, item.taskId, content, ticksKept(content, item.checklistState as ChecklistState | undefined), now.toISOString());
  if (!updated) throw notFound();
  await refreshTaskFact(item.orgId, item.taskId);
  await notifyTaskChanged(updated, 'updated', now).catch((error: unknown) => logger.warn('Task update not published', { id: item.taskId, error: (error as Error).message }));
  return toDto(updated, now);
}

/**
 * Removes a task: its schedules, the open watches told, its row and its recipient rows. Its report
 * fact is brought up to date first and then stays (history stays, decision 0087).
 */
async function removeOne(item: TaskItem): Promise<void> {
  await refreshTaskFact(item.orgId, item.taskId);
  await deactivateTask(item);
  if (!item.completedAt) await notifyTaskChanged(item, 'deleted').catch((error: unknown) => logger.warn('Task withdrawal not published', { id: item.taskId, error: (error as Error).message }));
  await repo.deleteTask(item.orgId, item.taskId);
  if (item.recipientShards) await deleteRecipientRows(item.orgId, item.taskId, item.recipientShards);
}

/**
 * scope 'one' removes the item (a root ends its series; its children stay); 'all' on a child or a
 * root removes the root and every child ('All Occurrences', spec 000 §4).
 */
export async function deleteTask(orgId: string, taskId: string, scope: 'one' | 'all'): Promise<void> {
  const item = await requireTask(orgId, taskId);
  const rootId = isRoot(item) ? item.taskId : isChild(item) ? metaOf(item).recurring_root_id : null;
  if (scope === 'all' && rootId) {
    for (const member of await repo.getSeries(orgId, rootId)) await removeOne(member);
    return;
  }
  await removeOne(item);
}

/** "Fetch recurring root by id": the root of a child (or the root itself). */
export async function getRecurringRoot(orgId: string, taskId: string, now = new Date()): Promise<TaskDto> {
  const item = await requireTask(orgId, taskId);
  if (isRoot(item)) return toDto(item, now);
  const rootId = isChild(item) ? metaOf(item).recurring_root_id : null;
  const root = rootId ? await repo.getTask(orgId, rootId) : null;
  if (!root) throw new NotFoundError(TASK_MESSAGES.recurringRootNotFound);
  return toDto(root, now);
}

async function statusOfItem(item: TaskItem): Promise<TaskStatus> {
  const rows = item.recipientShards ? await readRecipientRows(item.orgId, item.taskId, item.recipientShards) : [];
  return statusOf({ content: item.content as TaskContent, checklistState: item.checklistState as ChecklistState, completedByAdmin: item.completedByAdmin, completedAt: item.completedAt }, rows);
}

/** The task with its status record (AP56 + AP60). */
export async function getTask(orgId: string, taskId: string, viewer: Viewer, now = new Date()): Promise<TaskDto> {
  const item = await visibleTask(orgId, taskId, viewer);
  return toDto(item, now, await statusOfItem(item));
}

export async function getTaskStatus(orgId: string, taskId: string, viewer: Viewer): Promise<TaskStatus> {
  return statusOfItem(await visibleTask(orgId, taskId, viewer));
}

/** A tab of the list (decision 0028), the employee's own tasks for an employee. */
export async function listTasks(orgId: string, query: { tab: TaskListTab; next_token?: string | undefined; limit?: string | undefined }, viewer: Viewer, now = new Date()): Promise<TaskPage> {
  const page = await listTab(orgId, query.tab, { limit: pageSize(query.limit), token: query.next_token }, viewer, now);
  return { items: page.items.map((item) => toDto(item, now)), ...(page.next_token ? { next_token: page.next_token } : {}) };
}
