import type { FeatureModule } from '../../../lib/feature-module.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { prefetchTaskList, taskSettingsRoute, tasksRoute } from './tasks.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'tasks',
  route: tasksRoute,
  prefetch: prefetchTaskList,
  settings: { key: 'tasks', path: orgPaths.settingsTasks, order: 20, route: taskSettingsRoute },
};
