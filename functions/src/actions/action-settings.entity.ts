import { Entity, type EntityItem } from 'electrodb';
import { AUTO_FORWARD_DEFAULT_SECONDS } from '@portal/shared/constants';
import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';
import { settingsSection } from '../platform/db/settings-section.ts';

/**
 * The organisation's actions settings (docs/data-model.md §3.1, the `SETTINGS#actions` section row):
 * the time-out options the action form offers and its default. A missing row reads as the defaults
 * (`actionSettings` below).
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

/**
 * What an organisation has until it saves its own (decision 0026): from 10 s to 10 min, default
 * 30 s (spec 000 §9's "otherwise"; the "medium" 10 s is one of the options).
 */
export const DEFAULT_ACTION_SETTINGS: ActionSettings = {
  forward_after_options: [10, 30, 60, 120, 300, 600],
  forward_after_default: AUTO_FORWARD_DEFAULT_SECONDS.other,
};

/**
 * `/settings/actions` (AP5, AP7): the options and default, or the defaults. A save keeps each
 * option once, in the order given; the schema already holds the default to one of them.
 */
export const actionSettings = settingsSection<ActionSettings, ActionSettingsItem>(ActionSettingsEntity, {
  defaults: () => ({ ...DEFAULT_ACTION_SETTINGS, forward_after_options: [...DEFAULT_ACTION_SETTINGS.forward_after_options] }),
  fromRow: (row) => ({ forward_after_options: row.forwardAfterOptions, forward_after_default: row.forwardAfterDefault }),
  toRow: (settings) => ({ forwardAfterOptions: settings.forward_after_options, forwardAfterDefault: settings.forward_after_default }),
  normalize: (input) => ({ forward_after_options: [...new Set(input.forward_after_options)], forward_after_default: input.forward_after_default }),
});
