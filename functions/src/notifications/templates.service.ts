import {
  TEMPLATE_NOT_FOUND,
  type NotificationInput,
  type NotificationTemplateDto,
  type NotificationTemplateInput,
  type NotificationTemplatePage,
} from '@portal/shared/notifications/notification.schema';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { newId } from '../platform/db/ids.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import type { TemplateInput, TemplateSearchQuery } from '../platform/templates/template-store.ts';
import type { NotificationTemplateItem } from './notification-template.entity.ts';
import { notificationTemplates } from './templates.repository.ts';
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

export async function createTemplate(orgId: string, userId: string, input: NotificationTemplateInput, now = new Date()): Promise<NotificationTemplateDto> {
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, newId(now.getTime()), input, { createdBy: userId, createdAt: now.toISOString() }, now);
  await notificationTemplates.create(item);
  return toDto(item);
}

/** "Save as template" of the notification form: its content and recipients, titled by the title (or the message). */
export async function createTemplateFrom(orgId: string, userId: string, input: NotificationInput, now: Date): Promise<NotificationTemplateDto> {
  const title = (input.content.title.text || input.content.body.text).slice(0, 100);
  return createTemplate(orgId, userId, { title, notification: { content: input.content, recipient_groups: input.recipient_groups } }, now);
}

export async function getTemplate(orgId: string, templateId: string): Promise<NotificationTemplateDto> {
  const item = await notificationTemplates.get(orgId, templateId);
  if (!item) throw notFound();
  return toDto(item);
}

export async function updateTemplate(orgId: string, templateId: string, input: NotificationTemplateInput, now = new Date()): Promise<NotificationTemplateDto> {
  const existing = await notificationTemplates.get(orgId, templateId);
  if (!existing) throw notFound();
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, templateId, input, { createdBy: existing.createdBy, createdAt: existing.createdAt }, now);
  if (!(await notificationTemplates.replace(item))) throw notFound();
  return toDto(item);
}

export async function deleteTemplate(orgId: string, templateId: string): Promise<void> {
  if (!(await notificationTemplates.remove(orgId, templateId))) throw notFound();
}

/** AP65 (spec 001 §7): term, filterBy all, sortBy created, isAscending, token paging. */
export async function searchTemplates(orgId: string, query: TemplateSearchQuery): Promise<NotificationTemplatePage> {
  const page = await notificationTemplates.search(orgId, query);
  return { ...page, items: page.items.map(toDto) };
}
