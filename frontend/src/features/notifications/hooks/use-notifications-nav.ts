import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { withTab, type NotificationsTab } from '../utils/notification-tabs.ts';

type Params = Record<string, string>;

/** Links and navigation within /notifications, keeping the query (tab, selection, developer mode). */
export function useNotificationsNav() {
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
  const close = useCallback(
    (show?: { tab: NotificationsTab; selected?: string }) => go(orgPaths.notifications, {}, { query: show ? withTab(search, show.tab, show.selected) : search }),
    [go, search],
  );
  return { to, go, close, search };
}
