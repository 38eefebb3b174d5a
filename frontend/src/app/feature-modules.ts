import type { FeatureModule } from '../lib/feature-module.ts';

/**
 * Every feature module's declaration (`features/<name>/routes/<name>.module.ts`, decision 0075),
 * found by the build, so adding a module names it in no file of the shell. In no order that
 * matters: the settings tabs follow SETTINGS_TABS and the router ranks routes by their paths.
 */
export const FEATURE_MODULES: readonly FeatureModule[] = Object.values(import.meta.glob<FeatureModule>('../features/*/routes/*.module.ts', { eager: true, import: 'featureModule' }));
