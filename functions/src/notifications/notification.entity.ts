import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A notification (docs/data-model.md §3.4): a sent or scheduled message, a recurring root or one of
 * its children. gsi1 lists it under SENT (newest first) or SCHEDULED (soonest first) by `listAt`;
 * a root whose series has ended drops its gsi1 keys. Nested spec objects are stored as they are.
 */
export const NotificationEntity = lazy(() => new Entity(
  {
    model: { entity: 'notification', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      notificationId: { type: 'string', required: true, readOnly: true },
      listState: { type: ['SENT', 'SCHEDULED'] as const },
      /** Sent: when it was sent; scheduled: its send time; a root: its next occurrence. ISO-8601 UTC. */
      listAt: { type: 'string' },
      content: { type: 'any', required: true },
      recipientGroups: { type: 'any', required: true, field: 'recipient_groups' },
      config: { type: 'any', required: true },
      meta: { type: 'any', required: true },
      itemType: { type: 'string', field: 'item_type' },
      createdBy: { type: 'string', required: true, field: 'created_by' },
      createdAt: { type: 'string', required: true, field: 'created_at' },
      /** When it was or will be sent (ISO-8601 UTC); a root's next occurrence. */
      sendAt: { type: 'string', field: 'send_at' },
      sentAt: { type: 'string', field: 'sent_at' },
      /** Set once every recipient's publish settled: a retried firing re-sends only while it is missing. */
      deliveredAt: { type: 'string', field: 'delivered_at' },
      recipientCount: { type: 'number', field: 'recipient_count' },
      /** N of the recipient rows' shards: fixed when sent, read by receipts. */
      recipientShards: { type: 'number', field: 'recipient_shards' },
      /** A root's series runs in this zone (the organisation's when it was created). */
      timeZone: { type: 'string', field: 'time_zone' },
      /** The schedule (scheduler port name) of a scheduled notification or a root. */
      scheduleName: { type: 'string', field: 'schedule_id' },
      updatedAt: { type: 'string', field: 'updated_at' },
      /**
       * A sent one: until when its report fact's next fold is claimed (report-fold.ts): a read that
       * finds this in the future leaves the fold already queued to count it.
       */
      foldDueAt: { type: 'string', field: 'fold_due_at' },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'NOTIF', attr('notificationId')),
      },
      byList: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'NOTIFS', attr('listState')),
        sk: key('gsi1sk', attr('listAt'), attr('notificationId')),
      },
    },
  },
  entityConfig(),
));

export type NotificationItem = EntityItem<typeof NotificationEntity>;
