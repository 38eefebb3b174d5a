import type { FeatureModule } from '../../../lib/feature-module.ts';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

/**
 * The module as the app shell mounts it (lib/feature-module.ts, decision 0075): no flag and no page
 * of its own, its one page the superadmins' tab /settings/audit (issue 32; `superadminOnly` keeps
 * others out, as the API does), the last tab, loaded with its strings when opened.
 */
export const featureModule: FeatureModule = {
  name: 'audit',
  settings: {
    key: 'audit',
    path: orgPaths.settingsAudit,
    order: 70,
    superadminOnly: true,
    route: {
      path: routePattern(orgPaths.settingsAudit, orgPaths.settings),
      lazy: async () => ({ Component: (await import('./audit-trail.route.tsx')).AuditTrailRoute }),
    },
  },
};
