import type { FeatureModule } from '../../../lib/feature-module.ts';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

/**
 * The module as the app shell mounts it (lib/feature-module.ts, decision 0075): /reports behind the
 * 'reports' flag, for admins and superadmins (FEATURES.reports). Its page, with its strings, loads
 * when opened, its report asked for beside it (the prefetch's code loads when it runs, not with the
 * shell), and its charts later still.
 */
export const featureModule: FeatureModule = {
  flag: 'reports',
  route: {
    path: routePattern(orgPaths.reports),
    lazy: async () => ({ Component: (await import('./reports-page.route.tsx')).ReportsPageRoute }),
  },
  prefetch: async (...args) => (await import('./report-prefetch.ts')).prefetchReport(...args),
};
