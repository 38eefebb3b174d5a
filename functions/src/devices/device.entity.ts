import { Entity, type EntityItem } from 'electrodb';
import { DEVICE_PROTOCOLS, DEVICE_TYPES } from '@portal/shared/constants';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A watch, phone or kiosk tablet of an organisation (docs/data-model.md, device). gsi1 lists the
 * organisation's devices by name (AP27). The credential token itself is never stored: only its
 * SHA-256, here and as the key of its LOOKUP#TOKEN row. `version` orders the writes: every write
 * of the device's transaction conditions on the version it read and increments it (AP29).
 */
export const DeviceEntity = lazy(() => new Entity(
  {
    model: { entity: 'device', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      deviceId: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', default: '' },
      /** The spec's device_id. */
      serialNumber: { type: 'string', required: true },
      type: { type: DEVICE_TYPES, required: true },
      protocol: { type: DEVICE_PROTOCOLS, required: true },
      /** MQTT client id; fixed for the device's life. */
      iotId: { type: 'string', required: true, readOnly: true },
      /** The user whose inbox the device serves. */
      userId: { type: 'string' },
      /** searchKey(name, or the serial when unnamed): the list's sort key. */
      nameKey: { type: 'string', required: true },
      tokenHash: { type: 'string', required: true },
      credentialsIssuedAt: { type: 'string', required: true },
      /** 1 at registration, +1 on every write; rows written before it existed read as 0. */
      version: { type: 'number' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'DEVICE', attr('deviceId')),
      },
      byName: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'DEVICES'),
        sk: key('gsi1sk', attr('nameKey'), attr('deviceId')),
      },
    },
  },
  entityConfig(),
));

export type DeviceItem = EntityItem<typeof DeviceEntity>;

/** A kiosk tablet: it shows a trigger group of the tablet map and has tablet settings (decision 0044). */
export const isTablet = (device: Pick<DeviceItem, 'type'>) => device.type === 'android_tablet';
