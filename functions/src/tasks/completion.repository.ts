import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { env } from '../platform/config.ts';
import { documentClient, entityConfig } from '../platform/db/client.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { lazy } from '../platform/db/lazy.ts';
import { committed, rejectedAt, retryOnConflict } from '../platform/db/transaction.ts';
import { shardOf } from '../platform/delivery/shards.ts';
import { UplinkMessageEntity, uplinkExpiry } from '../platform/delivery/uplink-message.entity.ts';
import type { ChecklistTick } from './task-status.ts';
import { TaskRecipientEntity } from './task-recipient.entity.ts';
import { TaskEntity, type TaskItem } from './task.entity.ts';

/**
 * The writes of a task's course (docs/data-model.md §3.6 AP57–AP59, decision 0028). The task row is
 * the serialisation point: a recipient's completion or decline is ONE transaction of their USER row
 * (first answer wins), the task's counter and, from a watch, the uplink envelope's dedupe marker
 * (AP82), so a replay counts once; the completion itself is one conditional write (`completedAt`
 * set once), whoever sees the rule met first.
 */
const course = lazy(() => new Service({ task: TaskEntity, recipient: TaskRecipientEntity, uplink: UplinkMessageEntity }, entityConfig()));

/** Many watches completing one task at once conflict on its row: more attempts than the kit's default. */
const ANSWER_ATTEMPTS = 12;

/** The uplink envelope that carried an event: a repeat of it changes nothing. */
export interface UplinkMarker {
  senderKind: 'DEVICE' | 'USER';
  senderId: string;
  messageId: string;
}

export interface AnswerWrite {
  orgId: string;
  taskId: string;
  shards: number;
  userId: string;
  answer: 'completed' | 'declined';
  at: string;
  marker?: UplinkMarker | undefined;
  now: Date;
}

/** counted; duplicate (the envelope was handled); answered (the user answered before); closed (the task completed meanwhile). */
export type AnswerWriteResult = 'counted' | 'duplicate' | 'answered' | 'closed';

export async function writeAnswer(write: AnswerWrite): Promise<AnswerWriteResult> {
  const { orgId, taskId, userId, marker } = write;
  const result = await retryOnConflict(
    () =>
      course.transaction
        .write(({ task, recipient, uplink }) => [
          recipient
            .patch({ orgId, taskId, shard: shardOf(userId, write.shards), row: 'USER', userId })
            .set(write.answer === 'completed' ? { completedAt: write.at } : { declinedAt: write.at })
            .where((attr, op) => `${op.notExists(attr.completedAt)} AND ${op.notExists(attr.declinedAt)}`)
            .commit(),
          task
            .patch({ orgId, taskId })
            .add(write.answer === 'completed' ? { completedCount: 1 } : { declinedCount: 1 })
            .where((attr, op) => op.notExists(attr.completedAt))
            .commit(),
          ...(marker ? [uplink.create({ orgId, ...marker, expiresAt: uplinkExpiry(write.now) }).commit()] : []),
        ])
        .go(),
    ANSWER_ATTEMPTS,
  );
  if (marker && rejectedAt(result, 2)) return 'duplicate';
  if (rejectedAt(result, 0)) return 'answered';
  if (rejectedAt(result, 1)) return 'closed';
  committed(result);
  return 'counted';
}

/** received / read of a recipient's row (first time wins; read implies received); false when they are no recipient. */
export async function writeReceipt(orgId: string, taskId: string, shards: number, userId: string, event: 'received' | 'read', at: string, marker: UplinkMarker | undefined, now: Date): Promise<'written' | 'duplicate' | 'not_recipient'> {
  const key = { orgId, taskId, shard: shardOf(userId, shards), row: 'USER' as const, userId };
  const result = await retryOnConflict(() =>
    course.transaction
      .write(({ recipient, uplink }) => [
        recipient
          .patch(key)
          .data((attr, op) => {
            op.ifNotExists(attr.receivedAt, at);
            if (event === 'read') op.ifNotExists(attr.readAt, at);
          })
          .commit(),
        ...(marker ? [uplink.create({ orgId, ...marker, expiresAt: uplinkExpiry(now) }).commit()] : []),
      ])
      .go(),
  );
  if (marker && rejectedAt(result, 1)) return 'duplicate';
  if (rejectedAt(result, 0)) return 'not_recipient';
  committed(result);
  return 'written';
}

/**
 * The task completes (AP57): `completedAt` set once, the row moves to the DONE list. `when`: the
 * recipients' rule ('one': a completion; 'all': every recipient), checked by DynamoDB on the
 * counters; 'any' (an admin, a checked checklist) needs only that it is not completed yet.
 */
export async function markCompleted(orgId: string, taskId: string, at: string, when: 'one' | 'all' | 'any', adminId?: string): Promise<TaskItem | null> {
  let item: TaskItem | null = null;
  const written = await conditionalWrite(async () => {
    const patch = TaskEntity.patch({ orgId, taskId })
      .set({ completedAt: at, listState: 'DONE', listAt: at, updatedAt: at });
    const withAdmin = adminId ? patch.append({ completedByAdmin: [adminId] }) : patch;
    item = (await withAdmin
      .where((attr, op) => {
        const open = op.notExists(attr.completedAt);
        if (when === 'one') return `${open} AND ${op.gte(attr.completedCount, 1)}`;
        if (when === 'all') return `${open} AND ${op.gt(attr.recipientCount, 0)} AND ${op.name(attr.completedCount)} >= ${op.name(attr.recipientCount)}`;
        return open;
      })
      .go({ response: 'all_new' })).data as TaskItem;
  });
  return written ? item : null;
}

/** An admin's undo (AP57): not completed again, the admins' and the recipients' completions cleared. */
export async function markUncompleted(orgId: string, taskId: string, startAt: string, now: string): Promise<TaskItem | null> {
  let item: TaskItem | null = null;
  const written = await conditionalWrite(async () => {
    item = (await TaskEntity.patch({ orgId, taskId })
      .set({ listState: 'OPEN', listAt: startAt, completedByAdmin: [], completedCount: 0, updatedAt: now })
      .remove(['completedAt'])
      .where((attr, op) => op.exists(attr.completedAt))
      .go({ response: 'all_new' })).data as TaskItem;
  });
  return written ? item : null;
}

/**
 * AP58, the checklist batch: one UpdateItem `SET checklist_state.#i = :tick …` on the task row (the
 * shared list, decision 0028), the task as it is after it. ElectroDB's `any` attribute takes no
 * nested path, so the expression is written here and the result parsed by the entity.
 */
export async function writeTicks(orgId: string, taskId: string, ticks: Record<string, ChecklistTick>, now: string): Promise<TaskItem | null> {
  const entries = Object.entries(ticks);
  const names: Record<string, string> = { '#state': 'checklist_state', '#updated': 'updated_at', '#pk': 'pk' };
  const values: Record<string, unknown> = { ':now': now };
  const sets = entries.map(([id, tick], i) => {
    names[`#i${i}`] = id;
    values[`:t${i}`] = tick;
    return `#state.#i${i} = :t${i}`;
  });
  let attributes: Record<string, unknown> | undefined;
  const written = await conditionalWrite(async () => {
    ({ Attributes: attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: { pk: `ORG#${orgId}`, sk: `TASK#${taskId}` },
        UpdateExpression: `SET ${[...sets, '#updated = :now'].join(', ')}`,
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    ));
  });
  if (!written || !attributes) return null;
  return TaskEntity.parse({ Item: attributes }).data as TaskItem;
}
