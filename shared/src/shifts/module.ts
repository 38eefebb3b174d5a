import type { ModuleDeclaration } from '../api/module-declaration.ts';
import { featurePolicy, orgRoutes } from '../api/org-routes.ts';
import { MANAGER_ROLES } from '../tenancy/roles.ts';

/** The shifts module's rows of the shared tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const SHIFTS_MODULE = {
  module: 'shifts',
  // Its rows of the route table (shared/src/api/route-table.ts), in the table's order.
  routes: [
    // shifts (feature 'shift_planner'; decision 0031): senders plan, publish and keep week templates;
    // the activity types of /settings/shift-planner are changed by managers only.
    ...orgRoutes('shifts', featurePolicy('shift_planner'), [
      ['GET', '/shift-activity-types', 'listShiftActivityTypes'],
      ['GET', '/shift-weeks/{week}', 'getShiftWeek'],
      ['POST', '/shifts', 'createShift'],
      ['PUT', '/shifts/{shiftId}', 'updateShift'],
      ['DELETE', '/shifts/{shiftId}', 'deleteShift'],
      ['POST', '/shift-weeks/{week}/publish', 'publishShiftWeek'],
      ['POST', '/shift-weeks/{week}/copy-previous', 'copyPreviousShiftWeek'],
      ['GET', '/shift-templates', 'listShiftTemplates'],
      ['POST', '/shift-templates', 'createShiftTemplate'],
      ['GET', '/shift-templates/{templateId}', 'getShiftTemplate'],
      ['POST', '/shift-templates/{templateId}/apply', 'applyShiftTemplate'],
      ['DELETE', '/shift-templates/{templateId}', 'deleteShiftTemplate'],
    ] as const),
    ...orgRoutes('shifts', { roles: MANAGER_ROLES, feature: 'shift_planner' }, [
      ['POST', '/shift-activity-types', 'createShiftActivityType'],
      ['PUT', '/shift-activity-types/{activityTypeId}', 'updateShiftActivityType'],
      ['DELETE', '/shift-activity-types/{activityTypeId}', 'deleteShiftActivityType'],
    ] as const),
  ],
} as const satisfies ModuleDeclaration;
