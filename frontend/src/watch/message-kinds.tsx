import type { ComponentType } from 'react';
import { ActionPrompt, ActionSummary } from './action-prompt.tsx';
import { ShiftsPanel, ShiftsSummary, ShiftsTitle } from './shift-view.tsx';
import { TaskDueSummary, TaskPanel, TaskSummary } from './task-view.tsx';
import type { Respond, WatchMessage } from './watch-message.ts';

/**
 * The extension point per message kind: notifications only show; actions show the time left and
 * Accept and Decline; tasks their end, checklist, Complete and Decline; a week's shifts their days,
 * hours and activities.
 */
export interface MessageKind {
  /** Under an opened message: its buttons and state; none for notifications. */
  Actions?: ComponentType<{ message: WatchMessage; respond: Respond }>;
  /** On the message's card, under its text: a line of state (the time left of an action). */
  Summary?: ComponentType<{ message: WatchMessage }>;
  /** The heading, when the kind's message carries no title of its own (a week's shifts: translated on the watch). */
  Title?: ComponentType<{ message: WatchMessage }>;
  /** Whether the watch sends `received`/`read` for it (docs/device-protocol.md §5): notifications and tasks. */
  receipts?: boolean;
}

export const MESSAGE_KINDS: Record<string, MessageKind> = {
  notification: { receipts: true },
  action: { Actions: ActionPrompt, Summary: ActionSummary },
  // The acceptance or rejection feedback of an action: shown like a notification, no receipts (none are defined for it).
  action_feedback: {},
  task: { Actions: TaskPanel, Summary: TaskSummary, receipts: true },
  // A reminder and the creator's overdue note: shown like notifications with the task's end; no receipts (they would count for the task).
  task_reminder: { Actions: TaskDueSummary, Summary: TaskDueSummary },
  task_overdue: { Actions: TaskDueSummary, Summary: TaskDueSummary },
  // A week's published shifts (decision 0033): shown, nothing to answer; no receipts (none are defined for it).
  shifts: { Title: ShiftsTitle, Actions: ShiftsPanel, Summary: ShiftsSummary },
};

export const messageKind = (kind: string): MessageKind => MESSAGE_KINDS[kind] ?? {};
