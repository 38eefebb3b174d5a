import type { FeatureModule } from '../../../lib/feature-module.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { automationRoute, automationSettingsRoute } from './automation.routes.tsx';

/** The module as the app shell mounts it (lib/feature-module.ts, decision 0075). */
export const featureModule: FeatureModule = {
  flag: 'automation',
  route: automationRoute,
  settings: { key: 'automation', path: orgPaths.settingsAutomation, order: 40, route: automationSettingsRoute },
};
