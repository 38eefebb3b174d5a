import type { TaskChecklistItemData, TaskDownlinkType, TaskMessageData } from '@portal/shared/devices/task-messages';
import { publishToInboxes } from '../platform/delivery/inbox-publish.ts';
import type { TaskItem } from './task.entity.ts';

/**
 * The task's messages to the watches (docs/device-protocol.md §5, shared/src/devices/task-messages.ts).
 * The task itself goes through the delivery queue at its start (delivery.service.ts); the small
 * messages about it (an update, the withdrawal, a reminder, the creator's overdue note) are published
 * straight through the delivery port, as actions' replies are (decision 0024): they have no status
 * rows, and an update should reach the watches at once. Each envelope id is fixed per message and
 * user (`messageIdFor`), so a repeat is dropped by the watch.
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

/** Publishes a task message to each user's inbox at once (the kit's `publishToInboxes`); ids fixed per message and user. */
export const publishToUsers = (orgId: string, userIds: readonly string[], type: TaskDownlinkType, data: object, idParts: readonly (string | number)[], now = new Date()) =>
  publishToInboxes(orgId, userIds, type, data, idParts.map(String), now);
