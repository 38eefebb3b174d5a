import { parseNotificationEvent, type Envelope } from '@portal/shared/devices/topics';
import { userOfDevice } from '../devices/public.ts';
import { topics } from '../platform/delivery/topics.ts';
import { logger } from '../platform/logger.ts';
import { getNotification } from './notifications.repository.ts';
import { recordReceipt } from './recipients.repository.ts';
import { queueFold } from './report-fold.ts';

export type UplinkOutcome = 'recorded' | 'duplicate' | 'ignored';

/** Envelope ids become key parts: a UUID or similar, never '#'. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const SHARDS_CACHE_MS = 60_000;

/** recipient_shards never changes once sent, so it is cached for a minute (docs/data-model.md §5). */
const shardsCache = new Map<string, { shards: number; until: number }>();

async function shardsOf(orgId: string, notificationId: string, now: number): Promise<number | undefined> {
  const key = `${orgId}/${notificationId}`;
  const cached = shardsCache.get(key);
  if (cached && cached.until > now) return cached.shards;
  const item = await getNotification(orgId, notificationId);
  if (!item?.recipientShards) return undefined;
  if (shardsCache.size > 10_000) shardsCache.clear();
  shardsCache.set(key, { shards: item.recipientShards, until: now + SHARDS_CACHE_MS });
  return item.recipientShards;
}

/**
 * A `received` or `read` of a notification from a device or a user's own events topic. The user
 * is the topic's (a user topic) or the device's (its row), never one named in the message; the
 * envelope id is recorded with the receipt, so a repeat counts once (AP45, AP82).
 */
export async function applyUplink(topic: string, envelope: Envelope, now = new Date()): Promise<UplinkOutcome> {
  const source = topics.parse(topic);
  const receipt = parseNotificationEvent(envelope.data);
  if (!source || (source.kind !== 'events' && source.kind !== 'userEvents') || !receipt || !SAFE_ID.test(envelope.id)) return 'ignored';
  const sender = source.kind === 'events' ? { kind: 'DEVICE' as const, id: source.deviceId } : { kind: 'USER' as const, id: source.userId };
  const userId = source.kind === 'events' ? await userOfDevice(source.orgId, source.deviceId) : source.userId;
  if (!userId) return 'ignored';
  const shards = await shardsOf(source.orgId, receipt.notification_id, now.getTime());
  if (!shards) return 'ignored';
  // A device clock ahead of ours does not date a receipt into the future.
  const at = receipt.at && receipt.at < now.toISOString() ? receipt.at : now.toISOString();
  const recorded = await recordReceipt(
    { orgId: source.orgId, notificationId: receipt.notification_id, shards, userId, event: receipt.event, at, sender, messageId: envelope.id },
    now,
  );
  if (recorded && receipt.event === 'read') await foldSoon(source.orgId, receipt.notification_id, now);
  return recorded ? 'recorded' : 'duplicate';
}

/**
 * A recorded read reaches the report by the next fold (decision 0087). Not the read's failure when
 * it cannot be queued: the next read's fold, or the last one 7 days after the send, counts it.
 */
async function foldSoon(orgId: string, notificationId: string, now: Date): Promise<void> {
  try {
    await queueFold(orgId, notificationId, now);
  } catch (error) {
    logger.warn('Report fold not queued', { orgId, id: notificationId, error: (error as Error).message });
  }
}
