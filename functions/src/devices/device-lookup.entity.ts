import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

export const LOOKUP_KINDS = ['SERIAL', 'IOT', 'TOKEN'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/**
 * Global rows that turn what a caller holds (a serial number, an MQTT client id, a credential
 * token's SHA-256) into the device and its organisation (docs/data-model.md, AP30–AP32). The only
 * device keys that do not start with the org id; written in the device's transactions.
 */
export const DeviceLookupEntity = lazy(() => new Entity(
  {
    model: { entity: 'deviceLookup', version: '1', service: 'portal' },
    attributes: {
      kind: { type: LOOKUP_KINDS, required: true, readOnly: true },
      value: { type: 'string', required: true, readOnly: true },
      orgId: { type: 'string', required: true },
      deviceId: { type: 'string', required: true },
      iotId: { type: 'string', required: true },
      userId: { type: 'string' },
    },
    indexes: {
      byValue: {
        pk: key('pk', 'LOOKUP', attr('kind'), attr('value')),
        sk: key('sk', 'LOOKUP'),
      },
    },
  },
  entityConfig(),
));

export type DeviceLookupItem = EntityItem<typeof DeviceLookupEntity>;
