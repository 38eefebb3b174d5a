import type { NotificationTemplateDto, NotificationTemplateInput } from '@portal/shared/notifications/notification.schema';
import { TEMPLATE_ROUTES, templateApi } from '../../../lib/template-api.ts';

const templates = templateApi<'notifications', NotificationTemplateDto, NotificationTemplateInput>(TEMPLATE_ROUTES.notifications);

/** GET notification-templates?term&filterBy=all&sortBy=created&isAscending&token (spec 001 §7). */
export const templateSearchQueryOptions = templates.searchQueryOptions;
export const templateQueryOptions = templates.itemQueryOptions;
export const useSaveTemplate = templates.useSave;
export const useDeleteTemplate = templates.useDelete;
