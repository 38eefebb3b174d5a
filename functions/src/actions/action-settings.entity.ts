import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * The organisation's actions settings (docs/data-model.md §3.1, the `SETTINGS#actions` section row):
 * the time-out options the action form offers and its default. A missing row reads as the defaults
 * (action-settings.repository.ts).
 */
export const ActionSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'actionSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** Seconds, in the order the form lists them. */
      forwardAfterOptions: { type: 'list', items: { type: 'number' }, required: true, field: 'forward_after_options' },
      forwardAfterDefault: { type: 'number', required: true, field: 'forward_after_default' },
      updatedAt: { type: 'string', field: 'updated_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SETTINGS', 'actions'),
      },
    },
  },
  entityConfig(),
));

export type ActionSettingsItem = EntityItem<typeof ActionSettingsEntity>;
