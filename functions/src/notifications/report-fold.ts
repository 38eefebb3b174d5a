import { enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { claimFold } from './notifications.repository.ts';

/** The queue job that folds a notification's report fact after reads (decision 0087). */
export const FOLD_JOB = 'notification.fold';

/** Reads queue at most one fold a minute per notification. */
export const FOLD_INTERVAL_MS = 60_000;

/**
 * The fold waits past its claim's end: a read recorded before then found the claim pending and
 * queued nothing, so the fold must read after it (2 s for the clocks of two functions).
 */
export const FOLD_DELAY_SECONDS = FOLD_INTERVAL_MS / 1000 + 2;

/**
 * After a recorded read (the uplink): claims the next fold until a minute from `now` and queues it
 * (decision 0087: folded at most once a minute while reads arrive). False when a claimed fold is
 * still to run, which will count this read. A claim whose job was never queued ends with its minute.
 */
export async function queueFold(orgId: string, notificationId: string, now: Date): Promise<boolean> {
  const dueAt = new Date(now.getTime() + FOLD_INTERVAL_MS).toISOString();
  if (!(await claimFold(orgId, notificationId, now.toISOString(), dueAt))) return false;
  await enqueueJob(orgId, 'notifications', FOLD_JOB, { notificationId }, { delaySeconds: FOLD_DELAY_SECONDS });
  return true;
}
