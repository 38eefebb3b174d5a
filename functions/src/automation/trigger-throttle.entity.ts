import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A trigger's throttle (docs/data-model.md §3.9, decision 0039): when it last fired. A firing claims
 * it with one conditional write (no row, or the last firing a window ago or more), so two presses at
 * once cannot both fire. DynamoDB's TTL removes it a day after the firing (a window is 60 s at most).
 */
export const TriggerThrottleEntity = lazy(() => new Entity(
  {
    model: { entity: 'triggerThrottle', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      triggerId: { type: 'string', required: true, readOnly: true },
      /** ISO-8601 UTC of the last firing. */
      lastFiredAt: { type: 'string', required: true, field: 'last_fired_at' },
      expiresAt: { type: 'number', required: true, field: 'expires_at' },
    },
    indexes: {
      byTrigger: {
        pk: orgKey('pk'),
        sk: key('sk', 'TRIGGERTHROTTLE', attr('triggerId')),
      },
    },
  },
  entityConfig(),
));

export type TriggerThrottleItem = EntityItem<typeof TriggerThrottleEntity>;
