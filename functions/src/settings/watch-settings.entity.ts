import { Entity, type EntityItem } from 'electrodb';
import { VIBRATION_PATTERNS } from '@portal/shared/settings/watch-settings.schema';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

const vibration = { type: VIBRATION_PATTERNS, required: true } as const;

/**
 * The organisation's watch settings (docs/data-model.md, the `SETTINGS#watch` section row; decision
 * 0038): vibration per message kind, how long a message stays on screen, and quiet hours. A missing
 * row reads as the defaults (watch-settings.repository.ts).
 */
export const WatchSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'watchSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      vibration: { type: 'map', required: true, properties: { notification: vibration, action: vibration, task: vibration } },
      displaySeconds: { type: 'number', required: true, field: 'display_seconds' },
      /** `HH:mm` in the organisation's time zone; a start after the end spans midnight. */
      quietHours: {
        type: 'map',
        required: true,
        field: 'quiet_hours',
        properties: { enabled: { type: 'boolean', required: true }, start: { type: 'string', required: true }, end: { type: 'string', required: true } },
      },
      updatedAt: { type: 'string', field: 'updated_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SETTINGS', 'watch'),
      },
    },
  },
  entityConfig(),
));

export type WatchSettingsItem = EntityItem<typeof WatchSettingsEntity>;
