import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationDto, NotificationPage, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { api } from '../../../lib/api.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import type { NotificationBody } from '../utils/notification-mapper.ts';
import { listRefetchInterval, type NotificationTab } from '../utils/notification-tabs.ts';

/** Every notifications query of an organisation starts with this key. */
export const notificationsKey = (orgId: string) => ['notifications', orgId] as const;

/**
 * GET notifications?tab=sent|scheduled&next_token: one page at a time ("Load more"). Refetched
 * while open so a scheduled send moves to sent when it fires.
 */
export function notificationListQueryOptions(orgId: string, tab: NotificationTab) {
  return infiniteQueryOptions({
    queryKey: [...notificationsKey(orgId), 'list', tab],
    queryFn: ({ pageParam, signal }) =>
      api.request<NotificationPage>('notifications', 'listNotifications', { params: { orgId }, query: { tab, next_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_token || undefined,
    refetchInterval: (query) => listRefetchInterval(tab, query.state.data?.pages.flatMap((p) => p.items) ?? [], new Date()),
    // A list the route's loader has just read is shown as it is, not read again on mount.
    staleTime: 5_000,
  });
}

/** GET notifications/{id} (with its status). */
export function notificationQueryOptions(orgId: string, notificationId: string) {
  return queryOptions({
    queryKey: [...notificationsKey(orgId), 'detail', notificationId],
    queryFn: ({ signal }) => api.request<NotificationDto>('notifications', 'getNotification', { params: { orgId, notificationId }, signal }),
  });
}

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

export type SaveNotificationInput =
  | { mode: 'create'; body: NotificationBody }
  | { mode: 'update'; notificationId: string; body: NotificationBody | { content: NotificationBody['content'] } };

/** POST notifications (send or schedule) or PUT notifications/{id} (a sent one: content only). */
export function useSaveNotification(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveNotificationInput) =>
      input.mode === 'create'
        ? api.request<NotificationDto>('notifications', 'createNotification', { params: { orgId }, body: input.body })
        : api.request<NotificationDto>('notifications', 'updateNotification', { params: { orgId, notificationId: input.notificationId }, body: input.body }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey(orgId) }),
  });
}

/** DELETE notifications/{id}?scope=one|all ('all' removes a child's whole series). */
export function useDeleteNotification(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId, scope }: { notificationId: string; scope: 'one' | 'all' }) =>
      api.request<void>('notifications', 'deleteNotification', { params: { orgId, notificationId }, query: { scope } }),
    onSuccess: (_, { notificationId }) => {
      client.removeQueries({ queryKey: [...notificationsKey(orgId), 'detail', notificationId] });
      return client.invalidateQueries({ queryKey: notificationsKey(orgId) });
    },
  });
}
