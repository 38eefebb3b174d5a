import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * The organisation's automation defaults (docs/data-model.md §3.1 and §3.9, the `SETTINGS#automation`
 * section row): the throttle a new trigger starts with (spec 001 §9). The trigger-menu fields of
 * `/settings/automation` live in general settings (settings/public.ts). A missing row reads as the
 * defaults (automation-settings.repository.ts).
 */
export const AutomationSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'automationSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      throttleEnabled: { type: 'boolean', required: true, field: 'throttle_enabled' },
      throttleThreshold: { type: 'number', required: true, field: 'throttle_threshold' },
      updatedAt: { type: 'string', field: 'updated_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SETTINGS', 'automation'),
      },
    },
  },
  entityConfig(),
));

export type AutomationSettingsItem = EntityItem<typeof AutomationSettingsEntity>;
