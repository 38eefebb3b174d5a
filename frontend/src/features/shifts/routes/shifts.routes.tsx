import type { RouteObject } from 'react-router-dom';
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
