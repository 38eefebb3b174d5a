import type { FeatureModule } from '../../../lib/feature-module.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { shiftPlannerSettingsRoute, shiftsRoute } from './shifts.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  name: 'shifts',
  flag: 'shift_planner',
  route: shiftsRoute,
  settings: { key: 'shiftPlanner', path: orgPaths.settingsShiftPlanner, order: 10, route: shiftPlannerSettingsRoute },
};
