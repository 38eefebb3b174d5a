import { createEnvelope } from '@portal/shared/devices/topics';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import type { DeliveryKind, DeliveryMessage } from '../platform/delivery/delivery-consumer.ts';
import { enqueueDelivery, enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { shardCount } from '../platform/delivery/shards.ts';
import { topics } from '../platform/delivery/topics.ts';
import { logger } from '../platform/logger.ts';
import { resolveRecipients } from '../users/public.ts';
import { taskMessageData } from './downlink.ts';
import { noteRef, queueNote } from './notes.service.ts';
import { deliveredUserIds, deliveryRow, openRecipientIds, readRecipientRows, writeRecipientRows } from './recipients.repository.ts';
import type { TaskItem } from './task.entity.ts';
import { getTask, markDelivered } from './tasks.repository.ts';

/** The kind tasks register with the delivery consumer (delivery.handler.ts). */
export const TASK_KIND = 'task';

/**
 * The envelope id of the task to one user: the same on every retry of a delivery, so the watch drops
 * repeats, and new for a new delivery (an all_declined task edited and sent again), which the watch
 * must show again.
 */
export const taskMessageIdFor = (taskId: string, deliveredAt: string, userId: string) => messageIdFor(TASK_KIND, taskId, deliveredAt, userId);

/**
 * The start's delivery (decision 0029): the recipients are resolved now (not when it was
 * scheduled), their USER rows written, the task marked delivered with its counts and shards (once:
 * a second delivery finds it set and does nothing), then the recipients are queued for the delivery
 * consumer, which publishes the `task` envelope and writes each DELIVERY row (decision 0020).
 */
export async function deliverTask(item: TaskItem, now: Date): Promise<TaskItem> {
  if (item.deliveredAt) return item;
  const resolved = await resolveRecipients(item.orgId, item.recipientGroups as RecipientGroup[], { at: now });
  const recipients = resolved.recipients;
  const shards = shardCount(recipients.length);
  const deliveredAt = now.toISOString();
  // Rows first: a watch may complete the moment its message arrives, and its row must be there.
  await writeRecipientRows(item.orgId, item.taskId, shards, recipients, deliveredAt);
  const delivered = { deliveredAt, recipientCount: recipients.length, recipientShards: shards };
  if (!(await markDelivered(item.orgId, item.taskId, delivered))) {
    logger.info('Task already delivered', { id: item.taskId });
    return (await getTask(item.orgId, item.taskId, { consistent: true })) ?? item;
  }
  await enqueueDelivery(item.orgId, { module: 'tasks', kind: TASK_KIND, id: item.taskId }, recipients);
  return { ...item, ...delivered, completedCount: 0, declinedCount: 0 };
}

/**
 * The start of a one-off task whose moment passed while the API wrote it (the scheduler refuses a
 * moment in the past), as a job on the tasks queue that the delivery function runs as the start's
 * firing would (`fireStart`): the API's answer never waits on writing every recipient's row
 * (reliability.md Open 12: some 8 s a write on DynamoDB Local after a restart, past the 30 s).
 */
export const START_JOB = 'task.start';

export interface StartRequest {
  taskId: string;
  /** The start the task was stored with: a job for a start an edit moved since is stale. */
  startAt: string;
}

/** Queues the delivery of a stored task's start; resolves once queued. */
export async function queueStart(orgId: string, taskId: string, startAt: string): Promise<void> {
  await enqueueJob(orgId, 'tasks', START_JOB, { taskId, startAt } satisfies StartRequest);
}

/** The job's payload as queueStart wrote it; throws on anything else (the record fails and is dead-lettered). */
export function startRequest(payload: unknown): StartRequest {
  const p = (payload ?? {}) as Partial<Record<keyof StartRequest, unknown>>;
  if (typeof p.taskId !== 'string' || !p.taskId || typeof p.startAt !== 'string' || Number.isNaN(Date.parse(p.startAt))) throw new Error('Not a task.start job payload');
  return { taskId: p.taskId, startAt: p.startAt };
}

/**
 * Finishes a start's delivery that broke off after the task was marked delivered (its queueing
 * failed, and the firing is retried): the recipients whose DELIVERY row does not say Sent are
 * queued again, with the same envelope ids (a watch that has the task drops the repeat). Nothing
 * for a completed task, or when every row says Sent.
 */
export async function resumeDelivery(item: TaskItem): Promise<number> {
  if (!item.deliveredAt || !item.recipientShards || item.completedAt) return 0;
  const rows = (await readRecipientRows(item.orgId, item.taskId, item.recipientShards)).filter((row) => row.row === 'USER');
  const sent = await deliveredUserIds(item.orgId, item.taskId, item.recipientShards, rows.map((row) => row.userId));
  const pending = rows.filter((row) => !sent.has(row.userId)).map((row) => ({ userId: row.userId, groupNumber: row.groupNumber ?? 0 }));
  if (pending.length) await enqueueDelivery(item.orgId, { module: 'tasks', kind: TASK_KIND, id: item.taskId }, pending);
  return pending.length;
}

/** A delivered task as the delivery consumer publishes and records it. */
export function taskMessage(item: TaskItem): DeliveryMessage {
  const sentAt = new Date(item.deliveredAt!);
  const data = taskMessageData(item);
  const shards = item.recipientShards!;
  return {
    message: (r) => ({ topic: topics.inbox(item.orgId, r.userId), payload: JSON.stringify(createEnvelope('task', data, taskMessageIdFor(item.taskId, item.deliveredAt!, r.userId), sentAt)) }),
    statusRow: (r, outcome) => deliveryRow(item.orgId, item.taskId, shards, r, outcome),
    delivered: (recipients) => deliveredUserIds(item.orgId, item.taskId, shards, recipients.map((r) => r.userId)),
  };
}

/**
 * Loads a task for the consumer. One deleted meanwhile, put back undelivered (a failed edit), or
 * already completed before its batch came is not published: no watch should buzz for what is done.
 */
export const taskDelivery: DeliveryKind = {
  async load(orgId, taskId) {
    const item = await getTask(orgId, taskId, { consistent: true });
    if (!item?.deliveredAt || !item.recipientShards || item.completedAt) return null;
    return taskMessage(item);
  },
};

export type TaskChange = 'updated' | 'completed' | 'all_declined' | 'deleted';

/**
 * Tells the open watches about a change (decision 0029): `task_update` with the task as it stands
 * when published (content, shared checklist ticks, completed or not), or `task_closed` with the
 * reason, to the recipients the task was delivered to who have neither completed nor declined.
 * Nothing before the delivery. Queued on the tasks delivery queue (notes.service.ts). Call it
 * before a deleted task's recipient rows are removed.
 */
export async function notifyTaskChanged(item: TaskItem, change: TaskChange, now = new Date()): Promise<void> {
  if (!item.deliveredAt || !item.recipientShards) return;
  const audience = await openRecipientIds(item.orgId, item.taskId, item.recipientShards);
  if (!audience.length) return;
  if (change === 'updated') {
    await queueNote(item.orgId, 'task_update', noteRef(item.taskId), audience);
    return;
  }
  // The moment names this closing: completed, undone and completed again is a new message.
  await queueNote(item.orgId, 'task_closed', noteRef(item.taskId, change, item.completedAt ?? item.updatedAt ?? now.toISOString()), audience);
}
