import { batchWriteAll } from '../platform/delivery/batch-writer.ts';
import type { Outcome } from '../platform/delivery/fan-out.ts';
import { readAllShards } from '../platform/delivery/shard-reads.ts';
import { shardOf } from '../platform/delivery/shards.ts';
import type { ActionResponse } from '@portal/shared/actions/action.schema';
import { ActionRecipientEntity, type ActionRecipientItem } from './action-recipient.entity.ts';

/** A user asked at a step: their group and whether they can be reached at all. */
export interface AskedRecipient {
  userId: string;
  groupNumber: number;
  /** not-available: no device and no emulator connection when the step was sent. */
  response: Extract<ActionResponse, 'no-response' | 'not-available'>;
}

const ENTITY = { __edb_e__: 'actionRecipient', __edb_v__: '1' };
const partition = (orgId: string, actionId: string, shard: number) => `ORG#${orgId}#ACTION#${actionId}#S#${shard}`;

/**
 * The table item of a user's USER row as a step asks them (AP49). Built by hand like notifications'
 * delivery rows (ElectroDB's params() costs about 0.2 ms a row); the unit test holds it equal to
 * what the entity writes.
 */
export function askedRow(orgId: string, actionId: string, shards: number, recipient: AskedRecipient, sentAt: string): Record<string, unknown> {
  const shard = shardOf(recipient.userId, shards);
  return {
    pk: partition(orgId, actionId, shard),
    sk: `USER#${recipient.userId}`,
    orgId,
    actionId,
    shard,
    row: 'USER',
    userId: recipient.userId,
    group_number: recipient.groupNumber,
    response: recipient.response,
    sent_at: sentAt,
    ...ENTITY,
  };
}

/** The DELIVERY row the delivery consumer writes once the user's publish settled. */
export function deliveryRow(orgId: string, actionId: string, shards: number, recipient: { userId: string; groupNumber: number }, outcome: Outcome): Record<string, unknown> {
  const shard = shardOf(recipient.userId, shards);
  return {
    pk: partition(orgId, actionId, shard),
    sk: `DELIVERY#${recipient.userId}`,
    orgId,
    actionId,
    shard,
    row: 'DELIVERY',
    userId: recipient.userId,
    group_number: recipient.groupNumber,
    state: outcome.delivered ? 'Sent' : 'NotSent',
    ...(outcome.delivered ? { sent_at: outcome.at.toISOString() } : {}),
    ...ENTITY,
  };
}

/**
 * Writes the USER rows of the recipients of every step at the send (BatchWriteItem): each user once,
 * at the first group that names them, so a put overwrites no answer. A later group's rows wait,
 * staged, until the escalation asks it (AP49): only then do they count, and only then can an
 * answer of theirs be taken (the answer's transaction holds the action's `step` to the row's group).
 */
export async function writeAskedRows(orgId: string, actionId: string, shards: number, recipients: readonly AskedRecipient[], sentAt: string): Promise<void> {
  await batchWriteAll(recipients.map((r) => ({ PutRequest: { Item: askedRow(orgId, actionId, shards, r, sentAt) } })));
}

/** AP50: every row of every shard, N Queries with at most 8 in flight. */
export async function readRows(orgId: string, actionId: string, shards: number): Promise<ActionRecipientItem[]> {
  return readAllShards(shards, async (shard) => (await ActionRecipientEntity.query.byShard({ orgId, actionId, shard }).go({ pages: 'all' })).data);
}

/**
 * Of `userIds`, those whose DELIVERY row says Sent: a retried delivery batch skips them. A key
 * DynamoDB leaves unprocessed counts as not delivered (the device drops the repeated envelope id).
 */
export async function deliveredUserIds(orgId: string, actionId: string, shards: number, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const { data } = await ActionRecipientEntity.get(userIds.map((userId) => ({ orgId, actionId, shard: shardOf(userId, shards), row: 'DELIVERY' as const, userId }))).go({
    attributes: ['userId', 'state'],
  });
  return new Set(data.filter((row) => row.state === 'Sent').map((row) => row.userId));
}

/** Removes every row of a deleted action. */
export async function deleteRows(orgId: string, actionId: string, shards: number): Promise<void> {
  const rows = await readRows(orgId, actionId, shards);
  await batchWriteAll(rows.map((row) => ({ DeleteRequest: { Key: { pk: partition(orgId, actionId, row.shard), sk: `${row.row}#${row.userId}` } } })));
}

/** The rows of the users asked so far (groups up to `step`): a staged later group is nobody's yet. */
export async function askedRows(orgId: string, actionId: string, shards: number, step: number): Promise<ActionRecipientItem[]> {
  return (await readRows(orgId, actionId, shards)).filter((row) => (row.groupNumber ?? 0) <= step);
}

/** The users staged for group `groupNumber`, as the escalation that asks them queues their prompts. */
export async function stagedRecipients(orgId: string, actionId: string, shards: number, groupNumber: number): Promise<AskedRecipient[]> {
  return (await readRows(orgId, actionId, shards))
    .filter((row) => row.row === 'USER' && row.groupNumber === groupNumber)
    .map((row) => ({ userId: row.userId, groupNumber, response: row.response === 'not-available' ? 'not-available' : 'no-response' }));
}
