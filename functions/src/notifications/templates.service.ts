import {
  TEMPLATE_NOT_FOUND,
  type NotificationInput,
  type NotificationTemplateDto,
  type NotificationTemplateInput,
} from '@portal/shared/notifications/notification.schema';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import { templateService } from '../platform/templates/template-service.ts';
import type { TemplateInput } from '../platform/templates/template-store.ts';
import { notificationTemplates, type NotificationTemplateItem } from './notification-template.entity.ts';
import { assertRecipients } from '../users/public.ts';

const notFound = () => new NotFoundError(TEMPLATE_NOT_FOUND);

function toDto(item: TemplateInput<NotificationTemplateItem>): NotificationTemplateDto {
  return {
    id: item.templateId,
    title: item.title,
    notification: item.notification,
    created_by: item.createdBy,
    created_time: item.createdAt,
  };
}

/** The stored template; its `search_text` is derived by the store. */
function itemOf(
  orgId: string,
  templateId: string,
  input: NotificationTemplateInput,
  author: { createdBy: string; createdAt: string },
  now: Date,
): TemplateInput<NotificationTemplateItem> {
  return {
    orgId,
    templateId,
    title: input.title,
    notification: { content: input.notification.content, recipient_groups: input.notification.recipient_groups as RecipientGroup[] },
    ...author,
    updatedAt: now.toISOString(),
  };
}

/** A template's recipients must be the organisation's users and groups (docs/security.md, "Ids in request bodies"). */
const checkRecipients = (orgId: string, input: NotificationTemplateInput) =>
  assertRecipients(orgId, 'notification.recipient_groups', input.notification.recipient_groups);

/** The kit's template routes over this module's store (platform/templates/template-service.ts). */
const service = templateService({ store: notificationTemplates, itemOf, toDto, checkIds: checkRecipients, notFound });

export const createTemplate = service.create;
export const getTemplate = service.get;
export const updateTemplate = service.update;
export const deleteTemplate = service.remove;
export const searchTemplates = service.search;

/** "Save as template" of the notification form: its content and recipients, titled by the title (or the message). */
export async function createTemplateFrom(orgId: string, userId: string, input: NotificationInput, now: Date): Promise<NotificationTemplateDto> {
  const title = (input.content.title.text || input.content.body.text).slice(0, 100);
  return createTemplate(orgId, userId, { title, notification: { content: input.content, recipient_groups: input.recipient_groups } }, now);
}
