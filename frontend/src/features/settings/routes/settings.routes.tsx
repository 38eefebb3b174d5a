import type { NonIndexRouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';
import type { SettingsTab } from '../utils/settings-tabs.ts';

const layout = () => import('./settings-layout.route.tsx');
const templateCards = () => import('./template-card.route.tsx');

/** The modules' own tabs, handed in by the app: each tab's place and flag, and its route under /settings with the module's strings. */
export interface ModuleTabs {
  tabs: readonly SettingsTab[];
  routes: readonly NonIndexRouteObject[];
}

/**
 * /settings/* (spec 001 §2); every page is loaded on demand. The app gates it for managers. The
 * tabs of setup (general, watch, tablet) are this feature's; a module's own section (shift planner,
 * tasks, actions, automation, the audit trail) is its feature's, handed in by the app
 * (`ModuleTabs`), so this feature knows no module's settings.
 */
export const settingsRoute = (modules: ModuleTabs): NonIndexRouteObject => {
  const landing = async () => {
    const { SettingsLandingRedirect } = await layout();
    return { Component: () => <SettingsLandingRedirect moduleTabs={modules.tabs} /> };
  };
  return {
    path: routePattern(orgPaths.settings),
    lazy: async () => {
      const { SettingsLayoutRoute } = await layout();
      return { Component: () => <SettingsLayoutRoute moduleTabs={modules.tabs} /> };
    },
    children: [
      { index: true, lazy: landing },
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
      {
        // The tablet tab: design templates with their overlays.
        path: routePattern(orgPaths.settingsTablet, orgPaths.settings),
        lazy: async () => ({ Component: (await import('./tablet-settings.route.tsx')).TabletSettingsRoute }),
        children: [
          {
            path: routePattern(orgPaths.tabletTemplatesCreate, orgPaths.settingsTablet),
            lazy: async () => ({ Component: (await templateCards()).TemplateCreateRoute }),
          },
          {
            path: routePattern(orgPaths.tabletTemplateInspect, orgPaths.settingsTablet),
            lazy: async () => ({ Component: (await templateCards()).TemplateInspectRoute }),
          },
          {
            path: routePattern(orgPaths.tabletTemplateEdit, orgPaths.settingsTablet),
            lazy: async () => ({ Component: (await templateCards()).TemplateEditRoute }),
          },
          {
            path: routePattern(orgPaths.tabletTemplateDelete, orgPaths.settingsTablet),
            lazy: async () => ({ Component: (await templateCards()).TemplateDeleteRoute }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./tablet-settings.route.tsx')).TabletSettingsRedirect }),
          },
        ],
      },
      ...modules.routes,
      {
        path: routePattern(orgPaths.settingsWatch, orgPaths.settings),
        lazy: async () => ({ Component: (await import('./watch-settings.route.tsx')).WatchSettingsRoute }),
      },
      { path: '*', lazy: landing },
    ],
  };
};
