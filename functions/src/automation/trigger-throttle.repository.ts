import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { TriggerThrottleEntity } from './trigger-throttle.entity.ts';

/** The throttle row outlives its window by a day, then DynamoDB's TTL removes it. */
const KEEP_SECONDS = 24 * 3600;

export type ThrottleClaim = { claimed: true } | { claimed: false; lastFiredAt: string };

/**
 * Claims the trigger's window at `now`: ONE conditional put, won when there is no row or its last
 * firing is `windowSeconds` or more before `now`. Refused, the row is read (consistently) for the
 * time left.
 */
export async function claimThrottle(orgId: string, triggerId: string, windowSeconds: number, now: Date): Promise<ThrottleClaim> {
  const lastFiredAt = now.toISOString();
  const cutoff = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const claimed = await conditionalWrite(() =>
    TriggerThrottleEntity.put({ orgId, triggerId, lastFiredAt, expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS })
      .where((attr, op) => `${op.notExists(attr.lastFiredAt)} OR ${op.lte(attr.lastFiredAt, cutoff)}`)
      .go(),
  );
  if (claimed) return { claimed: true };
  const { data } = await TriggerThrottleEntity.get({ orgId, triggerId }).go({ consistent: true });
  // Gone between the two calls (TTL): the window is over; the caller may claim again.
  return data ? { claimed: false, lastFiredAt: data.lastFiredAt } : { claimed: false, lastFiredAt: cutoff };
}

/** Gives the window back after a firing that created nothing: only while the row is still this claim's. */
export async function releaseThrottle(orgId: string, triggerId: string, claimedAt: Date): Promise<void> {
  await conditionalWrite(() =>
    TriggerThrottleEntity.delete({ orgId, triggerId })
      .where((attr, op) => op.eq(attr.lastFiredAt, claimedAt.toISOString()))
      .go(),
  );
}
