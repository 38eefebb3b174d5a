import { Service } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { lazy } from '../platform/db/lazy.ts';
import { committed, rejectedAt } from '../platform/db/transaction.ts';
import { batchWriteAll } from '../platform/delivery/batch-writer.ts';
import type { Outcome } from '../platform/delivery/fan-out.ts';
import { readAllShards } from '../platform/delivery/shard-reads.ts';
import { shardOf } from '../platform/delivery/shards.ts';
import { UplinkMessageEntity, uplinkExpiry } from '../platform/delivery/uplink-message.entity.ts';
import type { ResolvedRecipient } from '../platform/recipients/resolve-recipients.ts';
import { NotificationRecipientEntity, type NotificationRecipientItem } from './notification-recipient.entity.ts';

/** A receipt and its dedupe marker are one transaction (AP82): a repeated envelope changes nothing. */
const receipts = lazy(() => new Service({ recipient: NotificationRecipientEntity, uplink: UplinkMessageEntity }, entityConfig()));

/**
 * The table item of a recipient's delivery row (AP43), for the fan-out's batch writer. Built by
 * hand: ElectroDB's params() costs about 0.2 ms a row, which 5,000 recipients would spend on the
 * event loop that also publishes. The unit test holds it equal to what the entity writes.
 */
export function deliveryRow(orgId: string, notificationId: string, shards: number, recipient: ResolvedRecipient, outcome: Outcome): Record<string, unknown> {
  const shard = shardOf(recipient.userId, shards);
  return {
    pk: `ORG#${orgId}#NOTIF#${notificationId}#S#${shard}`,
    sk: `USER#${recipient.userId}`,
    orgId,
    notificationId,
    shard,
    row: 'USER',
    userId: recipient.userId,
    group_number: recipient.groupNumber,
    state: outcome.delivered ? 'Sent' : 'NotSent',
    ...(outcome.delivered ? { sent_at: outcome.at.toISOString() } : {}),
    __edb_e__: 'notificationRecipient',
    __edb_v__: '1',
  };
}

/**
 * AP44: every row of every shard, N Queries with at most 8 in flight. `consistent`: the report's
 * fold, which must see the rows written before it was asked for.
 */
export async function readRows(orgId: string, notificationId: string, shards: number, options: { consistent?: boolean } = {}): Promise<NotificationRecipientItem[]> {
  const consistent = options.consistent ?? false;
  return readAllShards(shards, async (shard) => (await NotificationRecipientEntity.query.byShard({ orgId, notificationId, shard }).go({ pages: 'all', consistent })).data);
}

/**
 * Of `userIds`, those whose delivery row says Sent: a retried delivery batch skips them. BatchGets
 * of 100 keys (ElectroDB chunks them); a key DynamoDB leaves unprocessed counts as not delivered,
 * so at worst that user's message is published again (same envelope id, dropped by the device).
 */
export async function deliveredUserIds(orgId: string, notificationId: string, shards: number, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const { data } = await NotificationRecipientEntity.get(userIds.map((userId) => ({ orgId, notificationId, shard: shardOf(userId, shards), row: 'USER' as const, userId }))).go({
    attributes: ['userId', 'state'],
  });
  return new Set(data.filter((row) => row.state === 'Sent').map((row) => row.userId));
}

/** Removes every row of a deleted notification. */
export async function deleteRows(orgId: string, notificationId: string, shards: number): Promise<void> {
  const rows = await readRows(orgId, notificationId, shards);
  await batchWriteAll(
    rows.map((row) => ({ DeleteRequest: { Key: { pk: `ORG#${orgId}#NOTIF#${notificationId}#S#${row.shard}`, sk: `${row.row}#${row.userId}` } } })),
  );
}

export interface Receipt {
  orgId: string;
  notificationId: string;
  shards: number;
  userId: string;
  event: 'received' | 'read';
  at: string;
  sender: { kind: 'DEVICE' | 'USER'; id: string };
  messageId: string;
}

/**
 * AP45 with AP82: the first received / read time wins (read implies received). Returns false for
 * a repeated envelope.
 */
export async function recordReceipt(receipt: Receipt, now: Date): Promise<boolean> {
  const key = { orgId: receipt.orgId, notificationId: receipt.notificationId, shard: shardOf(receipt.userId, receipt.shards), row: 'RECEIPT' as const, userId: receipt.userId };
  const times: { receivedAt: string; readAt?: string } = receipt.event === 'read' ? { receivedAt: receipt.at, readAt: receipt.at } : { receivedAt: receipt.at };
  const result = await receipts.transaction
    .write(({ recipient, uplink }) => [
      uplink
        .create({ orgId: receipt.orgId, senderKind: receipt.sender.kind, senderId: receipt.sender.id, messageId: receipt.messageId, expiresAt: uplinkExpiry(now) })
        .commit(),
      recipient
        .update(key)
        .data((attr, op) => {
          op.ifNotExists(attr.receivedAt, times.receivedAt);
          if (times.readAt) op.ifNotExists(attr.readAt, times.readAt);
        })
        .commit(),
    ])
    .go();
  // The marker (item 0) exists: this envelope was recorded before.
  if (rejectedAt(result, 0)) return false;
  committed(result);
  return true;
}
