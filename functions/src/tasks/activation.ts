import { rootMeta, seriesMetaOf } from '@portal/shared/scheduling/series-meta';
import { childId } from '@portal/shared/scheduling/series-time';
import { TASK_MESSAGES, type TaskConfig } from '@portal/shared/tasks/task.schema';
import { DomainError, InvalidInputError, UnavailableError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { cancelSchedules } from '../platform/scheduling/item-schedules.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { deliverTask, queueStart } from './delivery.service.ts';
import { materialiseTaskOccurrence } from './series.service.ts';
import { PlanRefusal, planTask, type TaskPlan, type TaskWindow } from './task-plan.ts';
import { endSchedules, remindersOf, scheduleTimers, startSchedules } from './task-schedules.ts';
import { TASK_RECURRING_ROOT, type TaskItem } from './task.entity.ts';
import { deleteRecipientRows } from './recipients.repository.ts';
import { deleteTask, getTask, insertTask, replaceTask } from './tasks.repository.ts';

/** Stores the activated task: a create inserts, a full edit replaces. */
export type TaskWrite = (item: TaskItem) => Promise<void>;

/** Insert, or replace the row a full edit keeps: what `activateTask` does unless told otherwise. */
const upsert: TaskWrite = async (item) => {
  if (await insertTask(item)) return;
  await replaceTask(item);
};

/** What a full edit starts again from: nothing delivered, counted, reminded or told yet. */
function fresh(item: TaskItem): TaskItem {
  const {
    deliveredAt: _delivered,
    recipientShards: _shards,
    completedAt: _completed,
    overdueNotifiedAt: _overdue,
    listState: _listState,
    listAt: _listAt,
    itemType: _itemType,
    scheduleNames: _names,
    ...rest
  } = item;
  return { ...rest, recipientCount: 0, completedCount: 0, declinedCount: 0, remindedOffsets: [], completedByAdmin: [] };
}

const iso = (window: TaskWindow) => ({ startAt: window.startAt.toISOString(), endAt: window.endAt.toISOString() });

/**
 * The plan of a new or fully edited task (decision 0029), after its validation and owned-id checks:
 * - 'Start time must be later then current time' (a minute's tolerance), 'End date must be after
 *   start date', 'Repeat end date must be after start date': a 400 on the field;
 * - a one-off is stored, then delivered now (start at or before now) or given a one-off `task.start`
 *   (a start that passed while it was written is queued as a `task.start` job instead, which the
 *   delivery function delivers); its `task.end` and, when reminders are on, a `task.remind` per
 *   offset of /settings/tasks, written beside the start;
 * - a series becomes a root (`task_recurring_root`, the organisation's zone) with a recurring
 *   `task.start` whose firings materialise the children (series.service.ts); a start "right now"
 *   while today's occurrence runs delivers that child at once. A stored root ('All Occurrences')
 *   goes on from now.
 * The item is written by `write` (insert, or replace for an edit) before any schedule, so a firing
 * always finds it. If scheduling or queueing fails, what this made is cancelled and 503
 * `tasks.notCarriedOut` is thrown: the caller removes a new row or puts back the edited one.
 */
export async function activateTask(item: TaskItem, now: Date, write: TaskWrite = upsert): Promise<TaskItem> {
  const config = item.config as TaskConfig;
  const meta = seriesMetaOf(item.meta);
  const seriesEdit = !!meta.is_recurring_root && !!config.recurring;
  // Only a series needs the organisation's zone (a one-off's instants carry their offsets).
  const timeZone = config.recurring ? (item.timeZone ?? (await organizationTimeZone(item.orgId))) : (item.timeZone ?? 'UTC');
  let plan: TaskPlan;
  try {
    plan = planTask(config, timeZone, now, { seriesEdit });
  } catch (error) {
    if (error instanceof PlanRefusal) throw InvalidInputError.onField(error.field, error.message);
    throw error;
  }
  const base = fresh(item);
  if (plan.kind === 'once') return activateOnce({ ...base, meta: { ...meta, is_recurring_root: false } }, plan, now, write);
  return activateSeries({ ...base, timeZone }, plan, now, write);
}

async function carriedOut<T>(item: TaskItem, names: readonly string[], undo: () => Promise<void>, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    await Promise.all([cancelSchedules(names), undo()]).catch((undoError: unknown) =>
      logger.error('A failed task activation could not be undone', { id: item.taskId, error: (undoError as Error).message }),
    );
    if (error instanceof DomainError) throw error;
    logger.error('Task activation failed', { id: item.taskId, error: (error as Error).message });
    throw new UnavailableError(TASK_MESSAGES.notCarriedOut);
  }
}

