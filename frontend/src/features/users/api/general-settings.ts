import { queryOptions } from '@tanstack/react-query';
import type { GeneralSettingsResponse } from '@portal/shared/settings/general-settings.schema';
import { api } from '../../../lib/api.ts';

/** GET settings/general (read here for the trigger-menu rules); same cache key as the settings pages. */
export function generalSettingsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ['settings', orgId, 'general'],
    queryFn: ({ signal }) => api.request<GeneralSettingsResponse>('settings', 'getGeneralSettings', { params: { orgId }, signal }),
  });
}
