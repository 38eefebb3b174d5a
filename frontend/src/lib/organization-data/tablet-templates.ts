import { queryOptions } from '@tanstack/react-query';
import type { TabletTemplateSummary } from '@portal/shared/devices/tablet-template.schema';
import { api } from '../api.ts';
import { orgDataKeys } from './query-keys.ts';

/** GET tablet-templates: names only, in creation order (the settings tab's list, the tablet card's select). */
export function tabletTemplatesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...orgDataKeys.tabletTemplates(orgId), 'list'],
    queryFn: ({ signal }) => api.request<{ items: TabletTemplateSummary[] }>('devices', 'listTabletTemplates', { params: { orgId }, signal }),
  });
}