async function activateOnce(base: TaskItem, plan: Extract<TaskPlan, { kind: 'once' }>, now: Date, write: TaskWrite): Promise<TaskItem> {
  const { taskId, orgId } = base;
  const reminders = await remindersOf(orgId, taskId, !!(base.config as TaskConfig).reminders_enabled, plan.window, now);
  const names = [...(plan.startNow ? [] : [startSchedules.nameOf(taskId)]), endSchedules.nameOf(taskId), ...reminders.map((r) => r.name)];
  const times = iso(plan.window);
  let item: TaskItem = { ...base, ...times, listState: 'OPEN', listAt: times.startAt, scheduleNames: names };
  await write(item);
  // A delivery whose queueing failed leaves recipient rows (the employees' lists read them): removed.
  const undoRows = async () => {
    const stored = await getTask(orgId, taskId, { consistent: true });
    if (stored?.recipientShards) await deleteRecipientRows(orgId, taskId, stored.recipientShards);
  };
  return carriedOut(item, names, undoRows, async () => {
    // The start, the end and the reminders side by side: one write's wait, not three (Open 12).
    const [scheduled] = await Promise.all([plan.startNow || startSchedules.scheduleOnce(orgId, taskId, plan.window.startAt), scheduleTimers(orgId, taskId, plan.window.endAt, reminders)]);
    if (plan.startNow) item = await deliverTask(item, now);
    // The moment passed while we wrote (a start seconds ahead, a slow table): the delivery function
    // delivers it, so the answer does not wait on every recipient's row (reliability.md Open 12).
    else if (!scheduled) await queueStart(orgId, taskId, times.startAt);
    return item;
  });
}

async function activateSeries(base: TaskItem, plan: Extract<TaskPlan, { kind: 'series' }>, now: Date, write: TaskWrite): Promise<TaskItem> {
  const { taskId, orgId } = base;
  const name = startSchedules.nameOf(taskId);
  const shown = plan.first ?? plan.immediate!;
  const root: TaskItem = {
    ...base,
    itemType: TASK_RECURRING_ROOT,
    meta: rootMeta(seriesMetaOf(base.meta)),
    ...iso(shown ?? { startAt: now, endAt: now }),
    // Listed under its next occurrence; a series with only today's occurrence left is listed by that child.
    ...(plan.first ? { listState: 'OPEN' as const, listAt: plan.first.startAt.toISOString() } : {}),
    scheduleNames: [name],
  };
  await write(root);
  const immediateId = plan.immediate ? childId(taskId, plan.immediate.startAt) : undefined;
  const undoChild = async () => {
    if (immediateId) await deleteTask(orgId, immediateId);
  };
  const childNames = immediateId ? [endSchedules.nameOf(immediateId)] : [];
  return carriedOut(root, [name, ...childNames], undoChild, async () => {
    await startSchedules.scheduleSeries(orgId, taskId, plan.series);
    if (plan.immediate) await materialiseTaskOccurrence(root, plan.immediate.startAt, now);
    return root;
  });
}

/**
 * Cancels a task's schedules (its start or series, reminders and end) before a delete or a full
 * edit. A series' children keep theirs: each child is a task of its own (deactivate it too when it
 * is deleted).
 */
export async function deactivateTask(item: TaskItem): Promise<void> {
  await cancelSchedules([...(item.scheduleNames ?? []), startSchedules.nameOf(item.taskId), endSchedules.nameOf(item.taskId)]);
}
