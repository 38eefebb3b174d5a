import type { RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';
import { SETTINGS_TABS } from '../utils/settings-tabs.ts';

const layout = () => import('./settings-layout.route.tsx');

/** /settings/* (spec 001 §2); every page is loaded on demand. The app gates it for managers. */
export const settingsRoute: RouteObject = {
  path: routePattern(orgPaths.settings),
  lazy: async () => ({ Component: (await layout()).SettingsLayoutRoute }),
  children: [
    { index: true, lazy: async () => ({ Component: (await layout()).SettingsLandingRedirect }) },
    {
      path: routePattern(orgPaths.settingsGeneral, orgPaths.settings),
      lazy: async () => ({ Component: (await import('./general-settings.route.tsx')).GeneralSettingsRoute }),
      children: [
        {
          path: routePattern(orgPaths.settingsGeneralInspect, orgPaths.settingsGeneral),
          lazy: async () => ({ Component: (await import('./general-settings-inspect.route.tsx')).GeneralSettingsInspectRoute }),
        },
      ],
    },
    ...SETTINGS_TABS.filter((tab) => tab.key !== 'general').map((tab) => ({
      path: `${routePattern(tab.route, orgPaths.settings)}/*`,
      lazy: async () => ({ Component: (await import('./settings-tab.route.tsx')).SettingsTabRoute }),
    })),
    { path: '*', lazy: async () => ({ Component: (await layout()).SettingsLandingRedirect }) },
  ],
};
