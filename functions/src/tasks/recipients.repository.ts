import type { Outcome } from '../platform/delivery/fan-out.ts';
import { deleteRowsOf, deliveryRowOf, putRows, sentUserIds, userRowOf, type RecipientRowKind, type RowRecipient } from '../platform/delivery/recipient-rows.ts';
import { readAllShards } from '../platform/delivery/shard-reads.ts';
import { shardOf } from '../platform/delivery/shards.ts';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
import { TaskRecipientEntity, type TaskRecipientItem } from './task-recipient.entity.ts';

/** A user the task is delivered to, at the first recipient group that names them. */
export type TaskRecipient = RowRecipient;

/** The kit's USER/DELIVERY rows of the task recipient entity (platform/delivery/recipient-rows.ts). */
const KIND: RecipientRowKind = { entity: 'taskRecipient', segment: 'TASK', idAttribute: 'taskId' };
const inbox = (orgId: string, userId: string) => `ORG#${orgId}#USER#${userId}#TASKS`;

/**
 * The table item of a recipient's USER row at the delivery (AP59), with the gsi1 keys of the
 * employee's own list; the unit test holds it equal to what the entity writes.
 */
export const recipientRow = (orgId: string, taskId: string, shards: number, recipient: TaskRecipient, sentAt: string): Record<string, unknown> =>
  userRowOf(KIND, orgId, taskId, shards, recipient, { gsi1pk: inbox(orgId, recipient.userId), gsi1sk: `${sentAt}#${taskId}`, sent_at: sentAt });

/** The DELIVERY row the delivery consumer writes once the user's publish settled. */
export const deliveryRow = (orgId: string, taskId: string, shards: number, recipient: TaskRecipient, outcome: Outcome) => deliveryRowOf(KIND, orgId, taskId, shards, recipient, outcome);

/** The USER rows of every recipient at the delivery (BatchWriteItem; a put replaces a row of an earlier delivery of a re-edited task). */
export async function writeRecipientRows(orgId: string, taskId: string, shards: number, recipients: readonly TaskRecipient[], sentAt: string): Promise<void> {
  await putRows(recipients.map((r) => recipientRow(orgId, taskId, shards, r, sentAt)));
}

/** AP60: every row of every shard, N Queries with at most 8 in flight. */
export async function readRecipientRows(orgId: string, taskId: string, shards: number): Promise<TaskRecipientItem[]> {
  return readAllShards(shards, async (shard) => (await TaskRecipientEntity.query.byShard({ orgId, taskId, shard }).go({ pages: 'all' })).data);
}

/** Of `userIds`, those whose DELIVERY row says Sent: a retried delivery batch skips them. */
export async function deliveredUserIds(orgId: string, taskId: string, shards: number, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  return sentUserIds((await TaskRecipientEntity.get(userIds.map((userId) => ({ orgId, taskId, shard: shardOf(userId, shards), row: 'DELIVERY' as const, userId }))).go({ attributes: ['userId', 'state'] })).data);
}

/** The reminder's audience: recipients delivered to who have neither completed nor declined. */
export async function openRecipientIds(orgId: string, taskId: string, shards: number): Promise<string[]> {
  return (await readRecipientRows(orgId, taskId, shards)).filter((row) => row.row === 'USER' && !row.completedAt && !row.declinedAt).map((row) => row.userId);
}

/** A recipient's USER row (consistent: the rule after a write reads what the write left). */
export async function getRecipientRow(orgId: string, taskId: string, shards: number, userId: string): Promise<TaskRecipientItem | null> {
  return (await TaskRecipientEntity.get({ orgId, taskId, shard: shardOf(userId, shards), row: 'USER', userId }).go({ consistent: true })).data;
}

/**
 * Removes every row of a deleted task (or of an all_declined task edited as a whole, before it is
 * delivered again); answers the rows it removed, so a failed edit can put them back.
 */
export async function deleteRecipientRows(orgId: string, taskId: string, shards: number): Promise<TaskRecipientItem[]> {
  const rows = await readRecipientRows(orgId, taskId, shards);
  await deleteRowsOf(KIND, orgId, taskId, rows);
  return rows;
}

/** Puts rows that `deleteRecipientRows` removed back as they were (their keys built by the entity). */
export async function restoreRecipientRows(rows: readonly TaskRecipientItem[]): Promise<void> {
  await putRows(rows.map((row) => TaskRecipientEntity.put(row).params<{ Item: Record<string, unknown> }>().Item));
}

/**
 * An admin's undo: the recipients' completions are cleared (their rows keep receipts and declines),
 * one UpdateItem per completed recipient, a few at a time.
 */
export async function clearCompletions(orgId: string, taskId: string, userRows: readonly TaskRecipientItem[]): Promise<void> {
  const completed = userRows.filter((row) => row.row === 'USER' && row.completedAt);
  for (let i = 0; i < completed.length; i += 8) {
    await Promise.all(
      completed.slice(i, i + 8).map((row) => TaskRecipientEntity.patch({ orgId, taskId, shard: row.shard, row: 'USER', userId: row.userId }).remove(['completedAt']).go()),
    );
  }
}

/** AP60a: the tasks delivered to a user, newest first (the employee's own list). */
export async function userTaskPage(orgId: string, userId: string, read: { limit: number; token?: string | undefined }) {
  const cursor = checkedPageToken(read.token, 'gsi1pk', inbox(orgId, userId)) ?? null;
  return withPageToken(() => TaskRecipientEntity.query.byUser({ orgId, userId }).go({ limit: read.limit, cursor, order: 'desc', attributes: ['taskId', 'sentAt'] }));
}
