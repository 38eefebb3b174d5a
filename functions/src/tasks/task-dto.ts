import type { TaskContent, TaskDraftDto, TaskDto, TaskStatus } from '@portal/shared/tasks/task.schema';
import { seriesMetaOf, type SeriesMeta } from '@portal/shared/scheduling/series-meta';
import { completedAtStatusOf, taskStatusOf, type TaskStatusName } from '@portal/shared/tasks/task-states';
import type { TaskDraftItem } from './task-draft.entity.ts';
import { contentWithTicks, type ChecklistState } from './task-status.ts';
import { TASK_RECURRING_ROOT, type TaskItem } from './task.entity.ts';

/** The meta stored on a task row. */
export const metaOf = (item: TaskItem): SeriesMeta => seriesMetaOf(item.meta);

export const isRoot = (item: TaskItem): boolean => item.itemType === TASK_RECURRING_ROOT;
export const isChild = (item: TaskItem): boolean => metaOf(item).is_recurring_child;

/** The derived status at `now` (shared/src/tasks/task-states.ts): never stored, it moves with the clock. */
/** Its counters (0 before the delivery). */
export const countsOf = (item: TaskItem) => ({ recipientCount: item.recipientCount ?? 0, completedCount: item.completedCount ?? 0, declinedCount: item.declinedCount ?? 0 });

export function statusAt(item: TaskItem, now: Date): TaskStatusName {
  return taskStatusOf({ isDraft: false, startAt: item.startAt, endAt: item.endAt, completedAt: item.completedAt ?? null, ...countsOf(item) }, now);
}

/** The API's task (spec 000 §3) from its row at `now`, with the status record when it was read. */
export function toDto(item: TaskItem, now: Date, status?: TaskStatus): TaskDto {
  const counts = countsOf(item);
  return {
    id: item.taskId,
    ...(isRoot(item) ? { item_type: TASK_RECURRING_ROOT } : {}),
    content: contentWithTicks(item.content as TaskContent, item.checklistState as ChecklistState | undefined),
    recipient_groups: item.recipientGroups as TaskDto['recipient_groups'],
    config: { ...(item.config as TaskDto['config']), is_draft: false },
    data: { status: statusAt(item, now), completed_at_status: item.completedAt ? completedAtStatusOf(item.completedAt, item.endAt) : null },
    meta: metaOf(item),
    created_by: item.createdBy,
    created_time: item.createdAt,
    start_at: item.startAt,
    end_at: item.endAt,
    completed_time: item.completedAt ?? null,
    recipient_count: counts.recipientCount,
    completed_count: counts.completedCount,
    declined_count: counts.declinedCount,
    ...(status ? { status } : {}),
  };
}

export function draftToDto(item: TaskDraftItem): TaskDraftDto {
  return {
    id: item.draftId,
    content: item.content as TaskDraftDto['content'],
    recipient_groups: item.recipientGroups as TaskDraftDto['recipient_groups'],
    config: { ...(item.config as Omit<TaskDraftDto['config'], 'is_draft'>), is_draft: true },
    meta: item.meta as TaskDraftDto['meta'],
    created_by: item.createdBy,
    created_time: item.createdAt,
    updated_time: item.updatedAt,
  };
}
