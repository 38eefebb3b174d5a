import { queryOptions } from '@tanstack/react-query';
import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import type { WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { api } from '../lib/api.ts';

/** GET /api/organizations/{orgId}/watch-config: the caller's trigger menu and the organisation's watch settings. */
export interface WatchConfig {
  trigger_menu: TriggerMenu | null;
  watch: WatchSettings;
}

/**
 * Read again every minute while the watch is open, and when the page comes back into view after a
 * minute: a manager may have changed the menu or the settings meanwhile, and the emulator has no
 * config topic to be told.
 */
export function watchConfigQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['watch-config', orgId],
    queryFn: ({ signal }) => api.request<WatchConfig>('automation', 'getWatchConfig', { params: { orgId }, signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
