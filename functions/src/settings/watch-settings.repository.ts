import { DEFAULT_WATCH_SETTINGS, type WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { WatchSettingsEntity } from './watch-settings.entity.ts';

const copyOf = (settings: WatchSettings): WatchSettings => ({
  vibration: { ...settings.vibration },
  display_seconds: settings.display_seconds,
  quiet_hours: { ...settings.quiet_hours },
});

/** The section row, or the defaults while the organisation never saved its own (decision 0038). */
export async function readWatchSettings(orgId: string): Promise<WatchSettings> {
  const { data } = await WatchSettingsEntity.get({ orgId }).go();
  if (!data) return copyOf(DEFAULT_WATCH_SETTINGS);
  return copyOf({ vibration: data.vibration, display_seconds: data.displaySeconds, quiet_hours: data.quietHours });
}

/** The section is replaced as a whole: every field is sent on each save. */
export async function writeWatchSettings(orgId: string, settings: WatchSettings, now: Date): Promise<void> {
  await WatchSettingsEntity.put({
    orgId,
    vibration: settings.vibration,
    displaySeconds: settings.display_seconds,
    quietHours: settings.quiet_hours,
    updatedAt: now.toISOString(),
  }).go();
}
