import { createEnvelope, type NotificationMessageData } from '@portal/shared/devices/topics';
import { fanOut, messageIdFor } from '../platform/delivery/fan-out.ts';
import { shardCount } from '../platform/delivery/shards.ts';
import { topics } from '../platform/delivery/topics.ts';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { resolveRecipients, type ResolvedRecipient } from '../users/public.ts';
import type { NotificationItem } from './notification.entity.ts';
import { markDelivered } from './notifications.repository.ts';
import { deliveryRow } from './recipients.repository.ts';

export interface PreparedSend {
  /** The notification as sent: listed under SENT, with its recipient and shard counts. */
  item: NotificationItem;
  recipients: ResolvedRecipient[];
}

/** Resolves the recipients now (not when it was scheduled) and fixes the shard count. */
export async function prepareSend(item: NotificationItem, now: Date): Promise<PreparedSend> {
  const resolved = await resolveRecipients(item.orgId, item.recipientGroups as RecipientGroup[], { at: now });
  const sentAt = now.toISOString();
  return {
    item: {
      ...item,
      listState: 'SENT',
      listAt: sentAt,
      sendAt: sentAt,
      sentAt,
      recipientCount: resolved.recipients.length,
      recipientShards: shardCount(resolved.recipients.length),
      deliveredAt: undefined,
      updatedAt: sentAt,
    },
    recipients: resolved.recipients,
  };
}

const text = (value: unknown) => (value as { text?: string } | undefined)?.text ?? '';

/**
 * One inbox message per recipient (QoS 1), then a delivery row per recipient with the outcome.
 * The notification row must already say SENT with its shard count (receipts look it up). Delivery
 * completes before the API answers (decision 0008).
 */
export async function deliver(send: PreparedSend): Promise<{ delivered: number; failed: number }> {
  const { item, recipients } = send;
  const content = item.content as { title?: unknown; body?: unknown };
  const data: NotificationMessageData = {
    kind: 'notification',
    notification_id: item.notificationId,
    title: text(content.title),
    body: text(content.body),
    sent_at: item.sentAt!,
  };
  const sentAt = new Date(item.sentAt!);
  const result = await fanOut({
    recipients,
    message: (r) => ({
      topic: topics.inbox(item.orgId, r.userId),
      payload: JSON.stringify(createEnvelope('notification', data, messageIdFor('notification', item.notificationId, r.userId), sentAt)),
    }),
    statusRow: (r, outcome) => deliveryRow(item.orgId, item.notificationId, item.recipientShards!, r, outcome),
  });
  await markDelivered(item.orgId, item.notificationId, new Date().toISOString());
  return { delivered: result.delivered, failed: result.failed.length };
}
