import type { NotificationDto, NotificationTemplateDto, NotificationTemplateInput } from '@portal/shared/notifications/notification.schema';
import { orgPaths } from '../../../lib/paths.ts';
import { templateApi, templateRoutes } from '../../../lib/template-api.ts';
import { BellIcon } from '../../../ui/icons.tsx';
import { sendingKit } from '../../../ui/sending-kit.ts';
import { notificationQueryOptions, recurringRootQueryOptions } from '../api/notifications.ts';
import { headlineOf } from './display.ts';
import { NOTIFICATION_TABS } from './notification-tabs.ts';

/** GET notification-templates?term&filterBy=all&sortBy=created&isAscending&token (spec 001 §7), one, save, delete. */
export const notificationTemplates = templateApi<'notifications', NotificationTemplateDto, NotificationTemplateInput>(templateRoutes('notifications'));

/**
 * Notifications as an instance of the sending kit (issue 29): /notifications with tabs sent,
 * scheduled and templates; a series' child asks 'Just this one' or 'All Occurrences' before an edit
 * or a delete; deleting a root ends its series, what was sent stays.
 */
export const notificationsKit = sendingKit<(typeof NOTIFICATION_TABS)[number], NotificationDto, NotificationTemplateDto>({
  listRoute: orgPaths.notifications,
  namespace: 'notifications',
  loadingKey: 'form.loading',
  tabs: NOTIFICATION_TABS,
  param: 'notificationId',
  itemQuery: notificationQueryOptions,
  rootQuery: recurringRootQueryOptions,
  series: {
    headline: headlineOf,
    edit: orgPaths.notificationEdit,
    editRecurring: orgPaths.notificationEditRecurring,
    editRecurringRemote: orgPaths.notificationEditRecurringRemote,
  },
  templates: notificationTemplates,
  templateItem: (template) => template.notification,
  templatePaths: {
    create: orgPaths.notificationTemplateCreate,
    send: orgPaths.notificationSend,
    edit: orgPaths.notificationTemplateEdit,
    copy: orgPaths.notificationTemplateCopy,
    delete: orgPaths.notificationTemplateDelete,
    inspect: orgPaths.notificationTemplateInspect,
  },
  icon: BellIcon,
});
