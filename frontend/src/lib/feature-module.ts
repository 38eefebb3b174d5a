import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import type { FeatureKey } from '@portal/shared/tenancy/features';
import type { RoutePrefetch } from './route-prefetch.ts';

/**
 * What a feature module declares of itself for the app shell (decision 0075), in
 * `features/<name>/routes/<name>.module.ts`: the shell finds every declaration
 * (app/feature-modules.ts) and mounts it behind its flag, so no shared file names the module. Its
 * routes stay lazy: a declaration holds route objects whose pages load on demand, never a page.
 */
export type FeatureModule = FlaggedModule | SettingsTabModule;

/** A module with its own page behind its feature flag (and maybe a settings tab). */
export interface FlaggedModule {
  /** The feature's folder, its strings' namespace (loaded with its routes), where it is not the flag's name. */
  name?: string;
  /** The flag (and area) its routes are gated by (shared/src/tenancy/features.ts). */
  flag: FeatureKey;
  route: RouteObject;
  /** The list page's first read, started beside its code (decision 0047); none for a page with no list. */
  prefetch?: RoutePrefetch;
  /** Its own tab under /settings, if any. */
  settings?: ModuleSettingsTab;
}

/**
 * A module's own tab under /settings (spec 001 §2): the settings page places it among its own tabs
 * by `order` and shows it as the module's flag allows (decision 0048), so the settings feature names
 * no module. Its label is `settings:tabs.<key>`, which the module's locales give (`"@settings"`).
 */
export interface ModuleSettingsTab {
  key: string;
  /** The tab's page (`orgPaths`); `route` is mounted at it. */
  path: string;
  /**
   * Its place among the tabs, spec 001 §2's order: general 0, shift planner 10, tasks 20, actions 30,
   * automation 40, watch 50, tablet 60 (the settings feature's own: 0, 50, 60), then the audit trail 70.
   */
  order: number;
  /** Only superadmins see it (the audit trail, as its API refuses others). */
  superadminOnly?: true;
  route: NonIndexRouteObject;
}

/**
 * A module with no flag whose one page is a tab under /settings (the audit trail, issue 32): the
 * settings page's gate and the tab's `superadminOnly` decide who opens it.
 */
export interface SettingsTabModule {
  /** The feature's folder, its strings' namespace. */
  name: string;
  flag?: undefined;
  route?: undefined;
  prefetch?: undefined;
  settings: ModuleSettingsTab;
}

/** The namespace of a module's strings: its folder, which a flagged module is named after unless it says otherwise. */
export const stringsOf = (module: FeatureModule): string => (module.flag ? (module.name ?? module.flag) : module.name);
