import type { ComponentType } from 'react';
import type { WatchMessage } from './watch-inbox.ts';

/** What an opened message can send back besides `read` (later: accepted, declined, completed…). */
export type Respond = (event: string, extra?: Record<string, unknown>) => void;

/**
 * The extension point per message kind: notifications only show; actions and tasks (later modules)
 * register here with their buttons (accept, decline, complete, checklist).
 */
export interface MessageKind {
  /** Buttons under an opened message; none for notifications. */
  Actions?: ComponentType<{ message: WatchMessage; respond: Respond }>;
}

export const MESSAGE_KINDS: Record<string, MessageKind> = {
  notification: {},
};

export const messageKind = (kind: string): MessageKind => MESSAGE_KINDS[kind] ?? {};
