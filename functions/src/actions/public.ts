import type { ActionState } from '@portal/shared/actions/action-states';
import { answeredTimeInMs } from './action-status.ts';
import { templateTitles } from '../platform/templates/template-store.ts';
import { actionTemplates } from './action-template.entity.ts';
import { firstAcceptsOf, latestActions } from './actions.repository.ts';

/**
 * The actions module's public way in (decision 0014): what other modules may read of its actions.
 * The dashboard (decision 0036) reads the latest actions with the counters their rows keep; a
 * trigger's firings (decision 0039) who accepted the actions it made first, and when.
 */

/** An action as a summary shows it: its state, the step it reached and its counters. */
export interface ActionSummary {
  id: string;
  name: string;
  state: ActionState;
  sent_at: string;
  /** 0-based: the last recipient group asked. */
  step: number;
  /** Recipient groups it has (its escalation steps). */
  groups: number;
  recipient_count: number;
  accepted_count: number;
  declined_count: number;
  /** 0 on actions sent before the counter existed. */
  not_available_count: number;
  /** From the send to the first accept (the status's rule for the first answer); null while nobody accepted. */
  first_accept_ms: number | null;
}

/** The `limit` most recently sent actions, newest first (AP51: ONE Query of the sent list). */
export async function recentActions(orgId: string, limit: number): Promise<ActionSummary[]> {
  const items = await latestActions(orgId, limit);
  return items.map((item) => ({
    id: item.actionId,
    name: (item.content as { title?: { text?: string } }).title?.text ?? '',
    state: item.state,
    sent_at: item.sendTime,
    step: item.step,
    groups: Array.isArray(item.recipientGroups) ? item.recipientGroups.length : 1,
    recipient_count: item.recipientCount,
    accepted_count: item.acceptedCount,
    declined_count: item.declinedCount,
    not_available_count: item.notAvailableCount ?? 0,
    first_accept_ms: answeredTimeInMs({ sendTime: item.sendTime, firstAnswerAt: item.firstAcceptAt ?? null }),
  }));
}

/**
 * When each of these actions was first accepted and by whom (ONE BatchGetItem per 100 ids): actions
 * nobody accepted, and ids not found (removed), are not in the map.
 */
export async function firstAccepts(orgId: string, actionIds: readonly string[]): Promise<Map<string, { at: string; by: string }>> {
  const rows = await firstAcceptsOf(orgId, actionIds);
  return new Map(rows.map((row) => [row.actionId, { at: row.firstAcceptAt, by: row.firstAcceptBy }]));
}

/** The action templates' titles by id (AP36): the actions report names its template rows with them. */
export const actionTemplateTitles = (orgId: string): Promise<Map<string, string>> => templateTitles(actionTemplates, orgId);
