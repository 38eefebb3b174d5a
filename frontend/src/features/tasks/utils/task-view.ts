import type { ChecklistItemState, TaskContent, TaskDto, TaskStatus } from '@portal/shared/tasks/task.schema';
import { CONTENT_ONLY_STATUSES } from '@portal/shared/tasks/task-states';
import type { RecipientOptions } from '@portal/shared/recipients/recipient.schema';
import type { Role } from '@portal/shared/tenancy/roles';
import { isRecurringRoot } from '../../../lib/series-select.ts';
import type { TaskFormMode } from './task-form-model.ts';

type Facts = Pick<TaskDto, 'data' | 'content' | 'item_type' | 'meta' | 'id'>;

/** A completed task that completed after its end (spec 000 §4: overdue-completed). */
export const isOverdueCompleted = (dto: Pick<TaskDto, 'data'>) => dto.data.status === 'completed' && dto.data.completed_at_status === 'overdue';

/** Items not deleted: what the form and the details pane show. */
export const liveChecklist = (content: TaskContent) => content.checklist.filter((item) => !item.is_deleted);

export const hasChecklist = (dto: Pick<TaskDto, 'content'>) => liveChecklist(dto.content).length > 0;

/** The form an edit/{id} opens (spec 000 §4): content-only once started or completed; a root edits its series. */
export function editModeOf(dto: Facts): Extract<TaskFormMode, 'scheduled' | 'content' | 'recurring'> {
  if (isRecurringRoot(dto)) return 'recurring';
  return CONTENT_ONLY_STATUSES.includes(dto.data.status) ? 'content' : 'scheduled';
}

/** Spec 000 §4, §6: the confirm dialog completes a task without checklist that is under way or overdue. */
export const canComplete = (dto: Facts) => !hasChecklist(dto) && !isRecurringRoot(dto) && (dto.data.status === 'ongoing' || dto.data.status === 'overdue');

/** Spec 000 §6: admins (and superadmins) undo the completion of a task without checklist. */
export const canUndo = (dto: Facts, roles: readonly Role[]) => !hasChecklist(dto) && dto.data.status === 'completed' && roles.some((role) => role === 'admin' || role === 'superadmin');

/** Spec 000 §6: role 'employee' sees the checklist read-only; other roles tick. */
export const mayTick = (roles: readonly Role[]) => roles.some((role) => role !== 'employee');

export type RecipientState = 'completed' | 'declined' | 'read' | 'received' | 'sent';

export interface RecipientRow {
  id: string;
  name: string;
  state: RecipientState;
}

const nameMap = (options: Pick<RecipientOptions, 'users'> | undefined) => new Map(options?.users.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim()]) ?? []);

/** Per recipient: completed, declined, read, received or only sent (the strongest fact wins), by name. */
export function recipientRows(status: Pick<TaskStatus, 'user_ids' | 'completed_user_ids' | 'declined_user_ids' | 'read_user_ids' | 'received_user_ids'>, options: Pick<RecipientOptions, 'users'> | undefined): RecipientRow[] {
  const names = nameMap(options);
  const has = (list: readonly string[]) => new Set(list);
  const completed = has(status.completed_user_ids);
  const declined = has(status.declined_user_ids);
  const read = has(status.read_user_ids);
  const received = has(status.received_user_ids);
  return status.user_ids
    .map((id) => ({
      id,
      name: names.get(id) || id,
      state: (completed.has(id) ? 'completed' : declined.has(id) ? 'declined' : read.has(id) ? 'read' : received.has(id) ? 'received' : 'sent') as RecipientState,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface ChecklistRow {
  id: string;
  title: string;
  checked: boolean;
  /** Who ticked it last and when (null until someone did). */
  by: string | null;
  at: Date | null;
}

/** The content's items with their ticks from the status (who and when), in the content's order. */
export function checklistRows(content: TaskContent, states: readonly ChecklistItemState[] | undefined, options: Pick<RecipientOptions, 'users'> | undefined): ChecklistRow[] {
  const names = nameMap(options);
  const byId = new Map(states?.map((state) => [state.id, state]) ?? []);
  return liveChecklist(content).map((item) => {
    const state = byId.get(item.id);
    const checked = state ? state.is_checked : Boolean(item.is_checked);
    return {
      id: item.id,
      title: item.title.text ?? '',
      checked,
      by: state?.user_id ? names.get(state.user_id) || state.user_id : null,
      at: state?.timestamp ? new Date(state.timestamp) : null,
    };
  });
}

/** The ticks changed in the pane against what is stored: the one batch PUT tasks/{id}/checklist sends. */
export function checklistBatch(rows: readonly ChecklistRow[], pending: Readonly<Record<string, boolean>>): { id: string; is_checked: boolean }[] {
  return rows.filter((row) => row.id in pending && pending[row.id] !== row.checked).map((row) => ({ id: row.id, is_checked: pending[row.id]! }));
}
