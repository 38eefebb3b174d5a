import { mixed } from 'yup';
import {
  deleteQuerySchema,
  notificationListQuerySchema,
  notificationPathSchema,
  notificationSchema,
  notificationTemplateSchema,
  templatePathSchema,
  templateSearchQuerySchema,
} from '@portal/shared/notifications/notification.schema';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { registerDeliveryQueueAdapter } from '../platform/delivery/delivery-queue.ts';
import { sqsDeliveryQueue } from '../platform/delivery/sqs-queue.adapter.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { accepted, created, noContent, ok } from '../platform/http/responses.ts';
import { eventBridgeScheduler } from '../platform/scheduling/eventbridge.adapter.ts';
import { registerSchedulerAdapter } from '../platform/scheduling/scheduler.ts';
import * as notifications from './notifications.service.ts';
import * as templates from './templates.service.ts';
import { registerShiftRecipients } from '../shifts/public.ts';

// `shift_activity_type` recipients resolve to who is on that activity (decision 0031).
registerShiftRecipients();

// The AWS adapters of the delivery queue and scheduling ports (sends now, schedules for later);
// DELIVERY_QUEUE=sqs and SCHEDULER=eventbridge pick them, DELIVERY_QUEUE=in-process and
// SCHEDULER=table the local runtime's (infra/local/functions.ts). docs/architecture.md, "Adapters
// are chosen at the entry".
registerDeliveryQueueAdapter(sqsDeliveryQueue);
registerSchedulerAdapter(eventBridgeScheduler);

/** Any JSON: the edit's schema depends on the stored notification (sent: content only), so the service validates. */
const editBody = mixed();

export const handler = createModuleHandler('notifications', {
  listNotifications: route({ params: orgPathSchema, query: notificationListQuerySchema }, async ({ params, query }) =>
    ok(await notifications.listNotifications(params.orgId, query)),
  ),
  createNotification: route({ params: orgPathSchema, body: notificationSchema }, async ({ params, body, principal }) => {
    const notification = await notifications.createNotification(params.orgId, principal.userId, body);
    // Sent now: accepted, its delivery runs on the queue (decision 0020); scheduled: created.
    return notification.sent_at ? accepted(notification) : created(notification);
  }),
  getNotification: route({ params: notificationPathSchema }, async ({ params }) => ok(await notifications.getNotification(params.orgId, params.notificationId))),
  updateNotification: route({ params: notificationPathSchema, body: editBody }, async ({ params, body, principal }) =>
    ok(await notifications.updateNotification(params.orgId, params.notificationId, body, principal.userId)),
  ),
  deleteNotification: route({ params: notificationPathSchema, query: deleteQuerySchema }, async ({ params, query }) => {
    await notifications.deleteNotification(params.orgId, params.notificationId, query.scope);
    return noContent();
  }),
  getNotificationStatus: route({ params: notificationPathSchema }, async ({ params }) =>
    ok(await notifications.getNotificationStatus(params.orgId, params.notificationId)),
  ),
  getRecurringRoot: route({ params: notificationPathSchema }, async ({ params }) => ok(await notifications.getRecurringRoot(params.orgId, params.notificationId))),

  listNotificationTemplates: route({ params: orgPathSchema, query: templateSearchQuerySchema }, async ({ params, query }) =>
    ok(await templates.searchTemplates(params.orgId, query)),
  ),
  createNotificationTemplate: route({ params: orgPathSchema, body: notificationTemplateSchema }, async ({ params, body, principal }) =>
    created(await templates.createTemplate(params.orgId, principal.userId, body)),
  ),
  getNotificationTemplate: route({ params: templatePathSchema }, async ({ params }) => ok(await templates.getTemplate(params.orgId, params.templateId))),
  updateNotificationTemplate: route({ params: templatePathSchema, body: notificationTemplateSchema }, async ({ params, body }) =>
    ok(await templates.updateTemplate(params.orgId, params.templateId, body)),
  ),
  deleteNotificationTemplate: route({ params: templatePathSchema }, async ({ params }) => {
    await templates.deleteTemplate(params.orgId, params.templateId);
    return noContent();
  }),
});
