import type { ModuleDeclaration } from '../api/module-declaration.ts';
import { orgRoutes } from '../api/org-routes.ts';
import { MANAGER_ROLES } from '../tenancy/roles.ts';

/**
 * The reports' declaration (decision 0087, issue 32): admins and superadmins read them, behind the
 * `reports` flag. Nothing writes through this module: the modules feed the reports kit
 * (functions/src/platform/reports/) as their items change; these routes read its rollups and facts.
 * The people table is a literal path: `tasks` is the only report with one.
 */
export const REPORTS_MODULE = {
  module: 'reports',
  routes: [
    ...orgRoutes('reports', { roles: MANAGER_ROLES, feature: 'reports' }, [
      ['GET', '/reports/{report}', 'getReport'],
      ['GET', '/reports/tasks/people', 'getReportPeople'],
      ['GET', '/reports/{report}/rows', 'listReportRows'],
    ] as const),
  ],
} as const satisfies ModuleDeclaration;
