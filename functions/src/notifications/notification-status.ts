import type { NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { resolvedGroups } from '../platform/recipients/resolve-recipients.ts';
import type { NotificationRecipientItem } from './notification-recipient.entity.ts';

/**
 * The status of a notification from its recipient rows (AP44): recipients are the users with a
 * delivery row; received and read come from their receipt rows (a receipt of anybody else counts
 * for nothing). Read implies received.
 */
export function statusOf(rows: readonly NotificationRecipientItem[]): NotificationStatus {
  const delivery = rows.filter((r) => r.row === 'USER');
  const recipients = new Set(delivery.map((r) => r.userId));
  const receipts = rows.filter((r) => r.row === 'RECEIPT' && recipients.has(r.userId));
  const byGroup = new Map<number, string[]>();
  for (const row of delivery) byGroup.set(row.groupNumber ?? 0, [...(byGroup.get(row.groupNumber ?? 0) ?? []), row.userId]);
  return {
    user_ids: delivery.map((r) => r.userId),
    sent_user_ids: delivery.filter((r) => r.state === 'Sent').map((r) => r.userId),
    received_user_ids: receipts.filter((r) => r.receivedAt || r.readAt).map((r) => r.userId),
    read_user_ids: receipts.filter((r) => r.readAt).map((r) => r.userId),
    resolved_recipient_groups: resolvedGroups([...byGroup].sort(([a], [b]) => a - b).map(([group_number, user_ids]) => ({ group_number, user_ids }))),
  };
}

export const EMPTY_STATUS: NotificationStatus = { user_ids: [], sent_user_ids: [], received_user_ids: [], read_user_ids: [], resolved_recipient_groups: [] };
