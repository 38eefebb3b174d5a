import { Entity, type EntityItem } from 'electrodb';
import { SCREEN_STATUSES } from '@portal/shared/devices/tablet-settings.schema';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/** No template is stored as '' (a key composite must be present); the row then stays out of gsi1. */
export const NO_TEMPLATE = '';

/**
 * A tablet's settings (docs/data-model.md, AP33–AP35). gsi1 lists the tablets that use a design
 * template, so editing or deleting the template reaches them; the row is in gsi1 only while a
 * template is set.
 */
export const TabletSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'tabletSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      deviceId: { type: 'string', required: true, readOnly: true },
      templateId: { type: 'string', required: true },
      power_settings: {
        type: 'map',
        required: true,
        properties: {
          show_screen_status: { type: SCREEN_STATUSES, required: true },
          // Weekday -> four numbers; validated by the shared schema before it is stored.
          show_screen_schedule: { type: 'any', required: true },
        },
      },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byDevice: {
        pk: orgKey('pk'),
        sk: key('sk', 'TABLETSETTINGS', attr('deviceId')),
      },
      byTemplate: {
        index: 'gsi1',
        condition: (item) => typeof item.templateId === 'string' && item.templateId !== NO_TEMPLATE,
        pk: orgKey('gsi1pk', 'DESIGNTEMPLATE', attr('templateId'), 'TABLETS'),
        sk: key('gsi1sk', 'DEVICE', attr('deviceId')),
      },
    },
  },
  entityConfig(),
));

export type TabletSettingsItem = EntityItem<typeof TabletSettingsEntity>;
