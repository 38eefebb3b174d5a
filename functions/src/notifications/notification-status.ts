import type { NotificationStatus } from '@portal/shared/notifications/notification.schema';
import { resolvedGroups } from '../platform/recipients/resolve-recipients.ts';
import type { NotificationRecipientItem } from './notification-recipient.entity.ts';

/**
 * A notification's recipient rows (AP44) as its status counts them: recipients are the users with
 * a delivery row; their receipt rows say received and read (a receipt of anybody else, which may
 * come before its delivery row or from nobody asked, counts for nothing). The report's fact counts
 * the same rows (report-fact.ts).
 */
export function recipientRowsOf(rows: readonly NotificationRecipientItem[]): { delivery: NotificationRecipientItem[]; receipts: NotificationRecipientItem[] } {
  const delivery = rows.filter((r) => r.row === 'USER');
  const recipients = new Set(delivery.map((r) => r.userId));
  return { delivery, receipts: rows.filter((r) => r.row === 'RECEIPT' && recipients.has(r.userId)) };
}

/** The status of a notification from its recipient rows (recipientRowsOf). Read implies received. */
export function statusOf(rows: readonly NotificationRecipientItem[]): NotificationStatus {
  const { delivery, receipts } = recipientRowsOf(rows);
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
