import { TASK_CLOSED_REASONS, type TaskClosedData, type TaskClosedReason, type TaskDownlinkType, type TaskOverdueData, type TaskReminderData } from '@portal/shared/devices/task-messages';
import { createEnvelope } from '@portal/shared/devices/topics';
import type { DeliveryKind, DeliveryMessage } from '../platform/delivery/delivery-consumer.ts';
import { enqueueDelivery } from '../platform/delivery/delivery-queue.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { topics } from '../platform/delivery/topics.ts';
import { taskMessageData } from './downlink.ts';
import type { TaskItem } from './task.entity.ts';
import { allDeclined } from '@portal/shared/tasks/task-states';
import { taskSettings } from './task-settings.entity.ts';
import { getTask, markOverdueNotified } from './tasks.repository.ts';

/**
 * The small messages about a delivered task (docs/device-protocol.md §5; decision 0029):
 * `task_update`, `task_closed`, `task_reminder` and `task_overdue`. They go through the tasks
 * delivery queue like the task itself (decision 0020: only the delivery function publishes), as
 * kinds without status rows: the consumer loads what they say when it publishes (an update shows
 * the task as it then stands), and a retried batch publishes again with the same envelope ids,
 * fixed per message and user, so the watch drops the repeat.
 */
export const NOTE_KINDS = ['task_update', 'task_closed', 'task_reminder', 'task_overdue'] as const satisfies readonly TaskDownlinkType[];
export type NoteKind = (typeof NOTE_KINDS)[number];

/** Queues a note to users (each once); resolves when it is on the queue. */
export async function queueNote(orgId: string, kind: NoteKind, ref: string, userIds: readonly string[]): Promise<number> {
  const recipients = [...new Set(userIds)].map((userId) => ({ userId, groupNumber: 0 }));
  return enqueueDelivery(orgId, { module: 'tasks', kind, id: ref }, recipients);
}

/** A note's reference: the task and what the note is (a reason and the moment, an offset). */
export const noteRef = (...parts: ReadonlyArray<string | number>) => JSON.stringify(parts);

function refParts(ref: string): string[] | null {
  try {
    const parts = JSON.parse(ref) as unknown;
    return Array.isArray(parts) && parts.every((p) => typeof p === 'string' || typeof p === 'number') ? parts.map(String) : null;
  } catch {
    return null;
  }
}

function note(orgId: string, type: NoteKind, data: object, idParts: readonly string[]): DeliveryMessage {
  const sentAt = new Date();
  return {
    message: (r) => ({ topic: topics.inbox(orgId, r.userId), payload: JSON.stringify(createEnvelope(type, data, messageIdFor(type, ...idParts, r.userId), sentAt)) }),
  };
}

const titleOf = (item: TaskItem) => taskMessageData(item).title;

/** The delivery kinds of the notes, registered by the tasks delivery function (delivery.handler.ts). */
export const noteDeliveries: Record<NoteKind, DeliveryKind> = {
  /** The task as it stands when published; the id names its version (update time and content). */
  task_update: {
    async load(orgId, ref) {
      const [taskId] = refParts(ref) ?? [];
      const item = taskId ? await getTask(orgId, taskId, { consistent: true }) : null;
      if (!item) return null;
      const data = taskMessageData(item);
      return note(orgId, 'task_update', data, [item.taskId, item.updatedAt ?? '', JSON.stringify(data)]);
    },
  },
  /** Needs no read: a deleted task's row is gone by the time its withdrawal is published. */
  task_closed: {
    async load(orgId, ref) {
      const [taskId, reason, stamp] = refParts(ref) ?? [];
      if (!taskId || !(TASK_CLOSED_REASONS as readonly string[]).includes(reason ?? '')) return null;
      const data: TaskClosedData = { kind: 'task', task_id: taskId, reason: reason as TaskClosedReason };
      return note(orgId, 'task_closed', data, [taskId, reason!, stamp ?? '']);
    },
  },
  /** Dropped when the task completed or was deleted meanwhile. */
  task_reminder: {
    async load(orgId, ref) {
      const [taskId, offset] = refParts(ref) ?? [];
      const item = taskId ? await getTask(orgId, taskId, { consistent: true }) : null;
      if (!item || item.completedAt || !offset) return null;
      const data: TaskReminderData = { kind: 'task', task_id: item.taskId, title: titleOf(item), end: item.endAt };
      return note(orgId, 'task_reminder', data, [item.taskId, offset]);
    },
  },
  task_overdue: {
    async load(orgId, ref) {
      const [taskId] = refParts(ref) ?? [];
      const item = taskId ? await getTask(orgId, taskId, { consistent: true }) : null;
      if (!item) return null;
      const data: TaskOverdueData = { kind: 'task', task_id: item.taskId, title: titleOf(item), end: item.endAt };
      return note(orgId, 'task_overdue', data, [item.taskId]);
    },
  },
};

/** Completed, or declined by everyone: nobody is told it is overdue. */
export const finished = (item: TaskItem) =>
  !!item.completedAt || allDeclined({ recipientCount: item.recipientCount ?? 0, completedCount: item.completedCount ?? 0, declinedCount: item.declinedCount ?? 0 });

/**
 * The creator of a task that reached its end unfinished gets `task_overdue` on their inbox, once
 * (markOverdueNotified), unless /settings/tasks says not to. False when nobody was told.
 */
export async function noteOverdue(item: TaskItem, now: Date): Promise<boolean> {
  if (finished(item) || item.overdueNotifiedAt) return false;
  if (!(await taskSettings.read(item.orgId)).notify_creator_when_overdue) return false;
  if (!(await markOverdueNotified(item.orgId, item.taskId, now.toISOString()))) return false;
  await queueNote(item.orgId, 'task_overdue', noteRef(item.taskId), [item.createdBy]);
  return true;
}
