import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { replaceSettings, type AuditActor } from '../audit/public.ts';
import { deviceSettingsChanged } from './settings-signals.ts';
import { watchSettings } from './watch-settings.entity.ts';

/**
 * Replaces `/settings/watch` (decision 0038), then every device of the organisation gets its config
 * message again (it carries them as `watch`; docs/device-protocol.md §5).
 */
export async function updateWatchSettings(orgId: string, input: WatchSettings, actor: AuditActor): Promise<WatchSettings> {
  const settings = await replaceSettings(orgId, actor, 'watch', watchSettings, input);
  await deviceSettingsChanged.emit({ orgId });
  return settings;
}
