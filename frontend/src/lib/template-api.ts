import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandlerName, ModuleName } from '@portal/shared/api/route-table';
import { api } from './api.ts';
import type { RequestOptions } from './api-client.ts';

/** A module's template routes (the kit's template mechanism: notifications, actions, tasks). */
export interface TemplateRoutes<M extends ModuleName> {
  module: M;
  /** The first part of every query key of these templates. */
  key: string;
  list: HandlerName<M>;
  get: HandlerName<M>;
  create: HandlerName<M>;
  update: HandlerName<M>;
  remove: HandlerName<M>;
}

/**
 * The template routes of the three modules that have templates, named once: each feature's
 * `api/templates.ts` and the automation workflow's template pickers (decision 0041) read them.
 */
export const TEMPLATE_ROUTES = {
  notifications: {
    module: 'notifications',
    key: 'notification-templates',
    list: 'listNotificationTemplates',
    get: 'getNotificationTemplate',
    create: 'createNotificationTemplate',
    update: 'updateNotificationTemplate',
    remove: 'deleteNotificationTemplate',
  },
  actions: {
    module: 'actions',
    key: 'action-templates',
    list: 'listActionTemplates',
    get: 'getActionTemplate',
    create: 'createActionTemplate',
    update: 'updateActionTemplate',
    remove: 'deleteActionTemplate',
  },
  tasks: {
    module: 'tasks',
    key: 'task-templates',
    list: 'listTaskTemplates',
    get: 'getTaskTemplate',
    create: 'createTaskTemplate',
    update: 'updateTaskTemplate',
    remove: 'deleteTaskTemplate',
  },
} as const satisfies { [M in 'notifications' | 'actions' | 'tasks']: TemplateRoutes<M> };

interface Page<T> {
  items: T[];
  next_token?: string;
}

/**
 * The queries and mutations of a module's templates: the search of spec 001 §7 (term, filterBy all,
 * sortBy created, isAscending, token paging), one template, save (create or edit) and delete.
 */
export function templateApi<M extends ModuleName, Dto extends { id: string }, Input>(routes: TemplateRoutes<M>) {
  // One route table entry of this module (the union of every module's handlers does not narrow by a generic module).
  const request = <T>(handler: HandlerName<M>, options: RequestOptions) => (api.request as <R>(m: M, h: HandlerName<M>, o: RequestOptions) => Promise<R>)<T>(routes.module, handler, options);
  const templatesKey = (orgId: string) => [routes.key, orgId] as const;

  function searchQueryOptions(orgId: string, term: string, isAscending: boolean) {
    return infiniteQueryOptions({
      queryKey: [...templatesKey(orgId), 'search', term, isAscending],
      queryFn: ({ pageParam, signal }) =>
        request<Page<Dto>>(routes.list, {
          params: { orgId },
          query: { term: term || undefined, filterBy: 'all', sortBy: 'created', isAscending: String(isAscending), token: pageParam },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      // The answer's next_token goes back as `token`.
      getNextPageParam: (page) => page.next_token || undefined,
    });
  }

  function itemQueryOptions(orgId: string, templateId: string) {
    return queryOptions({
      queryKey: [...templatesKey(orgId), 'detail', templateId],
      queryFn: ({ signal }) => request<Dto>(routes.get, { params: { orgId, templateId }, signal }),
    });
  }

  /** Create (also copy and "Save as template") or edit a template. */
  function useSave(orgId: string) {
    const client = useQueryClient();
    return useMutation({
      mutationFn: ({ templateId, body }: { templateId?: string; body: Input }) =>
        templateId ? request<Dto>(routes.update, { params: { orgId, templateId }, body }) : request<Dto>(routes.create, { params: { orgId }, body }),
      onSettled: () => client.invalidateQueries({ queryKey: templatesKey(orgId) }),
    });
  }

  function useDelete(orgId: string) {
    const client = useQueryClient();
    return useMutation({
      mutationFn: (templateId: string) => request<void>(routes.remove, { params: { orgId, templateId } }),
      onSuccess: (_, templateId) => {
        client.removeQueries({ queryKey: [...templatesKey(orgId), 'detail', templateId] });
        return client.invalidateQueries({ queryKey: [...templatesKey(orgId), 'search'] });
      },
    });
  }

  return { templatesKey, searchQueryOptions, itemQueryOptions, useSave, useDelete };
}
