import type { FeatureModule } from '../../../lib/feature-module.ts';
import { dashboardRoute } from './dashboard.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'dashboard',
  route: dashboardRoute,
};
