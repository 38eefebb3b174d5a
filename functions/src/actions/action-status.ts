import type { ActionResponse, ActionStatus } from '@portal/shared/actions/action.schema';
import { resolvedGroups } from '../platform/recipients/resolve-recipients.ts';

/** What the status reads of a recipient row (action-recipient.entity.ts): USER rows, and DELIVERY rows (the publish's outcome). */
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
 * The status of an action from its recipient rows (spec 000 §3, §4). Every row is a user asked;
 * not-available users (nothing reached a device) are the not-received ones and are not counted as
 * sent; an offline watch is no-response while the action is open (the broker holds the message).
 */
export function actionStatusOf(action: ActionTimes, rows: readonly RecipientView[], presence: ReadonlyMap<string, Presence> = new Map()): ActionStatus {
  const notSent = new Set(rows.filter((r) => r.row === 'DELIVERY' && r.state === 'NotSent').map((r) => r.userId));
  const ordered = rows
    .filter((r) => (r.row ?? 'USER') === 'USER')
    .map((r) => ({ userId: r.userId, groupNumber: r.groupNumber ?? 0, answeredAt: r.answeredAt, response: responseOf(r, notSent.has(r.userId)) }))
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

/** A USER row's response; an unanswered user whose publish failed (DELIVERY NotSent) is not-available. */
export function responseOf(row: Pick<RecipientView, 'response'>, publishFailed: boolean): ActionResponse {
  const response = row.response ?? 'no-response';
  return response === 'no-response' && publishFailed ? 'not-available' : response;
}

/** From the send to the first answer; null before anyone answers (and never negative, whatever the clocks). */
export function answeredTimeInMs(action: ActionTimes): number | null {
  if (!action.firstAnswerAt) return null;
  const ms = Date.parse(action.firstAnswerAt) - Date.parse(action.sendTime);
  return Number.isNaN(ms) ? null : Math.max(0, ms);
}

/** A user who has not answered yet is still shown the prompt: they get the withdrawal when it closes. */
export const isUnanswered = (row: Pick<RecipientView, 'response'>) => !row.response || row.response === 'no-response' || row.response === 'not-available';
