import { Entity, type EntityItem } from 'electrodb';
import { DEFAULT_AUTOMATION_SETTINGS } from '@portal/shared/automation/automation.schema';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';
import { settingsSection } from '../platform/db/settings-section.ts';

/**
 * The organisation's automation defaults (docs/data-model.md §3.1 and §3.9, the `SETTINGS#automation`
 * section row): the throttle a new trigger starts with (spec 001 §9). The trigger-menu fields of
 * `/settings/automation` live in general settings (settings/public.ts). A missing row reads as the
 * defaults (`throttleDefaults` below).
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

/** The throttle a new trigger starts with (spec 001 §9). */
export type ThrottleDefaults = {
  throttle_enabled: boolean;
  throttle_threshold: number;
};

/** AP5 and AP7: the section row, or the defaults; the service saves it with the trigger menus (automation-settings.service.ts). */
export const throttleDefaults = settingsSection<ThrottleDefaults, AutomationSettingsItem>(AutomationSettingsEntity, {
  defaults: () => ({ throttle_enabled: DEFAULT_AUTOMATION_SETTINGS.throttle_enabled, throttle_threshold: DEFAULT_AUTOMATION_SETTINGS.throttle_threshold }),
  fromRow: (row) => ({ throttle_enabled: row.throttleEnabled, throttle_threshold: row.throttleThreshold }),
  toRow: (defaults) => ({ throttleEnabled: defaults.throttle_enabled, throttleThreshold: defaults.throttle_threshold }),
});
