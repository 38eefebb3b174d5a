import type { Envelope } from '@portal/shared/devices/topics';

/** One message on the watch: what its card shows, and whether it was shown and opened. */
export interface WatchMessage {
  envelopeId: string;
  /** What it is ('notification'; later 'action', 'task'): picks the card and its buttons. */
  kind: string;
  /** The message's own id (notification_id, …): the receipts refer to it. */
  messageId: string;
  title: string;
  body: string;
  sentAt: string;
  data: Record<string, unknown>;
  read: boolean;
}

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
  return [{ ...message, read: existing?.read ?? false }, ...rest];
}

export const markRead = (messages: readonly WatchMessage[], target: WatchMessage): WatchMessage[] =>
  messages.map((m) => (m === target ? { ...m, read: true } : m));
