import type { NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { messageTemplateKind, storedAs, type TemplateItem } from '../platform/templates/template-kind.ts';
import { templateStore } from '../platform/templates/template-store.ts';

/**
 * A notification template (AP63): content and recipients to send again, under
 * `sk=TEMPLATE#NOTIFICATION#{templateId}`. ULID ids, so the sort key order is creation order
 * (sortBy created); `search_text` is searchKey(title + content title + body) for the substring
 * search of AP65.
 */
export const NotificationTemplateKind = messageTemplateKind('notification', storedAs<NotificationTemplateDto['notification']>());

export type NotificationTemplateItem = TemplateItem<typeof NotificationTemplateKind>;

/** AP63–AP65: the kit's store over this kind (get, create, replace, remove, list, search). */
export const notificationTemplates = templateStore(NotificationTemplateKind);
