import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * Per-recipient rows of a sent notification, sharded (docs/data-model.md §5): the partition is
 * `ORG#{orgId}#NOTIF#{id}#S#{shard}`, shard = fnv1a32(userId) mod recipient_shards. Two rows per
 * user, so the delivery and the receipts never overwrite each other whatever arrives first:
 * - `USER#{userId}`: written by the fan-out once the publish settled (state Sent or NotSent);
 * - `RECEIPT#{userId}`: received_at / read_at, written by the uplink (first time wins).
 * No gsi1 keys: a send to thousands costs no index writes.
 */
export const NotificationRecipientEntity = lazy(() => new Entity(
  {
    model: { entity: 'notificationRecipient', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      notificationId: { type: 'string', required: true, readOnly: true },
      shard: { type: 'number', required: true, readOnly: true },
      row: { type: ['USER', 'RECEIPT'] as const, required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
      groupNumber: { type: 'number', field: 'group_number' },
      state: { type: ['NotSent', 'Sent'] as const },
      sentAt: { type: 'string', field: 'sent_at' },
      receivedAt: { type: 'string', field: 'received_at' },
      readAt: { type: 'string', field: 'read_at' },
    },
    indexes: {
      byShard: {
        pk: orgKey('pk', 'NOTIF', attr('notificationId'), 'S', attr('shard')),
        sk: key('sk', attr('row'), attr('userId')),
      },
    },
  },
  entityConfig(),
));

export type NotificationRecipientItem = EntityItem<typeof NotificationRecipientEntity>;
