import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * Per-recipient rows of a task, sharded as actions' are (docs/data-model.md §3.6 and §5): the
 * partition is `ORG#{orgId}#TASK#{taskId}#S#{shard}`, shard = fnv1a32(userId) mod recipient_shards
 * (fixed at the delivery). Two rows per recipient, so the delivery consumer never overwrites a
 * completion, decline or receipt whatever arrives first:
 * - `USER#{userId}`: written when the task is delivered at its start (`groupNumber`, `sentAt`); the
 *   receipts and the user's completion or decline set their times on it (each once).
 * - `DELIVERY#{userId}`: the delivery consumer's outcome of the publish (Sent or NotSent).
 *
 * The USER row alone also carries gsi1 keys `ORG#{orgId}#USER#{userId}#TASKS` / `{sentAt}#{taskId}`:
 * the employees' own view (AP60a, decision 0028), the tasks delivered to them newest first, without
 * a row more per recipient. It is the one per-recipient row with index keys (§1.8): one index write
 * per recipient at delivery, and one per change of the row (a handful per task and user).
 */
export const TaskRecipientEntity = lazy(() => new Entity(
  {
    model: { entity: 'taskRecipient', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      taskId: { type: 'string', required: true, readOnly: true },
      shard: { type: 'number', required: true, readOnly: true },
      row: { type: ['USER', 'DELIVERY'] as const, required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
      /** The first recipient group that named the user. */
      groupNumber: { type: 'number', field: 'group_number' },
      /** USER row: when the task was delivered to them; DELIVERY row: when the publish succeeded. */
      sentAt: { type: 'string', field: 'sent_at', readOnly: true },
      receivedAt: { type: 'string', field: 'received_at' },
      readAt: { type: 'string', field: 'read_at' },
      completedAt: { type: 'string', field: 'completed_at' },
      declinedAt: { type: 'string', field: 'declined_at' },
      /** DELIVERY row: what the publish did. */
      state: { type: ['NotSent', 'Sent'] as const },
    },
    indexes: {
      byShard: {
        pk: orgKey('pk', 'TASK', attr('taskId'), 'S', attr('shard')),
        sk: key('sk', attr('row'), attr('userId')),
      },
      byUser: {
        index: 'gsi1',
        // Only the USER row is listed; the DELIVERY row carries no index keys.
        condition: (row) => row.row === 'USER',
        pk: orgKey('gsi1pk', 'USER', attr('userId'), 'TASKS'),
        sk: key('gsi1sk', attr('sentAt'), attr('taskId')),
      },
    },
  },
  entityConfig(),
));

export type TaskRecipientItem = EntityItem<typeof TaskRecipientEntity>;
