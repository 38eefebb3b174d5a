import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import type { FeatureKey } from '@portal/shared/tenancy/features';
import type { RoutePrefetch } from './route-prefetch.ts';

/**
 * What a feature module declares of itself for the app shell (decision 0075), in
 * `features/<name>/routes/<name>.module.ts`: the shell finds every declaration
 * (app/feature-modules.ts) and mounts it behind its flag, so no shared file names the module. Its
 * routes stay lazy: a declaration holds route objects whose pages load on demand, never a page.
 */
export interface FeatureModule {
  /** The feature's folder, its strings' namespace (loaded with its routes), where it is not the flag's name. */
  name?: string;
  /** The flag (and area) its routes are gated by (shared/src/tenancy/features.ts). */
  flag: FeatureKey;
  route: RouteObject;
  /** The list page's first read, started beside its code (decision 0047); none for a page with no list. */
  prefetch?: RoutePrefetch;
  /** Its own tab under /settings, if any. */
  settingsRoute?: NonIndexRouteObject;
}
