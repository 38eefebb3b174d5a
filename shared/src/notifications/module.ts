import type { ModuleDeclaration } from '../api/module-declaration.ts';

/** The notifications module's rows of the backend tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const NOTIFICATIONS_MODULE = {
  module: 'notifications',
  uplink: [
    {
      kind: 'notification',
      module: 'notifications',
      handler: 'uplink',
      rule: 'notification_receipts',
      description: 'received/read receipts from devices and users',
    },
  ],
  scheduledJobs: [
    {
      type: 'notification.send',
      module: 'notifications',
      scheduledBy: ['notifications'],
      description: 'scheduled sends and series occurrences',
      // A send to a few thousand users (publish, then status rows); the firing guard's lease (90 s) is longer.
      timeoutSeconds: 60,
      namePrefix: 'notif-',
    },
  ],
} as const satisfies ModuleDeclaration;
