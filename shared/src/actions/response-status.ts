import type { ResponseCounts } from '../dashboard/dashboard-keys.ts';
import { ACTION_RESPONSES, type ActionResponse } from './action-states.ts';

/**
 * The one status rule of a person asked by an action (decision 0050), read by the action's status
 * (functions/src/actions/action-status.ts, the details pane) and kept by the counters on the action
 * row that the dashboard reads (decision 0036): the response their USER row holds. accepted and
 * declined are answers; not-available means nothing could reach them when their step was asked
 * (no device, no watch-emulator connection, decision 0026); everyone else asked is no-response. A
 * failed publish does not change it: the delivery queue publishes it again (decision 0020), like
 * the broker holds a prompt for an offline watch, and no counter could follow a row that flips back
 * to Sent on the retry. Without yup, so the dashboard and actions pages load it cheaply.
 */
export function responseStatusOf(stored: unknown): ActionResponse {
  return (ACTION_RESPONSES as readonly unknown[]).includes(stored) ? (stored as ActionResponse) : 'no-response';
}

/** The dashboard's key of each response (its counts are spelled with underscores). */
export const RESPONSE_COUNT_KEYS: Readonly<Record<ActionResponse, keyof ResponseCounts>> = {
  accepted: 'accepted',
  declined: 'declined',
  'no-response': 'no_response',
  'not-available': 'not_available',
};

/** How many of `responses` are of each status, as the dashboard counts them. */
export function countResponses(responses: readonly ActionResponse[]): ResponseCounts {
  const counts: ResponseCounts = { accepted: 0, declined: 0, no_response: 0, not_available: 0 };
  for (const response of responses) counts[RESPONSE_COUNT_KEYS[response]] += 1;
  return counts;
}
