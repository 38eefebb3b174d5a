import type { HandlerName, ModuleName } from '@portal/shared/api/route-table';
import { crudResource } from './resource-api.ts';

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
 * The template routes of the three modules that have templates, named once: each sending feature's
 * kit instance (`utils/<module>-kit.ts`) and the automation workflow's template pickers (decision 0041) read them.
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

/** The first part of every query key of a module's templates (what a "Save as template" reads again). */
export const templatesKeyOf = (routes: { key: string }) => (orgId: string) => [routes.key, orgId] as const;

/**
 * The queries and mutations of a module's templates on the kit's CRUD resource: the search of spec
 * 001 §7 (term, filterBy all, sortBy created, isAscending, token paging), one template, save
 * (create, copy, "Save as template" or edit) and delete.
 */
export function templateApi<M extends ModuleName, Dto extends { id: string }, Input>(routes: TemplateRoutes<M>) {
  // The module is generic here, so its handler names are checked by TemplateRoutes<M> above (the kit sees any module's).
  const templates = crudResource<{ item: Dto; input: Input; list: { items: Dto[]; next_token?: string } }>()<ModuleName, 'templateId'>({
    module: routes.module,
    key: templatesKeyOf(routes),
    id: 'templateId',
    list: routes.list,
    get: routes.get,
    create: routes.create,
    update: routes.update,
    remove: routes.remove,
  });

  function searchQueryOptions(orgId: string, term: string, isAscending: boolean) {
    return templates.pagesQueryOptions(orgId, {
      query: { term: term || undefined, filterBy: 'all', sortBy: 'created', isAscending: String(isAscending) },
      keyParts: [term, isAscending],
      // The answer's next_token goes back as `token`.
      tokenParam: 'token',
    });
  }

  return { templatesKey: templates.key, searchQueryOptions, itemQueryOptions: templates.itemQueryOptions, useSave: templates.useSave, useDelete: templates.useDelete };
}
