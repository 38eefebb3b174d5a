import type { ChecklistItemState, TaskContent, TaskStatus } from '@portal/shared/tasks/task.schema';
import { resolvedGroups } from '../platform/recipients/resolve-recipients.ts';
import type { TaskRecipientItem } from './task-recipient.entity.ts';

/** The checklist of a stored task's content (the schema's items; only id and is_deleted matter here). */
export interface Checklisted {
  checklist?: ReadonlyArray<{ id: string; is_deleted?: boolean | undefined }> | undefined;
}

/** A tick of the shared checklist (decision 0028): who ticked or unticked the item last, and when. */
export interface ChecklistTick {
  is_checked: boolean;
  user_id: string;
  timestamp: string;
}
export type ChecklistState = Record<string, ChecklistTick>;

/** The checklist as shown: the content's items with their ticks (an item never ticked is unchecked). */
export function checklistItems(content: Checklisted, state: ChecklistState | undefined): ChecklistItemState[] {
  return (content.checklist ?? []).map((item) => {
    const tick = state?.[item.id];
    return { id: item.id, is_checked: tick?.is_checked ?? false, is_deleted: item.is_deleted ?? false, user_id: tick?.user_id ?? null, timestamp: tick?.timestamp ?? null };
  });
}

/** The content with each item's `is_checked` from the shared ticks (what the task's DTO and the watch show). */
export function contentWithTicks(content: TaskContent, state: ChecklistState | undefined): TaskContent {
  return { ...content, checklist: (content.checklist ?? []).map((item) => ({ ...item, is_checked: state?.[item.id]?.is_checked ?? false })) };
}

/**
 * The ticks a content-only edit keeps: those of items still in the checklist (by id); an item
 * removed loses its tick, a new one starts unchecked.
 */
export function ticksKept(content: Checklisted, state: ChecklistState | undefined): ChecklistState {
  const ids = new Set((content.checklist ?? []).map((item) => item.id));
  return Object.fromEntries(Object.entries(state ?? {}).filter(([id]) => ids.has(id)));
}

/** The ticks after a batch: each item's tick replaced by the user's, at `at`. */
export function applyTicks(state: ChecklistState | undefined, batch: readonly { id: string; is_checked: boolean }[], userId: string, at: string): ChecklistState {
  const next: ChecklistState = { ...(state ?? {}) };
  for (const item of batch) next[item.id] = { is_checked: item.is_checked, user_id: userId, timestamp: at };
  return next;
}

/** Items of a batch the task's checklist does not hold (or holds as deleted). */
export function unknownItems(content: Checklisted, batch: readonly { id: string }[]): string[] {
  const live = new Set((content.checklist ?? []).filter((item) => !item.is_deleted).map((item) => item.id));
  return batch.filter((item) => !live.has(item.id)).map((item) => item.id);
}

/** A task has a checklist when an item is not deleted (spec 000 §4: complete/undo are for tasks without one). */
export const hasChecklist = (content: Checklisted): boolean => (content.checklist ?? []).some((item) => !item.is_deleted);

interface StatusFacts {
  content: Checklisted;
  checklistState?: ChecklistState | undefined;
  completedByAdmin?: string[] | undefined;
  completedAt?: string | undefined;
}

/**
 * The task status of spec 000 §3 from its recipient rows (AP60): recipients are the users with a
 * USER row; receipts, completions and declines are the times on those rows; read implies received.
 */
export function statusOf(task: StatusFacts, rows: readonly TaskRecipientItem[]): TaskStatus {
  const users = rows.filter((r) => r.row === 'USER');
  const byGroup = new Map<number, string[]>();
  for (const row of users) byGroup.set(row.groupNumber ?? 0, [...(byGroup.get(row.groupNumber ?? 0) ?? []), row.userId]);
  const ids = (keep: (row: TaskRecipientItem) => unknown) => users.filter(keep).map((r) => r.userId);
  return {
    checklist_items: checklistItems(task.content, task.checklistState),
    user_ids: ids(() => true),
    completed_user_ids: ids((r) => r.completedAt),
    declined_user_ids: ids((r) => r.declinedAt),
    read_user_ids: ids((r) => r.readAt),
    received_user_ids: ids((r) => r.receivedAt || r.readAt),
    completed_by_admin_user_ids: task.completedByAdmin ?? [],
    completed_time: task.completedAt ?? null,
    resolved_recipient_groups: resolvedGroups([...byGroup].sort(([a], [b]) => a - b).map(([group_number, user_ids]) => ({ group_number, user_ids }))),
  };
}
