import type { TaskChecklistItemData, TaskMessageData } from '@portal/shared/devices/task-messages';
import type { TaskItem } from './task.entity.ts';

/**
 * The task as the watches see it (docs/device-protocol.md §5, shared/src/devices/task-messages.ts):
 * the data of `task` at its start (delivery.service.ts) and of `task_update` (notes.service.ts).
 */

const text = (value: unknown) => (value as { text?: string } | undefined)?.text ?? '';

interface StoredChecklistItem {
  id: string;
  title?: { text?: string };
  is_deleted?: boolean;
}

/** The watch's view of a task: its live checklist items with the shared ticks (decision 0028). */
export function taskMessageData(item: TaskItem): TaskMessageData {
  const content = item.content as { title?: unknown; body?: unknown; checklist?: StoredChecklistItem[] };
  const ticks = (item.checklistState ?? {}) as Record<string, { is_checked?: boolean } | undefined>;
  const checklist: TaskChecklistItemData[] = (content.checklist ?? [])
    .filter((entry) => !entry.is_deleted)
    .map((entry) => ({ id: entry.id, title: entry.title?.text ?? '', is_checked: !!ticks[entry.id]?.is_checked }));
  const config = item.config as { closure_criteria?: 'one' | 'all' };
  return {
    kind: 'task',
    task_id: item.taskId,
    title: text(content.title),
    body: text(content.body),
    checklist,
    closure_criteria: config.closure_criteria === 'all' ? 'all' : 'one',
    start: item.startAt,
    end: item.endAt,
    // An update after the completion (an edit, a late tick) keeps the watch's task closed; null after an undo reopens it.
    completed_time: item.completedAt ?? null,
  };
}
