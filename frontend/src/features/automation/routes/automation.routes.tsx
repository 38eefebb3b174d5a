import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import { orgPaths, routePattern } from '../../../lib/paths.ts';

const layout = () => import('./automation-layout.route.tsx');
const triggers = () => import('./triggers.route.tsx');
const triggerCard = () => import('./trigger-card.route.tsx');
const groups = () => import('./trigger-groups.route.tsx');
const groupCard = () => import('./trigger-group-card.route.tsx');

/**
 * /automation (spec 001 §2): /automation/triggers with /create and /edit/{id}, and
 * /automation/trigger-groups with the same; /automation and unknown paths go to the triggers. The
 * app gates it for managers and the 'automation' feature; the forms load as overlay chunks.
 */
export const automationRoute: RouteObject = {
  path: routePattern(orgPaths.automation),
  lazy: async () => ({ Component: (await layout()).AutomationLayoutRoute }),
  children: [
    { index: true, lazy: async () => ({ Component: (await layout()).AutomationRedirect }) },
    {
      path: routePattern(orgPaths.automationTriggers, orgPaths.automation),
      lazy: async () => ({ Component: (await triggers()).TriggersRoute }),
      children: [
        { path: routePattern(orgPaths.automationTriggersCreate, orgPaths.automationTriggers), lazy: async () => ({ Component: (await triggerCard()).TriggerCreateRoute }) },
        { path: routePattern(orgPaths.automationTriggerEdit, orgPaths.automationTriggers), lazy: async () => ({ Component: (await triggerCard()).TriggerEditRoute }) },
        { path: '*', lazy: async () => ({ Component: (await layout()).AutomationRedirect }) },
      ],
    },
    {
      path: routePattern(orgPaths.automationTriggerGroups, orgPaths.automation),
      lazy: async () => ({ Component: (await groups()).TriggerGroupsRoute }),
      children: [
        {
          path: routePattern(orgPaths.automationTriggerGroupsCreate, orgPaths.automationTriggerGroups),
          lazy: async () => ({ Component: (await groupCard()).TriggerGroupCreateRoute }),
        },
        {
          path: routePattern(orgPaths.automationTriggerGroupEdit, orgPaths.automationTriggerGroups),
          lazy: async () => ({ Component: (await groupCard()).TriggerGroupEditRoute }),
        },
        { path: '*', lazy: async () => ({ Component: (await layout()).TriggerGroupsRedirect }) },
      ],
    },
    { path: '*', lazy: async () => ({ Component: (await layout()).AutomationRedirect }) },
  ],
};

/** /settings/automation: the throttle new triggers start with and the trigger menus, the module's own tab of the settings page (the app hands it to the settings routes). */
export const automationSettingsRoute: NonIndexRouteObject = {
  path: routePattern(orgPaths.settingsAutomation, orgPaths.settings),
  lazy: async () => ({ Component: (await import('./automation-settings.route.tsx')).AutomationSettingsRoute }),
};
