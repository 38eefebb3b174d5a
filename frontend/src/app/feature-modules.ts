import type { FeatureModule } from '../lib/feature-module.ts';
import type { SettingsTab } from '../features/settings/utils/settings-tabs.ts';

/**
 * Every feature module's declaration (`features/<name>/routes/<name>.module.ts`, decision 0075),
 * found by the build, so adding a module names it in no file of the shell. In no order that
 * matters: the settings tabs follow their `order` and the router ranks routes by their paths.
 */
export const FEATURE_MODULES: readonly FeatureModule[] = Object.values(import.meta.glob<FeatureModule>('../features/*/routes/*.module.ts', { eager: true, import: 'featureModule' }));

/** The modules' own tabs of /settings as the settings page places them: by `order`, behind the module's flag. */
export const MODULE_SETTINGS_TABS: readonly SettingsTab[] = FEATURE_MODULES.flatMap(({ flag, settings }) =>
  settings ? [{ key: settings.key, route: settings.path, order: settings.order, superadminOnly: settings.superadminOnly ?? false, feature: flag }] : [],
);
