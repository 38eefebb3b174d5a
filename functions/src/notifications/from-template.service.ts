import { TEMPLATE_NOT_FOUND, notificationSchema } from '@portal/shared/notifications/notification.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { namesRecipients, skipWithoutRecipients, type FromTemplateRequest } from '../platform/templates/from-template-job.ts';
import { createNotification } from './notifications.service.ts';
import { getNotification } from './notifications.repository.ts';
import { notificationTemplates } from './notification-template.entity.ts';

/**
 * A fired trigger's notification template becomes a notification sent now (decision 0039): the
 * template's content and recipients, `meta {template_id, trigger_id}`, the id the firing fixed, sent
 * as `senderId`. Idempotent: a notification with that id already is left as it is.
 */
export async function sendFromTemplate(orgId: string, request: FromTemplateRequest, now: Date): Promise<void> {
  const { templateId, itemId, triggerId, senderId } = request;
  if (await getNotification(orgId, itemId, { consistent: true })) return;
  const template = await notificationTemplates.get(orgId, templateId);
  if (!template) throw new NotFoundError(TEMPLATE_NOT_FOUND);
  if (!namesRecipients(template.notification.recipient_groups)) return skipWithoutRecipients('notifications', orgId, request);
  const input = await parseInput(notificationSchema, {
    content: template.notification.content,
    recipient_groups: template.notification.recipient_groups,
    config: { send: null, recurring: null },
    meta: { template_id: templateId, trigger_id: triggerId },
    save_as_template: false,
  });
  await createNotification(orgId, senderId, input, now, itemId);
}
