import { batchWriteAll } from './batch-writer.ts';
import type { Outcome } from './fan-out.ts';
import { shardOf } from './shards.ts';

/**
 * The per-recipient rows of a message that asks something of its recipients (an action, a task):
 * under `ORG#{orgId}#{SEGMENT}#{id}#S#{shard}` (docs/data-model.md §5), a `USER#{userId}` row the
 * module's course writes on (the answer, the completion) and a `DELIVERY#{userId}` row the delivery
 * consumer writes once the publish settled, so neither overwrites the other whatever comes first.
 *
 * Rows are built by hand, not through ElectroDB's params() (about 0.2 ms a row, thousands per
 * send); each module's unit test holds them equal to what its entity writes. The kind names the
 * module's entity, its key segment and its id attribute; the module keeps its own fields.
 */
export interface RecipientRowKind {
  /** The ElectroDB entity name (`__edb_e__`) of the module's recipient entity. */
  entity: string;
  /** The partition's segment before the id, e.g. `ACTION`, `TASK`. */
  segment: string;
  /** The entity's id attribute, e.g. `actionId`, `taskId`. */
  idAttribute: string;
}

/** A user the message goes to, at the first recipient group that names them. */
export interface RowRecipient {
  userId: string;
  groupNumber: number;
}

const partitionOf = (kind: RecipientRowKind, orgId: string, id: string, shard: number) => `ORG#${orgId}#${kind.segment}#${id}#S#${shard}`;

function rowOf(kind: RecipientRowKind, orgId: string, id: string, shards: number, which: 'USER' | 'DELIVERY', recipient: RowRecipient): Record<string, unknown> {
  const shard = shardOf(recipient.userId, shards);
  return {
    pk: partitionOf(kind, orgId, id, shard),
    sk: `${which}#${recipient.userId}`,
    orgId,
    [kind.idAttribute]: id,
    shard,
    row: which,
    userId: recipient.userId,
    group_number: recipient.groupNumber,
    __edb_e__: kind.entity,
    __edb_v__: '1',
  };
}

// Separate functions, not one object of them: a bundle keeps only what its module calls (an uplink
// function that never writes rows carries no BatchWriteItem; test/infra/least-privilege.test.ts).

/** A USER row with the module's own stored fields (e.g. `response`, `sent_at`, gsi1 keys). */
export const userRowOf = (kind: RecipientRowKind, orgId: string, id: string, shards: number, recipient: RowRecipient, fields: Record<string, unknown>) => ({
  ...rowOf(kind, orgId, id, shards, 'USER', recipient),
  ...fields,
});

/** The DELIVERY row the delivery consumer writes: Sent with its time, or NotSent. */
export const deliveryRowOf = (kind: RecipientRowKind, orgId: string, id: string, shards: number, recipient: RowRecipient, outcome: Outcome): Record<string, unknown> => ({
  ...rowOf(kind, orgId, id, shards, 'DELIVERY', recipient),
  state: outcome.delivered ? 'Sent' : 'NotSent',
  ...(outcome.delivered ? { sent_at: outcome.at.toISOString() } : {}),
});

/** Puts rows (BatchWriteItem, platform/delivery/batch-writer.ts). */
export const putRows = (rows: ReadonlyArray<Record<string, unknown>>) => batchWriteAll(rows.map((item) => ({ PutRequest: { Item: item } })));

/**
 * Of the DELIVERY rows read back, the users whose row says Sent: a retried delivery batch skips
 * them. A key DynamoDB leaves unprocessed counts as not delivered (the device drops the repeated envelope id).
 */
export const sentUserIds = (rows: ReadonlyArray<{ userId: string; state?: string | undefined }>) => new Set(rows.filter((r) => r.state === 'Sent').map((r) => r.userId));

/** Deletes the rows read back (a deleted message, a re-sent one). */
export const deleteRowsOf = (kind: RecipientRowKind, orgId: string, id: string, rows: ReadonlyArray<{ shard: number; row: string; userId: string }>) =>
  batchWriteAll(rows.map((r) => ({ DeleteRequest: { Key: { pk: partitionOf(kind, orgId, id, r.shard), sk: `${r.row}#${r.userId}` } } })));
