import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * Whether a device is connected to the broker and when it was last seen (docs/data-model.md,
 * AP32a, AP32c). One row per device beside its device row, written only by presence events, so the
 * device's versioned writes (AP29) never race it. `rank` orders the events (presence-event.ts).
 */
export const DevicePresenceEntity = lazy(() => new Entity(
  {
    model: { entity: 'devicePresence', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      deviceId: { type: 'string', required: true, readOnly: true },
      connected: { type: 'boolean', required: true },
      /** The connect's or disconnect's time (ISO-8601 UTC): "last seen" while offline. */
      lastSeenAt: { type: 'string', required: true },
      rank: { type: 'number', required: true },
      disconnectReason: { type: 'string' },
    },
    indexes: {
      byDevice: {
        pk: orgKey('pk'),
        sk: key('sk', 'PRESENCE', 'DEVICE', attr('deviceId')),
      },
    },
  },
  entityConfig(),
));

export type DevicePresenceItem = EntityItem<typeof DevicePresenceEntity>;
