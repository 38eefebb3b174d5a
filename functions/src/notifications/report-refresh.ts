import { registerQueueJob } from '../platform/delivery/delivery-consumer.ts';
import { logger } from '../platform/logger.ts';
import { factRefresher } from '../platform/reports/fact-refresher.ts';
import { cancelSchedule, itemSchedules } from '../platform/scheduling/item-schedules.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import type { NotificationItem } from './notification.entity.ts';
import { getNotification } from './notifications.repository.ts';
import { readRows } from './recipients.repository.ts';
import { FOLD_JOB } from './report-fold.ts';
import { NOTIF_FACT, READ_WINDOW_MS, notificationFactOf } from './report-fact.ts';

/**
 * A notification's report fact, folded from its row and recipient rows (AP40, AP44, both read
 * consistently) in steps of at most 200 reads from the stored fact until it is whole (decision
 * 0087). Not sent: no fact. Gone (deleted): the fact stays as it was (history stays).
 */
export const notificationFacts = factRefresher({
  module: 'notifications',
  kind: NOTIF_FACT,
  stepwise: true,
  read: async (orgId, notificationId, stored) => {
    const item = await getNotification(orgId, notificationId, { consistent: true });
    if (!item?.sentAt) return null;
    const rows = item.recipientShards ? await readRows(orgId, notificationId, item.recipientShards, { consistent: true }) : [];
    return notificationFactOf(item, rows, await organizationTimeZone(orgId), stored);
  },
});

/** The scheduled job of the last fold (shared/src/notifications/module.ts). */
export const FINAL_FOLD_TYPE = 'notification.fold';
const foldSchedules = itemSchedules({ module: 'notifications', type: FINAL_FOLD_TYPE });

/** The last fold waits this long past the 7 days, for a read recorded just before they ended. */
const FINAL_FOLD_MARGIN_MS = 5 * 60_000;

/** The one-off of a notification's last fold, named for it (cancelled with it). */
export const finalFoldNameOf = (notificationId: string) => foldSchedules.nameOf(notificationId);

/**
 * After a send's delivery is queued (every send: now, scheduled, a series' occurrence, a fired
 * template): the fact with n 1, and the last fold scheduled 7 days on. A report never fails the
 * send: a failed refresh is queued (the kit), a failed schedule logged (the reads' folds still count
 * every read while they arrive).
 */
export async function afterSend(item: NotificationItem): Promise<void> {
  await notificationFacts.refresh(item.orgId, item.notificationId);
  const at = new Date(Math.ceil((Date.parse(item.sentAt!) + READ_WINDOW_MS + FINAL_FOLD_MARGIN_MS) / 1000) * 1000);
  try {
    await foldSchedules.scheduleOnce(item.orgId, item.notificationId, at);
  } catch (error) {
    logger.error('Last report fold not scheduled', { orgId: item.orgId, id: item.notificationId, error: (error as Error).message });
  }
}

/**
 * After a batch's delivery rows are written (the delivery consumer's `recorded`): the fact again,
 * now with those recipients delivered to. The batches of one send loaded together share this, so
 * they refresh one at a time and run together what arrives meanwhile (one refresh, not ten racing).
 */
export function refreshAfterBatches(orgId: string, notificationId: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => (running = notificationFacts.refresh(orgId, notificationId).finally(() => (running = null)));
  return () => {
    if (!running) return start();
    next ??= running.then(() => {
      next = null;
      return start();
    });
    return next;
  };
}

/** The last fold, 7 days after the send (the scheduled function); its outcome says whether it changed the fact. */
export async function runFinalFold(orgId: string, notificationId: string): Promise<boolean> {
  const outcome = await notificationFacts.now(orgId, notificationId);
  return outcome !== 'unchanged' && outcome !== 'gone';
}

/** Removing a notification: its fact once more as it last was (history stays), and its last fold cancelled. */
export async function beforeRemove(item: NotificationItem): Promise<void> {
  if (item.sentAt) await notificationFacts.refresh(item.orgId, item.notificationId);
  await cancelSchedule(finalFoldNameOf(item.notificationId));
}

/** The notifications delivery entry's report jobs: the reads' fold and a failed refresh. */
export function registerReportJobs(): void {
  registerQueueJob('notifications', FOLD_JOB, async (orgId, payload) => {
    const notificationId = (payload as { notificationId?: unknown } | null)?.notificationId;
    if (typeof notificationId !== 'string' || !notificationId) throw new Error(`Not a ${FOLD_JOB} job payload`);
    await notificationFacts.now(orgId, notificationId);
  });
  notificationFacts.registerJob();
}
