import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { deviceSettingsChanged } from './settings-signals.ts';
import { readWatchSettings, writeWatchSettings } from './watch-settings.repository.ts';

/** `/settings/watch` (decision 0038): the organisation's own, or the defaults. */
export const getWatchSettings = (orgId: string): Promise<WatchSettings> => readWatchSettings(orgId);

/**
 * Replaces them, then every device of the organisation gets its config message again (it carries
 * them as `watch`; docs/device-protocol.md §5). Only the fields the schema knows are stored.
 */
export async function updateWatchSettings(orgId: string, input: WatchSettings, actor: AuditActor, now = new Date()): Promise<WatchSettings> {
  const before = await readWatchSettings(orgId);
  const settings: WatchSettings = {
    vibration: { notification: input.vibration.notification, action: input.vibration.action, task: input.vibration.task },
    display_seconds: input.display_seconds,
    quiet_hours: { enabled: input.quiet_hours.enabled, start: input.quiet_hours.start, end: input.quiet_hours.end },
  };
  await writeWatchSettings(orgId, settings, now);
  await recordChange(orgId, actor, settingsChange('watch', before, settings));
  await deviceSettingsChanged.emit({ orgId });
  return settings;
}
