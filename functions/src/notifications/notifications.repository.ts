import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
import { NotificationEntity, type NotificationItem } from './notification.entity.ts';

export type ListTab = 'SENT' | 'SCHEDULED';

// AP40. `consistent`: the delivery consumer, which reads a row written just before its batch was
// queued (an eventually consistent read could miss it, or see it unsent, and drop the batch).
export async function getNotification(orgId: string, notificationId: string, options: { consistent?: boolean } = {}): Promise<NotificationItem | null> {
  return (await NotificationEntity.get({ orgId, notificationId }).go({ consistent: options.consistent ?? false })).data;
}

/** False when the id exists already (a recurring child materialised twice). */
export async function insertNotification(item: NotificationItem): Promise<boolean> {
  return conditionalWrite(() => NotificationEntity.create(item).go());
}

/** Replaces a notification that still exists; false when it is gone. */
export async function replaceNotification(item: NotificationItem): Promise<boolean> {
  return conditionalWrite(() =>
    NotificationEntity.put(item)
      .where((attr, op) => op.exists(attr.notificationId))
      .go(),
  );
}

/**
 * AP42: scheduled -> sent, with the recipient count and shard count receipts need. Conditional, so
 * only one sender wins; a send that started but never finished (`delivered_at` missing) may be
 * taken over by the retry of its firing.
 */
export async function markSent(orgId: string, notificationId: string, sent: { sentAt: string; recipientCount: number; recipientShards: number }): Promise<boolean> {
  return conditionalWrite(() =>
    NotificationEntity.patch({ orgId, notificationId })
      .set({ listState: 'SENT', listAt: sent.sentAt, sendAt: sent.sentAt, ...sent, updatedAt: sent.sentAt })
      // Parenthesised: ElectroDB joins it to its own attribute_exists checks with AND.
      .where((attr, op) => `(${op.eq(attr.listState, 'SCHEDULED')} OR ${op.notExists(attr.deliveredAt)})`)
      .go(),
  );
}

export async function markDelivered(orgId: string, notificationId: string, deliveredAt: string): Promise<void> {
  await NotificationEntity.patch({ orgId, notificationId }).set({ deliveredAt }).go();
}

/**
 * Claims the report's next fold of a sent notification until `dueAt` (decision 0087): true when no
 * claim is pending at `now` (none, or its time has passed), so reads queue at most one fold a
 * minute. False for a deleted notification.
 */
export async function claimFold(orgId: string, notificationId: string, now: string, dueAt: string): Promise<boolean> {
  return conditionalWrite(() =>
    NotificationEntity.patch({ orgId, notificationId })
      .set({ foldDueAt: dueAt })
      .where((attr, op) => `(${op.notExists(attr.foldDueAt)} OR ${op.lt(attr.foldDueAt, now)})`)
      .go(),
  );
}

/** Content-only edit of a sent notification. */
export async function setContent(orgId: string, notificationId: string, content: unknown, updatedAt: string): Promise<void> {
  await NotificationEntity.patch({ orgId, notificationId }).set({ content, updatedAt }).go();
}

/** A root's next occurrence, or none: the series is over and the root leaves the scheduled list. */
export async function setRootNext(orgId: string, notificationId: string, next: string | null): Promise<void> {
  const patch = NotificationEntity.patch({ orgId, notificationId });
  if (next) await patch.set({ listState: 'SCHEDULED', listAt: next, sendAt: next }).go();
  else await patch.remove(['listState', 'listAt']).go();
}

// AP38 (sent, newest first) and AP39 (scheduled, soonest first).
export async function listPage(orgId: string, tab: ListTab, limit: number, token?: string) {
  const cursor = checkedPageToken(token, 'gsi1pk', `ORG#${orgId}#NOTIFS#${tab}`);
  return withPageToken(() => NotificationEntity.query.byList({ orgId, listState: tab }).go({ limit, cursor: cursor ?? null, order: tab === 'SENT' ? 'desc' : 'asc' }));
}

// AP41: the root and every child of a series (children's ids start with the root's).
export async function getSeries(orgId: string, rootId: string): Promise<NotificationItem[]> {
  return (await NotificationEntity.query.byId({ orgId }).begins({ notificationId: rootId }).go({ pages: 'all' })).data;
}

export async function deleteNotification(orgId: string, notificationId: string): Promise<void> {
  await NotificationEntity.delete({ orgId, notificationId }).go();
}
