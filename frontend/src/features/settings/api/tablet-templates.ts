import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TabletTemplateDto, TabletTemplateInput, TabletTemplateSummary } from '@portal/shared/devices/tablet-template.schema';
import { api } from '../../../lib/api.ts';

/** Shared with the devices pages (their template select), so both see one cache. */
const templatesKey = (orgId: string) => ['tablet-templates', orgId] as const;

/** GET tablet-templates: names only, in creation order. */
export function tabletTemplatesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...templatesKey(orgId), 'list'],
    queryFn: ({ signal }) => api.request<{ items: TabletTemplateSummary[] }>('devices', 'listTabletTemplates', { params: { orgId }, signal }),
  });
}

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
      void client.invalidateQueries({ queryKey: ['devices', orgId] });
      return client.invalidateQueries({ queryKey: [...templatesKey(orgId), 'list'] });
    },
  });
}
