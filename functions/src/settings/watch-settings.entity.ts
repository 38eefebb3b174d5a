import { Entity, type EntityItem } from 'electrodb';
import { DEFAULT_WATCH_SETTINGS, VIBRATION_PATTERNS, type WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';
import { settingsSection } from '../platform/db/settings-section.ts';

const vibration = { type: VIBRATION_PATTERNS, required: true } as const;

/**
 * The organisation's watch settings (docs/data-model.md, the `SETTINGS#watch` section row; decision
 * 0038): vibration per message kind, how long a message stays on screen, and quiet hours. A missing
 * row reads as the defaults (`watchSettings` below).
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

/** A copy of the three groups: only the fields the schema knows, and nothing a reader changes is shared. */
const copyOf = (settings: WatchSettings): WatchSettings => ({
  vibration: { notification: settings.vibration.notification, action: settings.vibration.action, task: settings.vibration.task },
  display_seconds: settings.display_seconds,
  quiet_hours: { enabled: settings.quiet_hours.enabled, start: settings.quiet_hours.start, end: settings.quiet_hours.end },
});

/** `/settings/watch` (decision 0038): the organisation's own, or the defaults; every field is sent on each save. */
export const watchSettings = settingsSection<WatchSettings, WatchSettingsItem>(WatchSettingsEntity, {
  defaults: () => copyOf(DEFAULT_WATCH_SETTINGS),
  fromRow: (row) => copyOf({ vibration: row.vibration, display_seconds: row.displaySeconds, quiet_hours: row.quietHours }),
  toRow: (settings) => ({ vibration: settings.vibration, displaySeconds: settings.display_seconds, quietHours: settings.quiet_hours }),
  normalize: copyOf,
});
