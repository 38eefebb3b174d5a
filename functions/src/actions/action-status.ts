import type { ActionResponse, ActionStatus } from '@portal/shared/actions/action.schema';
import { responseStatusOf } from '@portal/shared/actions/response-status';
import { resolvedGroups } from '../platform/recipients/resolve-recipients.ts';

/** A recipient row (action-recipient.entity.ts): the status reads USER rows; a DELIVERY row (the publish's outcome) says nothing about it. */
export interface RecipientView {
  row?: 'USER' | 'DELIVERY';
  userId: string;
  /** USER: the step the user was first asked in. */
  groupNumber?: number;
  /** USER: the answer, or no-response / not-available. */
  response?: ActionResponse;
  answeredAt?: string | null;
  /** DELIVERY: what the publish did. */
  state?: 'Sent' | 'NotSent';
}

/** What the status reads of the action row (action.entity.ts). */
export interface ActionTimes {
  sendTime: string;
  firstAnswerAt?: string | null;
}

/** A user's devices as presence reports them (devices/public.ts presenceOfUsers). */
export interface Presence {
  has_device: boolean;
  online: boolean;
  last_seen_at: string | null;
}

/**
 * The status of an action from its recipient rows (spec 000 §3, §4). Every USER row is a user
 * asked, with the one status rule (`responseStatusOf`, decision 0050) that the dashboard's counters
 * keep too: not-available users (nothing could reach a device when asked) are the not-received ones
 * and are not counted as sent; an offline watch, or a publish the queue retries, is no-response.
 */
export function actionStatusOf(action: ActionTimes, rows: readonly RecipientView[], presence: ReadonlyMap<string, Presence> = new Map()): ActionStatus {
  const ordered = rows
    .filter((r) => (r.row ?? 'USER') === 'USER')
    .map((r) => ({ userId: r.userId, groupNumber: r.groupNumber ?? 0, answeredAt: r.answeredAt, response: responseStatusOf(r.response) }))
    .sort((a, b) => a.groupNumber - b.groupNumber);
  const withResponse = (response: ActionResponse) => ordered.filter((r) => r.response === response).map((r) => r.userId);
  const byGroup = new Map<number, string[]>();
  for (const row of ordered) byGroup.set(row.groupNumber, [...(byGroup.get(row.groupNumber) ?? []), row.userId]);
  return {
    sent_user_ids: ordered.filter((r) => r.response !== 'not-available').map((r) => r.userId),
    accepted_user_ids: withResponse('accepted'),
    declined_user_ids: withResponse('declined'),
    unanswered_user_ids: withResponse('no-response'),
    not_received_user_ids: withResponse('not-available'),
    answered_time_in_ms: answeredTimeInMs(action),
    resolved_recipient_groups: resolvedGroups([...byGroup].map(([group_number, user_ids]) => ({ group_number, user_ids }))),
    responses: ordered.map((r) => ({
      user_id: r.userId,
      group_number: r.groupNumber,
      response: r.response,
      answered_at: r.answeredAt ?? null,
      last_seen_at: presence.get(r.userId)?.last_seen_at ?? null,
      online: presence.get(r.userId)?.online ?? false,
    })),
  };
}

/** From the send to the first answer; null before anyone answers (and never negative, whatever the clocks). */
export function answeredTimeInMs(action: ActionTimes): number | null {
  if (!action.firstAnswerAt) return null;
  const ms = Date.parse(action.firstAnswerAt) - Date.parse(action.sendTime);
  return Number.isNaN(ms) ? null : Math.max(0, ms);
}

/** A user who has not answered yet is still shown the prompt: they get the withdrawal when it closes. */
export const isUnanswered = (row: Pick<RecipientView, 'response'>) => !row.response || row.response === 'no-response' || row.response === 'not-available';
