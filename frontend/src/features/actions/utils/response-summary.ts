import type { ActionStatus } from '@portal/shared/actions/action.schema';
import { ACTION_RESPONSES, type ActionResponse } from '@portal/shared/actions/action-states';

/**
 * Whole percentages of `counts` that sum to 100 (spec 000 §9), by the largest remainder: each
 * share rounded down, then the points left go to the largest remainders (the earlier on a tie).
 * No counts at all: every share is 0.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface ResponseShare {
  response: ActionResponse;
  count: number;
  percent: number;
}

/** Accepted, declined, no-response and not-available: how many recipients each, and their share of those asked. */
export function responseSummary(responses: ActionStatus['responses']): ResponseShare[] {
  const counts = ACTION_RESPONSES.map((response) => responses.filter((row) => row.response === response).length);
  const shares = percentages(counts);
  return ACTION_RESPONSES.map((response, index) => ({ response, count: counts[index]!, percent: shares[index]! }));
}
