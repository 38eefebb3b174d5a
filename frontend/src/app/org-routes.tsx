import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import { devicesRoute } from '../features/devices/routes/devices.routes.tsx';
import { helpRoute } from '../features/help/routes/help.routes.tsx';
import { settingsRoute } from '../features/settings/routes/settings.routes.tsx';
import { usersRoute } from '../features/users/routes/users.routes.tsx';
import type { Area } from '../lib/access.ts';
import { stringsOf, type FeatureModule } from '../lib/feature-module.ts';
import { orgPaths, routePattern } from '../lib/paths.ts';
import type { RoutePrefetch } from '../lib/route-prefetch.ts';
import { ErrorPage } from './error-page.tsx';
import { FEATURE_MODULES, MODULE_SETTINGS_TABS } from './feature-modules.ts';
import { AreaRoute } from './routing/area-route.tsx';
import { LandingRedirect } from './routing/landing-redirect.tsx';
import { NoAccessPage } from './routing/no-access-page.tsx';
import { pageLoader, sessionShouldRevalidate } from './routing/session-data.ts';
import { withStrings } from './routing/with-strings.ts';

// The shell rides in this chunk (app/router.tsx loads both at once for any page under '/:orgId').
export { ShellRoute } from './shell/shell-route.tsx';

/** An area's routes behind its gate (flags, roles): allowed, no-access page, or redirect. */
const gated = (area: Area, ...children: RouteObject[]): RouteObject => ({ element: <AreaRoute area={area} />, children });

/**
 * A page with tabs whose tab fails inside its panel: a refused or failed read of one tab leaves the
 * page, its tabs and the menu usable (issue 28, decision 0048).
 */
const panelErrors = (route: NonIndexRouteObject): NonIndexRouteObject => ({ ...route, children: [{ errorElement: <ErrorPage inline />, children: route.children }] });

/**
 * A page whose first read starts when its route is entered, beside its code, once the gate allows
 * it (issue 12); read again when the page is entered again or shows another organisation, not for
 * its tabs and overlays, which read their own.
 */
const prefetched = (area: Area, route: RouteObject, prefetch: RoutePrefetch): RouteObject => ({
  ...route,
  loader: pageLoader(area, prefetch),
  shouldRevalidate: sessionShouldRevalidate,
});

/** The modules' own tabs of /settings: where each sits, and its feature's route with its strings. */
const moduleSettingsTabs = {
  tabs: MODULE_SETTINGS_TABS,
  routes: FEATURE_MODULES.flatMap((module) => (module.settings ? [withStrings(stringsOf(module), module.settings.route)] : [])),
};

/**
 * A feature module's routes behind its flag, with its strings, its list's first read started beside
 * its code; none for a module whose one page is its settings tab (mounted with the settings page).
 */
const mounted = (module: FeatureModule): RouteObject[] => {
  if (!module.flag) return [];
  const { flag, route, prefetch } = module;
  return [gated(flag, withStrings(stringsOf(module), prefetch ? prefetched(flag, route, prefetch) : route))];
};

/**
 * Everything under '/:orgId' (spec 000 §2, spec 001 §2). Errors inside a page render within the
 * shell, so the menu stays usable.
 */
export const orgChildRoutes: RouteObject[] = [
  {
    errorElement: <ErrorPage inline />,
    children: [
      { index: true, element: <LandingRedirect /> },
      { path: routePattern(orgPaths.noAccess), element: <NoAccessPage /> },
      ...FEATURE_MODULES.flatMap(mounted),
      gated('users', withStrings('users', usersRoute)),
      gated('devices', withStrings('devices', devicesRoute)),
      gated('settings', withStrings('settings', panelErrors(settingsRoute(moduleSettingsTabs)))),
      withStrings('help', helpRoute),
      { path: '*', element: <LandingRedirect /> },
    ],
  },
];
