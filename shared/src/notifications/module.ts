import type { ModuleDeclaration } from '../api/module-declaration.ts';
import { featurePolicy, orgRoutes } from '../api/org-routes.ts';

/** The notifications module's rows of the shared tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const NOTIFICATIONS_MODULE = {
  module: 'notifications',
  // Its rows of the route table (shared/src/api/route-table.ts), in the table's order.
  routes: [
    // notifications (feature 'notifications'): sent, scheduled and recurring messages, and templates
    ...orgRoutes('notifications', featurePolicy('notifications'), [
      ['GET', '/notifications', 'listNotifications'],
      ['POST', '/notifications', 'createNotification'],
      ['GET', '/notifications/{notificationId}', 'getNotification'],
      ['PUT', '/notifications/{notificationId}', 'updateNotification'],
      ['DELETE', '/notifications/{notificationId}', 'deleteNotification'],
      ['GET', '/notifications/{notificationId}/status', 'getNotificationStatus'],
      ['GET', '/notifications/{notificationId}/recurring-root', 'getRecurringRoot'],
      ['GET', '/notification-templates', 'listNotificationTemplates'],
      ['POST', '/notification-templates', 'createNotificationTemplate'],
      ['GET', '/notification-templates/{templateId}', 'getNotificationTemplate'],
      ['PUT', '/notification-templates/{templateId}', 'updateNotificationTemplate'],
      ['DELETE', '/notification-templates/{templateId}', 'deleteNotificationTemplate'],
    ] as const),
  ],
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
    {
      type: 'notification.fold',
      module: 'notifications',
      scheduledBy: ['notifications'],
      description: "a sent notification's last report fold, 7 days after the send",
      // Its recipient rows read (a few thousand) and its report fact folded, 200 reads a step.
      timeoutSeconds: 60,
      namePrefix: 'nfold-',
    },
  ],
} as const satisfies ModuleDeclaration;
