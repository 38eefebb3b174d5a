import type { FeatureModule } from '../../../lib/feature-module.ts';
import { prefetchTaskList, taskSettingsRoute, tasksRoute } from './tasks.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'tasks',
  route: tasksRoute,
  prefetch: prefetchTaskList,
  settingsRoute: taskSettingsRoute,
};
