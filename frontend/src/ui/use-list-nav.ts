import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrgHref } from '../lib/organization-context.tsx';
import { fillRoute } from '../lib/paths.ts';
import { withTab } from './query-tabs.ts';

type Params = Record<string, string>;
/** A tab and, optionally, the item whose details show. */
export type ListView = { tab: string; selected?: string };

/** Links and navigation within a list page with overlays (`listRoute`), keeping the query (tab, selection, developer mode). */
export function useListNav(listRoute: string) {
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const navigate = useNavigate();
  const to = useCallback((route: string, params: Params = {}, query = search) => ({ pathname: orgHref(fillRoute(route, params)), search: query }), [orgHref, search]);
  const go = useCallback(
    (route: string, params: Params = {}, options: { replace?: boolean; query?: string } = {}) =>
      void navigate(to(route, params, options.query ?? search), { replace: options.replace }),
    [navigate, to, search],
  );
  /** Back to the list; optionally showing a tab and an item. */
  const close = useCallback((show?: ListView) => go(listRoute, {}, { query: show ? withTab(search, show.tab, show.selected) : search }), [go, listRoute, search]);
  return { to, go, close, search };
}
