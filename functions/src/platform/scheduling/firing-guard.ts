import { conditionalWrite } from '../db/conditional-write.ts';
import { ScheduleFiringEntity } from './schedule-firing.entity.ts';
import { occurrenceOf, scheduleId } from './schedule-names.ts';
import type { ScheduledFiring } from './scheduler.port.ts';

/**
 * A firing acts once (docs/data-model.md AP81). EventBridge Scheduler and Lambda's asynchronous
 * invocation deliver at least once, and the local scheduler retries, so every scheduled handler
 * claims (schedule, occurrence) first. The marker carries a lease: an execution that crashed
 * mid-effect (no release) is taken over by a retry once the lease has run out.
 */

/** Longer than a scheduled handler runs (its Lambda timeout), shorter than the retries' spacing. */
export const FIRING_LEASE_SECONDS = 90;
const MARKER_TTL_SECONDS = 7 * 24 * 3600;

export interface ClaimOptions {
  leaseSeconds?: number;
  now?: Date;
}

/** claimed: this execution acts. done: it already happened. in-progress: another execution holds the lease. */
export type ClaimState = 'claimed' | 'done' | 'in-progress';

const keyOf = (firing: ScheduledFiring) => ({
  orgId: firing.target.orgId,
  scheduleId: scheduleId(firing.schedule_name),
  occurrenceAt: occurrenceOf(firing.occurrence),
});


export async function claimFiringState(firing: ScheduledFiring, options: ClaimOptions = {}): Promise<ClaimState> {
  const now = options.now ?? new Date();
  const key = keyOf(firing);
  const leaseUntil = new Date(now.getTime() + (options.leaseSeconds ?? FIRING_LEASE_SECONDS) * 1000).toISOString();
  const expiresAt = Math.floor(Math.max(new Date(key.occurrenceAt).getTime(), now.getTime()) / 1000) + MARKER_TTL_SECONDS;
  const claimed = await conditionalWrite(() =>
    ScheduleFiringEntity.put({ ...key, state: 'started', leaseUntil, expiresAt })
      .where((attr, op) => `${op.notExists(attr.state)} OR (${op.eq(attr.state, 'started')} AND ${op.lt(attr.leaseUntil, now.toISOString())})`)
      .go(),
  );
  if (claimed) return 'claimed';
  const { data } = await ScheduleFiringEntity.get(key).go({ consistent: true });
  return data?.state === 'done' ? 'done' : 'in-progress';
}

/** True the first time for (schedule_name, occurrence); false while another execution holds it and after it is done. */
export async function claimFiring(firing: ScheduledFiring, options: ClaimOptions = {}): Promise<boolean> {
  return (await claimFiringState(firing, options)) === 'claimed';
}

/** Marks the firing's effect as done: later deliveries are dropped for good. */
export async function completeFiring(firing: ScheduledFiring): Promise<void> {
  await ScheduleFiringEntity.patch(keyOf(firing)).set({ state: 'done' }).go();
}

/**
 * Gives a claimed firing back after a failed effect, so the retry acts at once instead of after the
 * lease; the local scheduler also gives back a claim no live run holds (infra/local/local-scheduler.ts).
 */
export async function releaseFiring(firing: ScheduledFiring): Promise<void> {
  // Refused when the claim is no longer ours to give back (done, or taken over): nothing to do.
  await conditionalWrite(() =>
    ScheduleFiringEntity.delete(keyOf(firing))
      .where((attr, op) => op.eq(attr.state, 'started'))
      .go(),
  );
}

/** Thrown when a duplicate arrives while the first delivery is still at work: the platform retries later and then finds it done. */
export class FiringInProgressError extends Error {
  override readonly name = 'FiringInProgressError';
  constructor(readonly firing: ScheduledFiring) {
    super(`Firing ${firing.schedule_name} @ ${firing.occurrence} is being handled by another execution`);
  }
}

/**
 * The usual way for a scheduled handler: runs `effect` once per firing. Resolves true when it ran,
 * false for a duplicate of a finished firing; a failed effect releases the claim and rethrows.
 */
export async function runFiringOnce(firing: ScheduledFiring, effect: () => Promise<void>, options: ClaimOptions = {}): Promise<boolean> {
  const state = await claimFiringState(firing, options);
  if (state === 'done') return false;
  if (state === 'in-progress') throw new FiringInProgressError(firing);
  try {
    await effect();
  } catch (error) {
    await releaseFiring(firing).catch(() => undefined);
    throw error;
  }
  await completeFiring(firing);
  return true;
}
