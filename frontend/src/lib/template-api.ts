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

/** A module's name in the singular, capitalised, as its handler names have it: 'notifications' -> 'Notification'. */
type Single<M extends string> = M extends `${infer S}s` ? Capitalize<S> : Capitalize<M>;

/** The modules that have the five template routes under these names (notifications, actions, tasks). */
export type TemplateModule = {
  [M in ModuleName]: `list${Single<M>}Templates` | `get${Single<M>}Template` | `create${Single<M>}Template` | `update${Single<M>}Template` | `delete${Single<M>}Template` extends HandlerName<M> ? M : never;
}[ModuleName];

/**
 * A module's template routes, read off the route table's handler names (`listActionTemplates`, ...),
 * so no table here names the modules (issue 29): each sending feature's kit instance
 * (`utils/<module>-kit.ts`) and the automation workflow's template pickers (decision 0041) call it.
 */
export function templateRoutes<M extends TemplateModule>(module: M): TemplateRoutes<M> {
  const single = module.replace(/s$/, '');
  const name = single.charAt(0).toUpperCase() + single.slice(1);
  const handler = (verb: string, plural = '') => `${verb}${name}Template${plural}` as HandlerName<M>;
  return { module, key: `${single}-templates`, list: handler('list', 's'), get: handler('get'), create: handler('create'), update: handler('update'), remove: handler('delete') };
}

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
