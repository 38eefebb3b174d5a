import { actionAnswerEnvelope, parseActionDownlink, type ActionAnswer, type ActionClosedReason } from '@portal/shared/devices/action-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import { addMessage } from '../../../watch/watch-cards.ts';
import type { WatchAction, WatchMessage, WatchReply, WatchResponse } from '../../../watch/watch-message.ts';

const updateAction = (messages: readonly WatchMessage[], actionId: string, change: (action: WatchAction) => WatchAction): WatchMessage[] =>
  messages.map((m) => (m.kind === 'action' && m.messageId === actionId && m.action ? { ...m, action: change(m.action) } : m));

/** The user answered on this watch: the buttons go at once, before the portal confirms. */
export const markAnswered = (messages: readonly WatchMessage[], actionId: string, answer: ActionAnswer): WatchMessage[] =>
  updateAction(messages, actionId, (action) => (action.answered || action.closed ? action : { ...action, answered: answer }));

/**
 * The inbox after an action envelope: an action becomes a prompt; `action_answer` and
 * `action_closed` change the prompt they name (none on this watch: nothing to change);
 * `action_feedback` is a card like a notification.
 */
export function applyActionEnvelope(messages: readonly WatchMessage[], envelope: Envelope): WatchMessage[] {
  const parsed = parseActionDownlink(envelope.type, envelope.data);
  if (!parsed) return [...messages];
  switch (parsed.type) {
    case 'action': {
      const { action_id, title, body, deadline, answers, sent_at } = parsed.data;
      const base = { envelopeId: envelope.id, messageId: action_id, sentAt: sent_at || envelope.sent_at, data: envelope.data, read: false };
      return addMessage(messages, { ...base, kind: 'action', title, body, action: { deadline, answers } });
    }
    case 'action_answer': {
      const { action_id, answer, outcome } = parsed.data;
      return updateAction(messages, action_id, (action) => ({ ...action, answered: answer, outcome }));
    }
    case 'action_closed': {
      const { action_id, reason } = parsed.data;
      // An answer the portal counted stays what it was; the prompt of someone who did not answer goes.
      return updateAction(messages, action_id, (action) => (action.outcome === 'counted' ? action : { ...action, closed: reason }));
    }
    case 'action_feedback': {
      const { action_id, outcome, text: body } = parsed.data;
      const feedback = { envelopeId: envelope.id, kind: 'action_feedback', messageId: `${action_id}-${outcome}`, title: '', body, sentAt: envelope.sent_at, data: envelope.data, read: false };
      return addMessage(messages, feedback);
    }
    default:
      return [...messages];
  }
}

/** The user's answer to a prompt, once: the buttons go at once; the portal's `action_answer` says what became of it. */
export function actionReply(message: WatchMessage, given: WatchResponse, id: string): WatchReply | undefined {
  if (typeof given !== 'string') return undefined;
  return { once: true, update: (list) => markAnswered(list, message.messageId, given), envelope: actionAnswerEnvelope(given, message.messageId, id) };
}

/** What a prompt shows: its state and whether the answer buttons are offered. */
export type ActionView =
  | { state: 'open'; canAnswer: true; msLeft: number }
  | { state: 'timeUp' | 'sending' | 'accepted' | 'declined' | ActionClosedReason | 'already_answered'; canAnswer: false };

/** The prompt at `now`: the portal's word first (closed, outcome), then the user's answer, then the clock. */
export function actionView(action: WatchAction, now: number): ActionView {
  if (action.closed) return { state: action.closed, canAnswer: false };
  if (action.outcome) return { state: action.outcome === 'counted' ? action.answered! : action.outcome, canAnswer: false };
  if (action.answered) return { state: 'sending', canAnswer: false };
  const msLeft = Date.parse(action.deadline) - now;
  return msLeft > 0 ? { state: 'open', canAnswer: true, msLeft } : { state: 'timeUp', canAnswer: false };
}

/** "m:ss" (or "h:mm:ss") of a time left, rounded up so "0:00" shows only when it is over. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
