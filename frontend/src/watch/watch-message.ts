import type { ActionAnswer, ActionAnswerOutcome, ActionClosedReason } from '@portal/shared/devices/action-messages';
import type { ShiftsMessageData } from '@portal/shared/devices/shift-messages';
import type { TaskChecklistItemData, TaskClosedReason } from '@portal/shared/devices/task-messages';
import type { Envelope } from '@portal/shared/devices/topics';

/**
 * What the watch holds per message. The types live apart from the inbox's logic so that each
 * kind's reducer (action-inbox.ts, task-inbox.ts, shift-inbox.ts) imports them without a cycle.
 */

/** Where an action prompt stands on the watch: asked, answered (and what became of it), withdrawn. */
export interface WatchAction {
  /** ISO-8601 UTC: the watch offers the answers until then. */
  deadline: string;
  answers: ActionAnswer[];
  /** The answer the user gave on this watch (sent, maybe not yet confirmed). */
  answered?: ActionAnswer;
  /** What the portal said of the answer (`action_answer`). */
  outcome?: ActionAnswerOutcome;
  /** Why the portal withdrew the prompt (`action_closed`). */
  closed?: ActionClosedReason;
}

export type TaskAnswer = 'completed' | 'declined';

/** Where a task stands on the watch: its checklist with everyone's ticks, the user's answer, its closure. */
export interface WatchTask {
  /** ISO-8601 UTC. */
  end: string;
  closure: 'one' | 'all';
  checklist: TaskChecklistItemData[];
  /** Completed or declined on this watch (sent; the portal sends no reply to it). */
  answered?: TaskAnswer;
  /** Why the portal closed the task (`task_closed`): it keeps its text, loses its checklist and buttons. */
  closed?: TaskClosedReason;
  /**
   * Ticks made on this watch that no `task_update` has confirmed yet (item id → the tick and when, ms):
   * an update the portal sent for an earlier tick must not untick a later one for a moment.
   */
  pending?: Record<string, { is_checked: boolean; at: number }>;
}

/** One message on the watch: what its card shows, and whether it was shown and opened. */
export interface WatchMessage {
  envelopeId: string;
  /** What it is ('notification', 'action', 'action_feedback', 'task', 'task_reminder', 'task_overdue', 'shifts'): picks the card and its buttons. */
  kind: string;
  /** The message's own id (notification_id, action_id, task_id, …): the receipts and answers refer to it. */
  messageId: string;
  title: string;
  body: string;
  sentAt: string;
  data: Record<string, unknown>;
  read: boolean;
  /** Actions only: the prompt's state. */
  action?: WatchAction;
  /** Tasks only: the task's state. */
  task?: WatchTask;
  /** Task reminders and overdue notes: the task's end (ISO-8601 UTC). */
  due?: string;
  /** A week's shifts (kind 'shifts', messageId the week): the person's published shifts of it. */
  shifts?: ShiftsMessageData;
}

/** What an opened message sends back besides `read`: an answer to an action, or a task's answer or ticks. */
export type WatchResponse = ActionAnswer | { task: TaskAnswer } | { checklist: Array<{ id: string; is_checked: boolean }> };
export type Respond = (response: WatchResponse) => void;

/** What a response does: the inbox at once (before the portal confirms) and the uplink envelope to send. */
export interface WatchReply {
  update: (messages: readonly WatchMessage[]) => WatchMessage[];
  envelope: Envelope<string, object>;
  /** Sent at most once per message (an answer); ticks of a checklist go up as they are made. */
  once: boolean;
}
