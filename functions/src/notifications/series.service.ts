import type { Recurring } from '@portal/shared/notifications/notification.schema';
import { childId, occurrenceAfter, partsIn, seriesOf } from '@portal/shared/notifications/send-time';
import { childMeta } from '@portal/shared/scheduling/series-meta';
import { logger } from '../platform/logger.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { materialiseOccurrenceOnce } from '../platform/scheduling/item-schedules.ts';
import { deliver, prepareSend, type PreparedSend } from './delivery.service.ts';
import type { NotificationItem } from './notification.entity.ts';
import { isRoot, metaOf } from './notification-dto.ts';
import * as repo from './notifications.repository.ts';

/**
 * One occurrence of a series becomes a child of the root and is sent (spec 000 §4). The child's id
 * is `{rootId}-{yyyyMMddTHHmmZ}` of the occurrence, so a second firing of the same occurrence finds
 * it: delivered, it is left alone; a delivery that broke off is finished.
 */
export async function materialiseOccurrence(root: NotificationItem, occurrence: Date, now: Date): Promise<NotificationItem | null> {
  const timeZone = root.timeZone ?? (await organizationTimeZone(root.orgId));
  const recurring = (root.config as { recurring: Recurring | null }).recurring;
  const id = childId(root.notificationId, occurrence);
  const child: NotificationItem = {
    orgId: root.orgId,
    notificationId: id,
    content: root.content,
    recipientGroups: root.recipientGroups,
    config: { send: partsIn(occurrence, timeZone), recurring: null },
    meta: childMeta(metaOf(root), root.notificationId),
    createdBy: root.createdBy,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const prepared = await prepareSend(child, now);
  const materialised = await materialiseOccurrenceOnce<PreparedSend>({
    child: prepared,
    insert: (send) => repo.insertNotification(send.item),
    existing: async () => {
      const existing = await repo.getNotification(root.orgId, id);
      return existing ? { item: existing, recipients: [] } : null;
    },
    delivered: (send) => !!send.item.deliveredAt,
    async resume(existing) {
      // Keep the shard count the first attempt chose, so all rows land in the same partitions.
      prepared.item.recipientShards = existing.item.recipientShards ?? prepared.item.recipientShards;
      await repo.replaceNotification(prepared.item);
      return prepared;
    },
    deliver: async (send) => void (await deliver(send)),
    async advance() {
      if (!recurring) return;
      const next = occurrenceAfter(seriesOf(recurring, timeZone), new Date(Math.max(occurrence.getTime(), now.getTime())));
      await repo.setRootNext(root.orgId, root.notificationId, next?.toISOString() ?? null);
    },
  });
  return materialised?.item ?? null;
}

/** A one-off schedule fired: scheduled -> sent, then delivered (AP42). */
export async function sendScheduled(item: NotificationItem, now: Date): Promise<boolean> {
  const prepared = await prepareSend(item, now);
  const sent = prepared.item;
  if (!(await repo.markSent(item.orgId, item.notificationId, { sentAt: sent.sentAt!, recipientCount: sent.recipientCount!, recipientShards: sent.recipientShards! }))) {
    return false;
  }
  await deliver(prepared);
  return true;
}

/** A one-off firing older than this relative to the stored send time belongs to an earlier schedule. */
const STALE_MS = 60_000;

/**
 * A notification's schedule fired (the scheduled handler, once per firing): a root materialises
 * the occurrence, a scheduled one is sent unless it was delivered or rescheduled meanwhile, a
 * deleted one is left alone.
 */
export async function fireSchedule(orgId: string, notificationId: string, occurrenceAt: string, now = new Date()): Promise<void> {
  const item = await repo.getNotification(orgId, notificationId);
  // Deleted meanwhile: nothing to send.
  if (!item) return;
  const occurrence = new Date(occurrenceAt);
  if (isRoot(item)) {
    await materialiseOccurrence(item, occurrence, now);
    return;
  }
  if (item.deliveredAt) return;
  if (item.listState === 'SCHEDULED' && item.sendAt && Math.abs(Date.parse(item.sendAt) - occurrence.getTime()) > STALE_MS) {
    logger.info('Stale firing ignored: the notification was rescheduled', { id: notificationId, occurrence: occurrenceAt, sendAt: item.sendAt });
    return;
  }
  await sendScheduled(item, now);
}
