import { queryOptions } from '@tanstack/react-query';
import type { NotificationDto, NotificationPage, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { api } from '../../../lib/api.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { crudResource } from '../../../lib/resource-api.ts';
import type { NotificationBody } from '../utils/notification-mapper.ts';
import { listRefetchInterval, type NotificationTab } from '../utils/notification-tabs.ts';

/** Every notifications query of an organisation starts with this key. */
export const notificationsKey = (orgId: string) => ['notifications', orgId] as const;

/**
 * Notifications: GET notifications/{id} (with its status); POST notifications (send or schedule)
 * or PUT notifications/{id} (a sent one: content only); DELETE notifications/{id}?scope=one|all
 * ('all' removes a child's whole series).
 */
const notifications = crudResource<{ item: NotificationDto; input: NotificationBody | { content: NotificationBody['content'] }; list: NotificationPage }>()({
  module: 'notifications',
  key: notificationsKey,
  id: 'notificationId',
  list: 'listNotifications',
  get: 'getNotification',
  create: 'createNotification',
  update: 'updateNotification',
  remove: 'deleteNotification',
});

/**
 * GET notifications?tab=sent|scheduled&next_token: one page at a time ("Load more"). Refetched
 * while open so a scheduled send moves to sent when it fires.
 */
export function notificationListQueryOptions(orgId: string, tab: NotificationTab) {
  return notifications.pagesQueryOptions(orgId, {
    query: { tab },
    refetchInterval: (pages) => listRefetchInterval(tab, pages?.flatMap((p) => p.items) ?? [], new Date()),
    // A list the route's loader has just read is shown as it is, not read again on mount.
    staleTime: 5_000,
  });
}

export const notificationQueryOptions = notifications.itemQueryOptions;
export const useSaveNotification = notifications.useSave;
export const useDeleteNotification = notifications.useDelete;

/** GET notifications/{id}/status: polled while the details pane is open, so per-user statuses update live. */
export function notificationStatusQueryOptions(orgId: string, notificationId: string) {
  return queryOptions({
    queryKey: [...notificationsKey(orgId), 'status', notificationId],
    queryFn: ({ signal }) => api.request<NotificationStatus>('notifications', 'getNotificationStatus', { params: { orgId, notificationId }, signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
}

/** GET notifications/{id}/recurring-root: the root of a series' child. */
export function recurringRootQueryOptions(orgId: string, notificationId: string) {
  return queryOptions({
    queryKey: [...notificationsKey(orgId), 'root', notificationId],
    queryFn: ({ signal }) => api.request<NotificationDto>('notifications', 'getRecurringRoot', { params: { orgId, notificationId }, signal }),
    staleTime: 0,
  });
}
