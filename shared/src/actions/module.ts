import type { ModuleDeclaration } from '../api/module-declaration.ts';

/** The actions module's rows of the backend tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const ACTIONS_MODULE = {
  module: 'actions',
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
