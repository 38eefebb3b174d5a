import { Entity, type EntityItem } from 'electrodb';
import { SCREEN_STATUSES } from '@portal/shared/devices/tablet-settings.schema';
import { entityConfig } from '../platform/db/client.ts';
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
        pk: { field: 'pk', composite: ['orgId'], template: 'ORG#${orgId}', casing: 'none' },
        sk: { field: 'sk', composite: ['deviceId'], template: 'TABLETSETTINGS#${deviceId}', casing: 'none' },
      },
      byTemplate: {
        index: 'gsi1',
        condition: (item) => typeof item.templateId === 'string' && item.templateId !== NO_TEMPLATE,
        pk: { field: 'gsi1pk', composite: ['orgId', 'templateId'], template: 'ORG#${orgId}#DESIGNTEMPLATE#${templateId}#TABLETS', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['deviceId'], template: 'DEVICE#${deviceId}', casing: 'none' },
      },
    },
  },
  entityConfig(),
));

export type TabletSettingsItem = EntityItem<typeof TabletSettingsEntity>;
