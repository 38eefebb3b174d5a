import type { FeatureModule } from '../../../lib/feature-module.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { actionSettingsRoute, actionsRoute, prefetchActionList } from './actions.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'actions',
  route: actionsRoute,
  prefetch: prefetchActionList,
  settings: { key: 'actions', path: orgPaths.settingsActions, order: 30, route: actionSettingsRoute },
};
