import { parseActionDownlink, type ActionAnswer, type ActionClosedReason } from '@portal/shared/devices/action-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import { applyShiftsEnvelope } from './shift-inbox.ts';
import { applyTaskEnvelope } from './task-inbox.ts';
import type { WatchAction, WatchMessage } from './watch-message.ts';

export type { Respond, WatchAction, WatchMessage, WatchResponse } from './watch-message.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The message an inbox envelope carries; undefined when it names no message id. */
export function toWatchMessage(envelope: Envelope): WatchMessage | undefined {
  const data = envelope.data;
  const kind = text(data.kind) || envelope.type;
  const messageId = text(data[`${kind}_id`]) || text(data.message_id) || text(data.id);
  if (!messageId) return undefined;
  return {
    envelopeId: envelope.id,
    kind,
    messageId,
    title: text(data.title),
    body: text(data.body),
    sentAt: text(data.sent_at) || envelope.sent_at,
    data,
    read: false,
  };
}

/** Newest first; a message that arrives again (new envelope, same message) replaces its card. */
export function addMessage(messages: readonly WatchMessage[], message: WatchMessage): WatchMessage[] {
  const existing = messages.find((m) => m.kind === message.kind && m.messageId === message.messageId);
  const rest = messages.filter((m) => m !== existing);
  return [{ ...message, read: existing?.read ?? false, ...(existing?.action ? { action: { ...message.action!, ...keptState(existing.action) } } : {}) }, ...rest];
}

/** What the watch learnt about a prompt survives the prompt arriving again. */
const keptState = ({ answered, outcome, closed }: WatchAction) => ({
  ...(answered ? { answered } : {}),
  ...(outcome ? { outcome } : {}),
  ...(closed ? { closed } : {}),
});

export const markRead = (messages: readonly WatchMessage[], target: WatchMessage): WatchMessage[] =>
  messages.map((m) => (m === target ? { ...m, read: true } : m));

const updateAction = (messages: readonly WatchMessage[], actionId: string, change: (action: WatchAction) => WatchAction): WatchMessage[] =>
  messages.map((m) => (m.kind === 'action' && m.messageId === actionId && m.action ? { ...m, action: change(m.action) } : m));

/** The user answered on this watch: the buttons go at once, before the portal confirms. */
export const markAnswered = (messages: readonly WatchMessage[], actionId: string, answer: ActionAnswer): WatchMessage[] =>
  updateAction(messages, actionId, (action) => (action.answered || action.closed ? action : { ...action, answered: answer }));

/**
 * The inbox after one envelope: notifications (and kinds the watch does not know) become
 * cards; tasks go to task-inbox.ts, a week's shifts to shift-inbox.ts; an action becomes a prompt; `action_answer` and `action_closed` change the prompt they
 * name (none on this watch: nothing to change); `action_feedback` is a card like a notification.
 */
export function applyEnvelope(messages: readonly WatchMessage[], envelope: Envelope): WatchMessage[] {
  if (envelope.data.kind === 'task') return applyTaskEnvelope(messages, envelope);
  if (envelope.data.kind === 'shifts') return applyShiftsEnvelope(messages, envelope);
  if (envelope.data.kind !== 'action') {
    const message = toWatchMessage(envelope);
    return message ? addMessage(messages, message) : [...messages];
  }
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
