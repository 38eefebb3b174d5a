import type { Outcome } from '../platform/delivery/fan-out.ts';
import { deleteRowsOf, deliveryRowOf, putRows, sentUserIds, userRowOf, type RecipientRowKind } from '../platform/delivery/recipient-rows.ts';
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

/** The kit's USER/DELIVERY rows of the action recipient entity (platform/delivery/recipient-rows.ts). */
const KIND: RecipientRowKind = { entity: 'actionRecipient', segment: 'ACTION', idAttribute: 'actionId' };

/**
 * The table item of a user's USER row as a step asks them (AP49), built by the kit like the
 * delivery rows; the unit test holds it equal to what the entity writes.
 */
export const askedRow = (orgId: string, actionId: string, shards: number, recipient: AskedRecipient, sentAt: string): Record<string, unknown> =>
  userRowOf(KIND, orgId, actionId, shards, recipient, { response: recipient.response, sent_at: sentAt });

/** The DELIVERY row the delivery consumer writes once the user's publish settled. */
export const deliveryRow = (orgId: string, actionId: string, shards: number, recipient: { userId: string; groupNumber: number }, outcome: Outcome): Record<string, unknown> =>
  deliveryRowOf(KIND, orgId, actionId, shards, recipient, outcome);

/**
 * Writes the USER rows of the recipients of every step at the send (BatchWriteItem): each user once,
 * at the first group that names them, so a put overwrites no answer. A later group's rows wait,
 * staged, until the escalation asks it (AP49): only then do they count, and only then can an
 * answer of theirs be taken (the answer's transaction holds the action's `step` to the row's group).
 */
export async function writeAskedRows(orgId: string, actionId: string, shards: number, recipients: readonly AskedRecipient[], sentAt: string): Promise<void> {
  await putRows(recipients.map((r) => askedRow(orgId, actionId, shards, r, sentAt)));
}

/** AP50: every row of every shard, N Queries with at most 8 in flight. */
export async function readRows(orgId: string, actionId: string, shards: number): Promise<ActionRecipientItem[]> {
  return readAllShards(shards, async (shard) => (await ActionRecipientEntity.query.byShard({ orgId, actionId, shard }).go({ pages: 'all' })).data);
}

/** Of `userIds`, those whose DELIVERY row says Sent: a retried delivery batch skips them. */
export async function deliveredUserIds(orgId: string, actionId: string, shards: number, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  return sentUserIds((await ActionRecipientEntity.get(userIds.map((userId) => ({ orgId, actionId, shard: shardOf(userId, shards), row: 'DELIVERY' as const, userId }))).go({ attributes: ['userId', 'state'] })).data);
}

/** Removes every row of a deleted action. */
export async function deleteRows(orgId: string, actionId: string, shards: number): Promise<void> {
  await deleteRowsOf(KIND, orgId, actionId, await readRows(orgId, actionId, shards));
}

/** The rows of the users asked so far (groups up to `step`): a staged later group is nobody's yet. */
export async function askedRows(orgId: string, actionId: string, shards: number, step: number): Promise<ActionRecipientItem[]> {
  return (await readRows(orgId, actionId, shards)).filter((row) => (row.groupNumber ?? 0) <= step);
}

/** Every USER row of every group: the escalation reads them once for who is asked, staged, or new. */
export async function userRows(orgId: string, actionId: string, shards: number): Promise<ActionRecipientItem[]> {
  return (await readRows(orgId, actionId, shards)).filter((row) => row.row === 'USER');
}

/** Of the USER rows, the users staged for group `groupNumber`, as the escalation that asks them queues their prompts. */
export function stagedOf(rows: readonly ActionRecipientItem[], groupNumber: number): AskedRecipient[] {
  return rows
    .filter((row) => row.row === 'USER' && row.groupNumber === groupNumber)
    .map((row) => ({ userId: row.userId, groupNumber, response: row.response === 'not-available' ? 'not-available' : 'no-response' }));
}
