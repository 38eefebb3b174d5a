import { Entity, type EntityItem } from 'electrodb';
import { ACTION_RESPONSES } from '@portal/shared/actions/action-states';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * Per-recipient rows of an action, sharded as notifications' are (docs/data-model.md §3.5 and §5):
 * the partition is `ORG#{orgId}#ACTION#{id}#S#{shard}`, shard = fnv1a32(userId) mod
 * recipient_shards (fixed at the send). Two rows per user asked, so the delivery never overwrites an
 * answer whatever arrives first:
 * - `USER#{userId}`: written when the user's step is sent (response no-response, or not-available
 *   without a device or emulator connection); the answer path changes `response` and `answeredAt`.
 * - `DELIVERY#{userId}`: written by the delivery consumer once the publish settled (Sent or
 *   NotSent). A NotSent row makes an unanswered user not-available in the status.
 * A user in several groups is asked once, at the first group that names them (`groupNumber`).
 */
export const ActionRecipientEntity = lazy(() => new Entity(
  {
    model: { entity: 'actionRecipient', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      actionId: { type: 'string', required: true, readOnly: true },
      shard: { type: 'number', required: true, readOnly: true },
      row: { type: ['USER', 'DELIVERY'] as const, required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
      /** The step (recipient group) the user was first asked in. */
      groupNumber: { type: 'number', field: 'group_number' },
      /** USER row: the answer, or no-response / not-available until one comes. */
      response: { type: ACTION_RESPONSES, field: 'response' },
      /** USER row: when their step was sent; DELIVERY row: when the publish succeeded. */
      sentAt: { type: 'string', field: 'sent_at' },
      answeredAt: { type: 'string', field: 'answered_at' },
      /** DELIVERY row: what the publish did. */
      state: { type: ['NotSent', 'Sent'] as const },
    },
    indexes: {
      byShard: {
        pk: orgKey('pk', 'ACTION', attr('actionId'), 'S', attr('shard')),
        sk: key('sk', attr('row'), attr('userId')),
      },
    },
  },
  entityConfig(),
));

export type ActionRecipientItem = EntityItem<typeof ActionRecipientEntity>;
