import type { NotificationDto, NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { seriesMetaOf, type SeriesMeta } from '@portal/shared/scheduling/series-meta';
import type { NotificationItem } from './notification.entity.ts';

export const RECURRING_ROOT = 'notification_recurring_root';

/** What is stored in `meta`: the spec's meta without the derived `scheduled`. */
export const metaOf = (item: NotificationItem): SeriesMeta => seriesMetaOf(item.meta);
export const isRoot = (item: NotificationItem) => item.itemType === RECURRING_ROOT;
export const isChild = (item: NotificationItem) => metaOf(item).is_recurring_child === true;
/** Sent (or sending): only its content may change. A root is never sent itself. */
export const isSent = (item: NotificationItem) => !isRoot(item) && (item.listState === 'SENT' || !!item.sentAt);

export function toDto(item: NotificationItem, status?: NotificationStatus): NotificationDto {
  return {
    id: item.notificationId,
    ...(isRoot(item) ? { item_type: RECURRING_ROOT } : {}),
    content: item.content as NotificationDto['content'],
    recipient_groups: item.recipientGroups as NotificationDto['recipient_groups'],
    config: item.config as NotificationDto['config'],
    meta: { scheduled: item.listState === 'SCHEDULED', ...metaOf(item) },
    created_by: item.createdBy,
    created_time: item.createdAt,
    send_at: item.sendAt ?? null,
    ...(item.sentAt ? { sent_at: item.sentAt } : {}),
    ...(item.recipientCount !== undefined ? { recipient_count: item.recipientCount } : {}),
    ...(status ? { status } : {}),
  };
}
