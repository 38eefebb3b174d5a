import type { Envelope } from '@portal/shared/devices/topics';
import { messageKind } from './message-kinds.tsx';
import { applyCardEnvelope } from './watch-cards.ts';
import type { WatchMessage } from './watch-message.ts';

export type { Respond, WatchAction, WatchMessage, WatchResponse } from './watch-message.ts';
export { addMessage, markRead, toWatchMessage } from './watch-cards.ts';
export { actionView, formatTimeLeft, markAnswered, type ActionView } from '../features/actions/watch/action-inbox.ts';

/**
 * The inbox after one envelope: the row of MESSAGE_KINDS named by the envelope's `data.kind` applies
 * it (actions, tasks, a week's shifts); a kind without an inbox of its own (notifications, and
 * kinds the watch does not know) becomes a card.
 */
export function applyEnvelope(messages: readonly WatchMessage[], envelope: Envelope): WatchMessage[] {
  const kind = typeof envelope.data.kind === 'string' ? envelope.data.kind : '';
  return (messageKind(kind).apply ?? applyCardEnvelope)(messages, envelope);
}
