import type { FeatureModule } from '../../../lib/feature-module.ts';
import { actionSettingsRoute, actionsRoute, prefetchActionList } from './actions.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'actions',
  route: actionsRoute,
  prefetch: prefetchActionList,
  settingsRoute: actionSettingsRoute,
};
