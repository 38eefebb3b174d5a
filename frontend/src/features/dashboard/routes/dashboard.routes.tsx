import type { RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

const page = () => import('./dashboard-page.route.tsx');
type Page = Awaited<ReturnType<typeof page>>;
const from = (name: keyof Page) => async () => ({ Component: (await page())[name] });

/**
 * /dashboard and its variants (spec 000 §2; decision 0037): /dashboard shows the first enabled
 * dashboard, /dashboard/tasks, /dashboard/actions and /dashboard/custom one each, and the custom
 * one's "Edit panels" card has a route of its own. The app gates it by the 'dashboard' feature
 * (which needs at least one dashboard enabled); the edit card loads on demand.
 */
export const dashboardRoute: RouteObject = {
  path: routePattern(orgPaths.dashboard),
  lazy: from('DashboardPageRoute'),
  children: [
    { index: true, lazy: from('DashboardHomeRoute') },
    { path: routePattern(orgPaths.dashboardTasks, orgPaths.dashboard), lazy: from('TasksDashboardRoute') },
    { path: routePattern(orgPaths.dashboardActions, orgPaths.dashboard), lazy: from('ActionsDashboardRoute') },
    {
      path: routePattern(orgPaths.dashboardCustom, orgPaths.dashboard),
      lazy: from('CustomDashboardRoute'),
      children: [
        { index: true },
        {
          path: routePattern(orgPaths.dashboardCustomEdit, orgPaths.dashboardCustom),
          lazy: async () => ({ Component: (await import('./edit-panels.route.tsx')).EditPanelsRoute }),
        },
        { path: '*', lazy: from('CustomRedirect') },
      ],
    },
    { path: '*', lazy: from('DashboardRedirect') },
  ],
};
