import type { ComponentType } from 'react';
import type { Envelope } from '@portal/shared/devices/topics';
import { actionReply, applyActionEnvelope } from '../features/actions/watch/action-inbox.ts';
import { ActionPrompt, ActionSummary } from '../features/actions/watch/action-prompt.tsx';
import { applyShiftsEnvelope } from '../features/shifts/watch/shift-inbox.ts';
import { ShiftsPanel, ShiftsSummary, ShiftsTitle } from '../features/shifts/watch/shift-view.tsx';
import { applyTaskEnvelope, taskReply } from '../features/tasks/watch/task-inbox.ts';
import { TaskDueSummary, TaskPanel, TaskSummary } from '../features/tasks/watch/task-view.tsx';
import type { Respond, WatchMessage, WatchReply, WatchResponse } from './watch-message.ts';

/**
 * The one table of the watch's message kinds (issue 29): a kind is one row, with how an envelope
 * of it changes the inbox, what a response in it sends, and how it shows. Notifications only show;
 * actions show the time left and Accept and Decline; tasks their end, checklist, Complete and
 * Decline; a week's shifts their days, hours and activities.
 */
export interface MessageKind {
  /**
   * The inbox after an envelope whose `data.kind` is this kind (it may make cards of other kinds: an
   * action's feedback, a task's reminder). None: the envelope becomes a card, as a notification.
   */
  apply?: (messages: readonly WatchMessage[], envelope: Envelope) => WatchMessage[];
  /** What the user's response in an opened message does (`id`: the uplink envelope's); none, or undefined: nothing. */
  respond?: (message: WatchMessage, response: WatchResponse, id: string) => WatchReply | undefined;
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
  action: { apply: applyActionEnvelope, respond: actionReply, Actions: ActionPrompt, Summary: ActionSummary },
  // The acceptance or rejection feedback of an action: shown like a notification, no receipts (none are defined for it).
  action_feedback: {},
  task: { apply: applyTaskEnvelope, respond: taskReply, Actions: TaskPanel, Summary: TaskSummary, receipts: true },
  // A reminder and the creator's overdue note: shown like notifications with the task's end; no receipts (they would count for the task).
  task_reminder: { Actions: TaskDueSummary, Summary: TaskDueSummary },
  task_overdue: { Actions: TaskDueSummary, Summary: TaskDueSummary },
  // A week's published shifts (decision 0033): shown, nothing to answer; no receipts (none are defined for it).
  shifts: { apply: applyShiftsEnvelope, Title: ShiftsTitle, Actions: ShiftsPanel, Summary: ShiftsSummary },
};

/** The row of a kind; a kind the watch does not know (or an inherited name such as `constructor`) has none. */
export const messageKind = (kind: string): MessageKind => (Object.hasOwn(MESSAGE_KINDS, kind) ? MESSAGE_KINDS[kind]! : {});
