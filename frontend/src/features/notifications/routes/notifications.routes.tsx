import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';
import type { RoutePrefetch } from '../../../lib/route-prefetch.ts';

const page = () => import('./notifications-page.route.tsx');
const cards = () => import('./notification-cards.route.tsx');
const actions = () => import('./notification-actions.route.tsx');

function overlay<M extends Record<N, ComponentType>, N extends string>(route: string, load: () => Promise<M>, name: N): RouteObject {
  return { path: routePattern(route, orgPaths.notifications), lazy: async () => ({ Component: (await load())[name] }) };
}

/** The list /notifications opens on (the tab in its query), asked for beside the page's code (issue 12). */
export const prefetchNotificationList: RoutePrefetch = async (client, { organization }, url) => {
  // Loaded here, not with the route table: every organisation page loads that.
  const [{ notificationListQueryOptions }, { tabOf }] = await Promise.all([import('../api/notifications.ts'), import('../utils/notification-tabs.ts')]);
  const tab = tabOf(url.search);
  if (tab === 'templates') return;
  await client.prefetchInfiniteQuery(notificationListQueryOptions(organization.id, tab));
};

/**
 * /notifications with every overlay of spec 000 §2; the tab and the selection live in the query.
 * The app gates it by the 'notifications' feature; every page loads on demand.
 */
export const notificationsRoute: RouteObject = {
  path: routePattern(orgPaths.notifications),
  lazy: async () => ({ Component: (await page()).NotificationsPageRoute }),
  children: [
    { index: true },
    overlay(orgPaths.notificationsCreate, cards, 'CreateNotificationRoute'),
    overlay(orgPaths.notificationSend, cards, 'SendFromTemplateRoute'),
    overlay(orgPaths.notificationCopy, cards, 'CopyNotificationRoute'),
    overlay(orgPaths.notificationEdit, cards, 'EditNotificationRoute'),
    overlay(orgPaths.notificationEditRecurring, cards, 'EditRecurringRoute'),
    overlay(orgPaths.notificationEditRecurringRemote, cards, 'EditRecurringRemoteRoute'),
    overlay(orgPaths.notificationSelect, actions, 'SelectNotificationRoute'),
    overlay(orgPaths.notificationDelete, actions, 'DeleteNotificationRoute'),
    overlay(orgPaths.notificationInspect, actions, 'InspectNotificationRoute'),
    overlay(orgPaths.notificationTemplateCreate, cards, 'CreateTemplateRoute'),
    overlay(orgPaths.notificationTemplateCopy, cards, 'CopyTemplateRoute'),
    overlay(orgPaths.notificationTemplateEdit, cards, 'EditTemplateRoute'),
    overlay(orgPaths.notificationTemplateInspect, actions, 'InspectTemplateRoute'),
    overlay(orgPaths.notificationTemplateDelete, actions, 'DeleteTemplateRoute'),
    { path: '*', lazy: async () => ({ Component: (await page()).NotificationsRedirect }) },
  ],
};
