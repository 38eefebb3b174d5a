import type { ModuleDeclaration } from '../api/module-declaration.ts';
import { featurePolicy, orgRoutes } from '../api/org-routes.ts';
import { MANAGER_ROLES } from '../tenancy/roles.ts';

/** The actions module's rows of the shared tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const ACTIONS_MODULE = {
  module: 'actions',
  // Its rows of the route table (shared/src/api/route-table.ts), in the table's order.
  routes: [
    // actions (feature 'actions'): accept/decline requests with time-out escalation, and templates
    ...orgRoutes('actions', featurePolicy('actions'), [
      ['GET', '/actions', 'listActions'],
      ['POST', '/actions', 'sendAction'],
      ['GET', '/actions/{actionId}', 'getAction'],
      ['DELETE', '/actions/{actionId}', 'deleteAction'],
      ['GET', '/actions/{actionId}/status', 'getActionStatus'],
      ['GET', '/action-templates', 'listActionTemplates'],
      ['POST', '/action-templates', 'createActionTemplate'],
      ['GET', '/action-templates/{templateId}', 'getActionTemplate'],
      ['PUT', '/action-templates/{templateId}', 'updateActionTemplate'],
      ['DELETE', '/action-templates/{templateId}', 'deleteActionTemplate'],
      // The form reads the organisation's time-out options.
      ['GET', '/settings/actions', 'getActionSettings'],
    ] as const),
    // The actions settings page (setup: managers only, assistants get 403).
    ...orgRoutes('actions', { roles: MANAGER_ROLES, feature: 'actions' }, [['PUT', '/settings/actions', 'updateActionSettings']] as const),
  ],
  uplink: [
    {
      kind: 'action',
      module: 'actions',
      handler: 'uplink',
      rule: 'action_answers',
      description: 'accepted/declined answers to actions from devices and users',
    },
  ],
  scheduledJobs: [
    {
      type: 'action.forward',
      module: 'actions',
      scheduledBy: ['actions'],
      description: "an action step's time-out: ask the next recipient group, or expire after the last",
      // Resolving and asking the next group (queued), or the withdrawal and feedback of an expiry.
      timeoutSeconds: 60,
      namePrefix: 'act-',
    },
  ],
} as const satisfies ModuleDeclaration;
