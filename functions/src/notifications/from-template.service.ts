import { TEMPLATE_NOT_FOUND, notificationSchema } from '@portal/shared/notifications/notification.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { parseInput } from '../platform/http/validate.middleware.ts';
import { namesRecipients, skipWithoutRecipients, type FromTemplateRequest } from '../platform/templates/from-template-job.ts';
import { createNotification } from './notifications.service.ts';
import { getNotification } from './notifications.repository.ts';
import { notificationTemplates } from './notification-template.entity.ts';
import { sendScheduled } from './series.service.ts';

/**
 * A fired trigger's notification template becomes a notification sent now (decision 0039): the
 * template's content and recipients, `meta {template_id, trigger_id}`, the id the firing fixed, sent
 * as `senderId`. Idempotent: a notification with that id already is left as it is once its delivery
 * is queued; an attempt cut off after storing it and before queueing it (a kill, a time-out) left it
 * sent to nobody, and the retried job takes the send over, as a retried schedule firing does
 * (`markSent` lets one taker win; a recipient already sent is not sent again).
 */
export async function sendFromTemplate(orgId: string, request: FromTemplateRequest, now: Date): Promise<void> {
  const { templateId, itemId, triggerId, senderId } = request;
  const made = await getNotification(orgId, itemId, { consistent: true });
  if (made) {
    if (!made.deliveredAt) await sendScheduled(made, now);
    return;
  }
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
