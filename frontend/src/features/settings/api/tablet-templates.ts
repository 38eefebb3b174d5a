import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TabletTemplateDto, TabletTemplateInput } from '@portal/shared/devices/tablet-template.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/** Shared with the devices pages (their template select), so both see one cache. */
const templatesKey = orgDataKeys.tabletTemplates;

/** GET tablet-templates/{id}: with its design_settings. */
export function tabletTemplateQueryOptions(orgId: string, templateId: string) {
  return queryOptions({
    queryKey: [...templatesKey(orgId), 'detail', templateId],
    queryFn: ({ signal }) => api.request<TabletTemplateDto>('devices', 'getTabletTemplate', { params: { orgId, templateId }, signal }),
  });
}

export function useSaveTabletTemplate(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId?: string; body: TabletTemplateInput }) =>
      templateId
        ? api.request<TabletTemplateDto>('devices', 'updateTabletTemplate', { params: { orgId, templateId }, body })
        : api.request<TabletTemplateDto>('devices', 'createTabletTemplate', { params: { orgId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: templatesKey(orgId) }),
  });
}

export function useDeleteTabletTemplate(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => api.request<void>('devices', 'deleteTabletTemplate', { params: { orgId, templateId } }),
    onSuccess: (_, templateId) => {
      client.removeQueries({ queryKey: [...templatesKey(orgId), 'detail', templateId] });
      // Tablets using it fall back to no template.
      void client.invalidateQueries({ queryKey: orgDataKeys.devices(orgId) });
      return client.invalidateQueries({ queryKey: [...templatesKey(orgId), 'list'] });
    },
  });
}
