import { createEnvelope, type NotificationMessageData } from '@portal/shared/devices/topics';
import type { DeliveryKind, DeliveryMessage } from '../platform/delivery/delivery-consumer.ts';
import { enqueueDelivery } from '../platform/delivery/delivery-queue.ts';
import { messageIdFor } from '../platform/delivery/fan-out.ts';
import { shardCount } from '../platform/delivery/shards.ts';
import { topics } from '../platform/delivery/topics.ts';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { resolveRecipients, type ResolvedRecipient } from '../users/public.ts';
import type { NotificationItem } from './notification.entity.ts';
import { getNotification, markDelivered } from './notifications.repository.ts';
import { deliveredUserIds, deliveryRow } from './recipients.repository.ts';
import { afterSend, refreshAfterBatches } from './report-refresh.ts';

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

/** The kind notifications register with the delivery consumer (delivery.handler.ts). */
export const NOTIFICATION_KIND = 'notification';

/**
 * Hands the send to the delivery queue: the recipients in batches, each published and recorded by
 * the delivery consumer (decision 0020). The notification row must already say SENT with its shard
 * count (the consumer loads it; receipts look it up). `delivered_at` then says "queued": from
 * there the queue retries on its own, and a retried firing does not queue it again. Then its report
 * fact (decision 0087).
 */
export async function deliver(send: PreparedSend): Promise<{ batches: number }> {
  const { item, recipients } = send;
  const batches = await enqueueDelivery(item.orgId, { module: 'notifications', kind: NOTIFICATION_KIND, id: item.notificationId }, recipients);
  await markDelivered(item.orgId, item.notificationId, new Date().toISOString());
  await afterSend(item);
  return { batches };
}

/**
 * One recipient's payload without encoding the envelope each time: the envelope is encoded once
 * with a placeholder id, and each message splices its id in (equal to JSON.stringify of the
 * envelope; the unit test holds it so).
 */
export function envelopeWriter(data: NotificationMessageData, sentAt: Date): (messageId: string) => string {
  const placeholder = JSON.stringify('\u0000');
  const encoded = JSON.stringify(createEnvelope('notification', data, '\u0000', sentAt));
  // The id comes before `data` in the envelope: its first occurrence, whatever the texts hold.
  const at = encoded.indexOf(placeholder);
  const head = encoded.slice(0, at);
  const tail = encoded.slice(at + placeholder.length);
  return (messageId) => `${head}${JSON.stringify(messageId)}${tail}`;
}

/** A sent notification as the delivery consumer publishes and records it. */
export function notificationMessage(item: NotificationItem): DeliveryMessage {
  const content = item.content as { title?: unknown; body?: unknown };
  const data: NotificationMessageData = {
    kind: 'notification',
    notification_id: item.notificationId,
    title: text(content.title),
    body: text(content.body),
    sent_at: item.sentAt!,
  };
  const payloadFor = envelopeWriter(data, new Date(item.sentAt!));
  const shards = item.recipientShards!;
  return {
    message: (r) => ({ topic: topics.inbox(item.orgId, r.userId), payload: payloadFor(messageIdFor('notification', item.notificationId, r.userId)) }),
    statusRow: (r, outcome) => deliveryRow(item.orgId, item.notificationId, shards, r, outcome),
    delivered: (recipients) => deliveredUserIds(item.orgId, item.notificationId, shards, recipients.map((r) => r.userId)),
    // The report's `dlv` counts the delivery rows a batch has just written.
    recorded: refreshAfterBatches(item.orgId, item.notificationId),
  };
}

/**
 * Loads a notification for the consumer; one deleted meanwhile, or put back unsent (a send or edit
 * whose queueing failed, notifications.service.ts), is not delivered.
 */
export const notificationDelivery: DeliveryKind = {
  async load(orgId, notificationId) {
    const item = await getNotification(orgId, notificationId, { consistent: true });
    if (!item?.sentAt || !item.recipientShards) return null;
    return notificationMessage(item);
  },
};
