import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplateDto, NotificationTemplateInput, NotificationTemplatePage } from '@portal/shared/notifications/notification.schema';
import { api } from '../../../lib/api.ts';

export const templatesKey = (orgId: string) => ['notification-templates', orgId] as const;


/** GET notification-templates?term&filterBy=all&sortBy=created&isAscending&token (spec 001 §7). */
export function templateSearchQueryOptions(orgId: string, term: string, isAscending: boolean) {
  return infiniteQueryOptions({
    queryKey: [...templatesKey(orgId), 'search', term, isAscending],
    queryFn: ({ pageParam, signal }) =>
      api.request<NotificationTemplatePage>('notifications', 'listNotificationTemplates', {
        params: { orgId },
        query: { term: term || undefined, filterBy: 'all', sortBy: 'created', isAscending: String(isAscending), token: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    // The answer's next_token goes back as `token`.
    getNextPageParam: (page) => page.next_token || undefined,
  });
}

export function templateQueryOptions(orgId: string, templateId: string) {
  return queryOptions({
    queryKey: [...templatesKey(orgId), 'detail', templateId],
    queryFn: ({ signal }) => api.request<NotificationTemplateDto>('notifications', 'getNotificationTemplate', { params: { orgId, templateId }, signal }),
  });
}

/** Create (also copy and "Save as template") or edit a template. */
export function useSaveTemplate(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId?: string; body: NotificationTemplateInput }) =>
      templateId
        ? api.request<NotificationTemplateDto>('notifications', 'updateNotificationTemplate', { params: { orgId, templateId }, body })
        : api.request<NotificationTemplateDto>('notifications', 'createNotificationTemplate', { params: { orgId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: templatesKey(orgId) }),
  });
}

export function useDeleteTemplate(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => api.request<void>('notifications', 'deleteNotificationTemplate', { params: { orgId, templateId } }),
    onSuccess: (_, templateId) => {
      client.removeQueries({ queryKey: [...templatesKey(orgId), 'detail', templateId] });
      return client.invalidateQueries({ queryKey: [...templatesKey(orgId), 'search'] });
    },
  });
}
