import { infiniteQueryOptions, mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { HandlerName, ModuleName } from '@portal/shared/api/route-table';
import { api } from './api.ts';
import type { QueryParams, RequestOptions } from './api-client.ts';

/**
 * The kit's CRUD resource (issue 29): what every feature's `api/` folder did by hand for each of
 * its resources, written once. A feature names its routes, its query key and its types (imported
 * from the shared schemas); the list and item query options, the save (create or update) and the
 * delete with the invalidations come from here.
 */

/** The types of a resource, each from the shared schemas. */
export interface ResourceTypes {
  /** One item as GET {id} answers it. */
  item: unknown;
  /** What a create or an update sends. */
  input?: unknown;
  /** What a save answers (default: the item). */
  saved?: unknown;
  /** One answer of the list route (a page with `next_token` for a paged list). */
  list?: unknown;
}

type Input<T extends ResourceTypes> = T extends { input: infer I } ? I : never;
type Saved<T extends ResourceTypes> = T extends { saved: infer S } ? S : T['item'];
type List<T extends ResourceTypes> = T extends { list: infer L } ? L : never;

/** The id of one item under its path parameter's name (`{ triggerGroupId }`). */
export type ItemId<P extends string> = { readonly [K in P]: string };
/** A save: with the item's id an update, without it a create. */
export type SaveVariables<P extends string, Body> = Partial<ItemId<P>> & { body: Body };
/** A delete: the id, or the id under its name with query parameters (`{ taskId, scope }`). */
export type DeleteVariables<P extends string> = string | (ItemId<P> & QueryParams);

/** How often a query is read again: a fixed interval, or one from what it holds. */
export type Refetch<D> = number | false | ((data: D | undefined) => number | false);
export interface Freshness<D> {
  refetchInterval?: Refetch<D>;
  staleTime?: number;
}

export interface ResourceDefinition<M extends ModuleName, P extends string, T extends ResourceTypes> {
  module: M;
  /** The first part of every query key of the resource: a save or a delete refreshes all of it. */
  key: (orgId: string) => readonly string[];
  /** The path parameter naming one item; a save and a delete name the item by it too. */
  id: P;
  list?: HandlerName<M>;
  get?: HandlerName<M>;
  create?: HandlerName<M>;
  update?: HandlerName<M>;
  remove?: HandlerName<M>;
  /** The item's own freshness (a live status, say). */
  item?: Freshness<T['item']>;
  /**
   * What a save (with its body) or a delete reads again: by default the resource's key; readers of
   * the resource under other keys are named here with it (null: nothing).
   */
  refreshes?: (orgId: string, body?: Input<T>) => readonly (QueryKey | null)[];
  /** A save's answer goes into the item's cache as this (a trigger without its once-shown secret). */
  cacheSaved?: (saved: Saved<T>) => T['item'] & { id: string };
}

/** One request of a module's route table (the union of every module's handlers does not narrow by a generic module). */
export function moduleRequest<M extends ModuleName>(module: M) {
  return <R>(handler: HandlerName<M>, options: RequestOptions) => (api.request as <X>(m: M, h: HandlerName<M>, o: RequestOptions) => Promise<X>)<R>(module, handler, options);
}

function routeOf<M extends ModuleName>(handler: HandlerName<M> | undefined, what: string): HandlerName<M> {
  if (!handler) throw new Error(`This resource has no ${what} route`);
  return handler;
}

/**
 * A query's refetchInterval and staleTime, only those given (an undefined one would override the
 * query client's default); `view` turns what the query holds into what the interval reads.
 */
function freshnessOf<S, D>({ refetchInterval, staleTime }: Freshness<D> = {}, view: (data: S | undefined) => D | undefined) {
  return {
    ...(refetchInterval === undefined
      ? {}
      : { refetchInterval: typeof refetchInterval === 'function' ? (query: { state: { data: S | undefined } }) => refetchInterval(view(query.state.data)) : refetchInterval }),
    ...(staleTime === undefined ? {} : { staleTime }),
  };
}

const same = <D>(data: D | undefined) => data;

/**
 * A resource of a module's routes: `crudResource<{ item: TriggerGroupDto; input: TriggerGroupInput }>()({ module, key, id, get, create, update, remove })`.
 * The types come first (given), the routes second (inferred).
 */
export function crudResource<T extends ResourceTypes>() {
  return <M extends ModuleName, const P extends string>(definition: ResourceDefinition<M, P, T>) => {
    const { module, key, id } = definition;
    const request = moduleRequest(module);
    const detailKey = (orgId: string, itemId: string): string[] => [...key(orgId), 'detail', itemId];
    const listKey = (orgId: string, ...parts: readonly unknown[]): unknown[] => [...key(orgId), 'list', ...parts];
    const idOf = (target: DeleteVariables<P>): [string, QueryParams | undefined] => {
      if (typeof target === 'string') return [target, undefined];
      const { [id]: itemId, ...query } = target as Record<string, string>;
      return [itemId!, query];
    };

    /** What a change reaches, read again. */
    function refresh(client: QueryClient, orgId: string, body?: Input<T>) {
      const keys = (definition.refreshes?.(orgId, body) ?? [key(orgId)]).filter((k): k is QueryKey => Boolean(k));
      return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    }

    /** GET {id}. */
    function itemQueryOptions(orgId: string, itemId: string) {
      return queryOptions({
        queryKey: detailKey(orgId, itemId),
        queryFn: ({ signal }) => request<T['item']>(routeOf(definition.get, 'get'), { params: { orgId, [id]: itemId }, signal }),
        ...freshnessOf(definition.item, same<T['item']>),
      });
    }

    /** GET list in one answer. */
    function listQueryOptions(orgId: string, freshness: Freshness<List<T>> = {}) {
      return queryOptions({
        queryKey: listKey(orgId),
        queryFn: ({ signal }) => request<List<T>>(routeOf(definition.list, 'list'), { params: { orgId }, signal }),
        ...freshnessOf(freshness, same<List<T>>),
      });
    }

    /**
     * GET list one page at a time ("Load more"): `query` narrows it (its values are part of the key
     * unless `keyParts` says otherwise), the answer's `next_token` goes back as `tokenParam`; a
     * refetchInterval function reads the pages.
     */
    function pagesQueryOptions(
      orgId: string,
      {
        query = {},
        keyParts = Object.values(query),
        tokenParam = 'next_token',
        ...freshness
      }: { query?: QueryParams; keyParts?: readonly unknown[]; tokenParam?: string } & Freshness<List<T>[]> = {},
    ) {
      return infiniteQueryOptions({
        queryKey: listKey(orgId, ...keyParts),
        queryFn: ({ pageParam, signal }) => request<List<T>>(routeOf(definition.list, 'list'), { params: { orgId }, query: { ...query, [tokenParam]: pageParam }, signal }),
        initialPageParam: undefined as string | undefined,
        getNextPageParam: (page) => (page as { next_token?: string | null }).next_token || undefined,
        ...freshnessOf(freshness, (data: { pages: List<T>[] } | undefined) => data?.pages),
      });
    }

    /** POST (no id) or PUT {id}; the resource is read again, whether it worked or not. */
    function saveOptions(client: QueryClient, orgId: string) {
      return mutationOptions({
        mutationFn: ({ body, ...ids }: SaveVariables<P, Input<T>>) => {
          const itemId = (ids as Partial<Record<string, string>>)[id];
          return itemId
            ? request<Saved<T>>(routeOf(definition.update, 'update'), { params: { orgId, [id]: itemId }, body })
            : request<Saved<T>>(routeOf(definition.create, 'create'), { params: { orgId }, body });
        },
        onSuccess: (saved: Saved<T>) => {
          const cached = definition.cacheSaved?.(saved);
          if (cached) client.setQueryData(detailKey(orgId, cached.id), cached);
        },
        onSettled: (_: unknown, __: unknown, { body }: SaveVariables<P, Input<T>>) => refresh(client, orgId, body),
      });
    }

    /** DELETE {id}: the item leaves the cache, the rest is read again. */
    function deleteOptions(client: QueryClient, orgId: string) {
      return mutationOptions({
        mutationFn: (target: DeleteVariables<P>) => {
          const [itemId, query] = idOf(target);
          return request<void>(routeOf(definition.remove, 'delete'), { params: { orgId, [id]: itemId }, query });
        },
        onSuccess: (_: void, target: DeleteVariables<P>) => client.removeQueries({ queryKey: detailKey(orgId, idOf(target)[0]) }),
        onSettled: () => refresh(client, orgId),
      });
    }

    const useSave = (orgId: string) => useMutation(saveOptions(useQueryClient(), orgId));
    const useDelete = (orgId: string) => useMutation(deleteOptions(useQueryClient(), orgId));

    return { module, key, detailKey, listKey, request, refresh, itemQueryOptions, listQueryOptions, pagesQueryOptions, saveOptions, deleteOptions, useSave, useDelete };
  };
}

/**
 * One organisation-wide settings document (a settings section's GET and PUT): its query options,
 * its query, and a save whose answer is the new cache (plus what else reads it, read again).
 */
export function settingsResource<T>() {
  return <M extends ModuleName>(definition: {
    module: M;
    key: (orgId: string) => QueryKey;
    get: HandlerName<M>;
    update: HandlerName<M>;
    staleTime?: number;
    alsoRefreshes?: (orgId: string) => readonly QueryKey[];
  }) => {
    const request = moduleRequest(definition.module);

    function settingsQueryOptions(orgId: string) {
      return queryOptions({
        queryKey: definition.key(orgId),
        queryFn: ({ signal }) => request<T>(definition.get, { params: { orgId }, signal }),
        ...(definition.staleTime === undefined ? {} : { staleTime: definition.staleTime }),
      });
    }

    function useSettings(orgId: string) {
      return useQuery(settingsQueryOptions(orgId));
    }

    function useSave(orgId: string) {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (body: T) => request<T>(definition.update, { params: { orgId }, body }),
        onSuccess: (data) => {
          client.setQueryData(definition.key(orgId), data);
          const others = definition.alsoRefreshes?.(orgId) ?? [];
          return Promise.all(others.map((queryKey) => client.invalidateQueries({ queryKey })));
        },
      });
    }

    return { key: definition.key, settingsQueryOptions, useSettings, useSave };
  };
}
