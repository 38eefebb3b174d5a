import type { ActionStatus } from '@portal/shared/actions/action.schema';
import { ACTION_RESPONSES, type ActionResponse } from '@portal/shared/actions/action-states';
import { percentagesOf } from '@portal/shared/dashboard/percentages';

/**
 * Whole percentages of `counts` that sum to 100 (spec 000 §9), by the largest remainder: the one
 * implementation the dashboard uses too (shared/src/dashboard/percentages.ts).
 */
export const percentages = percentagesOf;

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
