import type { Envelope } from '@portal/shared/devices/topics';
import type { WatchMessage } from './watch-message.ts';

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
const keptState = ({ answered, outcome, closed }: NonNullable<WatchMessage['action']>) => ({
  ...(answered ? { answered } : {}),
  ...(outcome ? { outcome } : {}),
  ...(closed ? { closed } : {}),
});

/** A kind with no inbox of its own (notifications, and kinds the watch does not know): the envelope becomes a card. */
export function applyCardEnvelope(messages: readonly WatchMessage[], envelope: Envelope): WatchMessage[] {
  const message = toWatchMessage(envelope);
  return message ? addMessage(messages, message) : [...messages];
}

export const markRead = (messages: readonly WatchMessage[], target: WatchMessage): WatchMessage[] =>
  messages.map((m) => (m === target ? { ...m, read: true } : m));
