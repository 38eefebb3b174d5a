import type { NotificationTemplateDto, NotificationTemplateInput } from '@portal/shared/notifications/notification.schema';
import { templateApi } from '../../../lib/template-api.ts';

const templates = templateApi<'notifications', NotificationTemplateDto, NotificationTemplateInput>({
  module: 'notifications',
  key: 'notification-templates',
  list: 'listNotificationTemplates',
  get: 'getNotificationTemplate',
  create: 'createNotificationTemplate',
  update: 'updateNotificationTemplate',
  remove: 'deleteNotificationTemplate',
});

/** GET notification-templates?term&filterBy=all&sortBy=created&isAscending&token (spec 001 §7). */
export const templateSearchQueryOptions = templates.searchQueryOptions;
export const templateQueryOptions = templates.itemQueryOptions;
export const useSaveTemplate = templates.useSave;
export const useDeleteTemplate = templates.useDelete;
