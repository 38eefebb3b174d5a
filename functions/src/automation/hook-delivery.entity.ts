import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A webhook delivery id seen for a trigger (docs/data-model.md §3.9, decision 0039): claimed with
 * `attribute_not_exists` before the trigger fires, so a repeated delivery fires once and is answered
 * with the first firing. DynamoDB's TTL removes it after WEBHOOK_DEDUPE_HOURS (24 h).
 */
export const HookDeliveryEntity = lazy(() => new Entity(
  {
    model: { entity: 'hookDelivery', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      triggerId: { type: 'string', required: true, readOnly: true },
      deliveryId: { type: 'string', required: true, readOnly: true, field: 'delivery_id' },
      /** The firing it started: its key is `FIRING#{triggerId}#{firingAt}#{firingId}`. */
      firingId: { type: 'string', required: true, readOnly: true, field: 'firing_id' },
      firingAt: { type: 'string', required: true, readOnly: true, field: 'firing_at' },
      expiresAt: { type: 'number', required: true, field: 'expires_at' },
    },
    indexes: {
      byDelivery: {
        pk: orgKey('pk'),
        sk: key('sk', 'HOOKDELIVERY', attr('triggerId'), attr('deliveryId')),
      },
    },
  },
  entityConfig(),
));

export type HookDeliveryItem = EntityItem<typeof HookDeliveryEntity>;
