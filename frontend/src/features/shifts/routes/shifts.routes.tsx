import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

/**
 * /schedule/:date?/:view?/:templateId? (spec 000 §2). The app gates it by the 'shift_planner'
 * feature; the page loads on demand.
 */
export const shiftsRoute: RouteObject = {
  // Optional segments: /schedule, /schedule/2026-11-23, /schedule/2026-11-23/day, and a template to apply.
  path: `${routePattern(orgPaths.shifts)}/:date?/:view?/:templateId?`,
  lazy: async () => ({ Component: (await import('./shifts-page.route.tsx')).ShiftsPageRoute }),
};

const settingsTab = () => import('./shift-planner-settings.route.tsx');
const activityCards = () => import('./shift-activity-card.route.tsx');

/**
 * /settings/shift-planner (spec 001 §2): the organisation's shift activities with their overlays,
 * the module's own tab of the settings page (the app hands it to the settings routes).
 */
export const shiftPlannerSettingsRoute: NonIndexRouteObject = {
  path: routePattern(orgPaths.settingsShiftPlanner, orgPaths.settings),
  lazy: async () => ({ Component: (await settingsTab()).ShiftPlannerSettingsRoute }),
  children: [
    {
      path: routePattern(orgPaths.shiftActivityCreate, orgPaths.settingsShiftPlanner),
      lazy: async () => ({ Component: (await activityCards()).ShiftActivityCreateRoute }),
    },
    {
      path: routePattern(orgPaths.shiftActivityEdit, orgPaths.settingsShiftPlanner),
      lazy: async () => ({ Component: (await activityCards()).ShiftActivityEditRoute }),
    },
    { path: '*', lazy: async () => ({ Component: (await settingsTab()).ShiftPlannerSettingsRedirect }) },
  ],
};
