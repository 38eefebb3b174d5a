import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { settingsResource } from '../../../lib/resource-api.ts';

/**
 * GET settings/watch (managers): the defaults until the organisation saves its own; PUT: the server
 * republishes every device's config. Only this page reads them; watches get them in their config
 * message (decision 0038).
 */
const watchSettings = settingsResource<WatchSettings>()({
  module: 'settings',
  key: (orgId) => ['settings', orgId, 'watch'] as const,
  get: 'getWatchSettings',
  update: 'updateWatchSettings',
  staleTime: 60_000,
});

export const watchSettingsQueryOptions = watchSettings.settingsQueryOptions;
export const useWatchSettings = watchSettings.useSettings;
export const useSaveWatchSettings = watchSettings.useSave;
