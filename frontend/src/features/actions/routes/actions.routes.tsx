import type { ComponentType } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';
import type { RoutePrefetch } from '../../../lib/route-prefetch.ts';

const page = () => import('./actions-page.route.tsx');
const cards = () => import('./action-cards.route.tsx');
const overlays = () => import('./action-overlays.route.tsx');

function overlay<M extends Record<N, ComponentType>, N extends string>(route: string, load: () => Promise<M>, name: N): RouteObject {
  return { path: routePattern(route, orgPaths.actions), lazy: async () => ({ Component: (await load())[name] }) };
}

/** The sent actions /actions opens on, asked for beside the page's code (issue 12, decision 0047). */
export const prefetchActionList: RoutePrefetch = async (client, { organization }, url) => {
  // Loaded here, not with the route table: every organisation page loads that.
  const [{ actionListQueryOptions }, { actionsKit }] = await Promise.all([import('../api/actions.ts'), import('../utils/actions-kit.ts')]);
  if (actionsKit.tabOf(url.search) === 'templates') return;
  await client.prefetchInfiniteQuery(actionListQueryOptions(organization.id));
};

/**
 * /actions with every overlay of spec 000 §2 (and template create and edit, which the issue asks
 * for); the tab and the selection live in the query. The app gates it by the 'actions' feature.
 */
export const actionsRoute: RouteObject = {
  path: routePattern(orgPaths.actions),
  lazy: async () => ({ Component: (await page()).ActionsPageRoute }),
  children: [
    { index: true },
    overlay(orgPaths.actionsCreate, cards, 'CreateActionRoute'),
    overlay(orgPaths.actionSend, cards, 'SendFromTemplateRoute'),
    overlay(orgPaths.actionCopy, cards, 'CopyActionRoute'),
    overlay(orgPaths.actionDelete, overlays, 'DeleteActionRoute'),
    overlay(orgPaths.actionInspect, overlays, 'InspectActionRoute'),
    overlay(orgPaths.actionTemplateCreate, cards, 'CreateTemplateRoute'),
    overlay(orgPaths.actionTemplateCopy, cards, 'CopyTemplateRoute'),
    overlay(orgPaths.actionTemplateEdit, cards, 'EditTemplateRoute'),
    overlay(orgPaths.actionTemplateSend, overlays, 'SendTemplateNowRoute'),
    overlay(orgPaths.actionTemplateInspect, overlays, 'InspectTemplateRoute'),
    overlay(orgPaths.actionTemplateDelete, overlays, 'DeleteTemplateRoute'),
    { path: '*', lazy: async () => ({ Component: (await page()).ActionsRedirect }) },
  ],
};

/** /settings/actions: the organisation's action time-outs, the module's own tab of the settings page (the app hands it to the settings routes). */
export const actionSettingsRoute: NonIndexRouteObject = {
  path: routePattern(orgPaths.settingsActions, orgPaths.settings),
  lazy: async () => ({ Component: (await import('./action-settings.route.tsx')).ActionSettingsRoute }),
};
