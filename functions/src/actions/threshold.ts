import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import type { ResponseThreshold } from '@portal/shared/actions/action.schema';

/**
 * The response threshold of spec 000 §3 as pure rules over the action row's counters
 * (docs/decisions, action escalation). Any: the first accept; Number N: N accepts; All: every
 * recipient asked so far, so its need grows with each group asked.
 */
export type Threshold = Pick<ResponseThreshold, 'type' | 'number'>;

export interface Counts {
  /** Distinct users asked so far. */
  recipientCount: number;
  acceptedCount: number;
  declinedCount: number;
  /** What fulfils the action (neededCount on the row). */
  neededCount: number;
}

/** The accepts that fulfil the threshold when `recipientCount` users have been asked. */
export function neededCount(threshold: Threshold, recipientCount: number): number {
  if (threshold.type === RESPONSE_THRESHOLD_TYPES.All) return recipientCount;
  if (threshold.type === RESPONSE_THRESHOLD_TYPES.Number) return Math.max(1, threshold.number ?? 1);
  return 1;
}

/** Met: enough accepts (an All action with nobody asked is never met). */
export const isFulfilled = (counts: Pick<Counts, 'acceptedCount' | 'neededCount'>): boolean =>
  counts.neededCount > 0 && counts.acceptedCount >= counts.neededCount;

/**
 * Among the users asked so far the threshold can no longer be met: even if everyone who has not
 * declined accepted, there would be too few (All: any decline).
 */
export const isImpossible = (counts: Counts): boolean =>
  !isFulfilled(counts) && (counts.neededCount <= 0 || counts.recipientCount - counts.declinedCount < counts.neededCount);

/** What a decline leads to, once counted. */
export type AfterDecline = 'nothing' | 'escalate' | 'reject';

/**
 * After a decline: nothing while the threshold is still possible among those asked; else escalate
 * at once when a next group exists, else reject. All is rejected at the first decline whatever
 * groups remain: the decliner stays one of "everyone asked", so no further group could meet it.
 */
export function afterDecline(threshold: Threshold, counts: Counts, hasNextGroup: boolean): AfterDecline {
  if (!isImpossible(counts)) return 'nothing';
  if (threshold.type === RESPONSE_THRESHOLD_TYPES.All) return 'reject';
  return hasNextGroup ? 'escalate' : 'reject';
}
