import {
  TEMPLATE_NOT_FOUND,
  type NotificationInput,
  type NotificationTemplateDto,
  type NotificationTemplateInput,
  type NotificationTemplatePage,
} from '@portal/shared/notifications/notification.schema';
import { searchText } from '@portal/shared/notifications/template-search';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { searchKey } from '@portal/shared/text/search-key';
import { DEFAULT_PAGE_SIZE } from '../platform/db/paging.ts';
import { createError } from '../platform/http/errors.ts';
import { assertOwnedIds, recipientRefs } from '../platform/tenancy/owned-ids.ts';
import { newId } from './ids.ts';
import type { NotificationTemplateItem } from './notification-template.entity.ts';
import * as repo from './templates.repository.ts';

const notFound = () => createError(404, TEMPLATE_NOT_FOUND, { expose: true });

type Content = NotificationTemplateDto['notification']['content'];

function toDto(item: NotificationTemplateItem): NotificationTemplateDto {
  return {
    id: item.templateId,
    title: item.title,
    notification: item.notification as NotificationTemplateDto['notification'],
    created_by: item.createdBy,
    created_time: item.createdAt,
  };
}

function itemOf(orgId: string, templateId: string, input: NotificationTemplateInput, author: { createdBy: string; createdAt: string }, now: Date): NotificationTemplateItem {
  const content = input.notification.content as Content;
  return {
    orgId,
    templateId,
    title: input.title,
    notification: { content, recipient_groups: input.notification.recipient_groups as RecipientGroup[] },
    ...author,
    searchText: searchText(input.title, content.title?.text ?? '', content.body?.text ?? ''),
    updatedAt: now.toISOString(),
  };
}

/** A template's recipients must be the organisation's users and groups (docs/security.md, "Ids in request bodies"). */
const checkRecipients = (orgId: string, input: NotificationTemplateInput) =>
  assertOwnedIds(orgId, recipientRefs('notification.recipient_groups', input.notification.recipient_groups));

export async function createTemplate(orgId: string, userId: string, input: NotificationTemplateInput, now = new Date()): Promise<NotificationTemplateDto> {
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, newId(now.getTime()), input, { createdBy: userId, createdAt: now.toISOString() }, now);
  await repo.insertTemplate(item);
  return toDto(item);
}

/** "Save as template" of the notification form: its content and recipients, titled by the title (or the message). */
export async function createTemplateFrom(orgId: string, userId: string, input: NotificationInput, now: Date): Promise<NotificationTemplateDto> {
  const title = (input.content.title.text || input.content.body.text).slice(0, 100);
  return createTemplate(orgId, userId, { title, notification: { content: input.content, recipient_groups: input.recipient_groups } }, now);
}

export async function getTemplate(orgId: string, templateId: string): Promise<NotificationTemplateDto> {
  const item = await repo.getTemplate(orgId, templateId);
  if (!item) throw notFound();
  return toDto(item);
}

export async function updateTemplate(orgId: string, templateId: string, input: NotificationTemplateInput, now = new Date()): Promise<NotificationTemplateDto> {
  const existing = await repo.getTemplate(orgId, templateId);
  if (!existing) throw notFound();
  await checkRecipients(orgId, input);
  const item = itemOf(orgId, templateId, input, { createdBy: existing.createdBy, createdAt: existing.createdAt }, now);
  if (!(await repo.replaceTemplate(item))) throw notFound();
  return toDto(item);
}

export async function deleteTemplate(orgId: string, templateId: string): Promise<void> {
  if (!(await repo.removeTemplate(orgId, templateId))) throw notFound();
}

/** AP65 (spec 001 §7): term, filterBy all, sortBy created, isAscending, token paging. */
export async function searchTemplates(
  orgId: string,
  query: { term: string; isAscending: 'true' | 'false'; token?: string; limit?: number },
): Promise<NotificationTemplatePage> {
  const page = await repo.searchTemplates(orgId, {
    term: searchKey(query.term ?? ''),
    ascending: query.isAscending === 'true',
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    token: query.token,
  });
  return { items: page.items.map(toDto), ...(page.token ? { next_token: page.token } : {}) };
}
