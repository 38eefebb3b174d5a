/**
 * The action messages of docs/device-protocol.md §5, shared by the actions functions, the watch
 * emulator and the tests. Downlink on the user's inbox (envelope types below), uplink on the
 * device's or user's events topic (envelope type `accepted` or `declined`, `data.kind: 'action'`).
 */
export const ACTION_ANSWERS = ['accepted', 'declined'] as const;
export type ActionAnswer = (typeof ACTION_ANSWERS)[number];

/** `data` of the prompt (envelope type 'action'). */
export interface ActionMessageData {
  kind: 'action';
  action_id: string;
  title: string;
  body: string;
  answers: ActionAnswer[];
  /** The recipient group this user was asked in. */
  step: number;
  /** When the step times out (ISO-8601 UTC): after it the answer is refused. */
  deadline: string;
  sent_at: string;
}

/** What became of an answer. */
export const ACTION_ANSWER_OUTCOMES = ['counted', 'covered', 'expired', 'already_answered'] as const;
export type ActionAnswerOutcome = (typeof ACTION_ANSWER_OUTCOMES)[number];

/** `data` of the reply to the user who answered (envelope type 'action_answer'). */
export interface ActionAnswerData {
  kind: 'action';
  action_id: string;
  answer: ActionAnswer;
  outcome: ActionAnswerOutcome;
}

export const ACTION_CLOSED_REASONS = ['covered', 'expired', 'withdrawn'] as const;
export type ActionClosedReason = (typeof ACTION_CLOSED_REASONS)[number];

/** `data` of the withdrawal of the prompt from every asked user who has not answered (envelope type 'action_closed'). */
export interface ActionClosedData {
  kind: 'action';
  action_id: string;
  reason: ActionClosedReason;
}

/** `data` of the feedback on the outcome (envelope type 'action_feedback'): the watch shows it like a notification. */
export interface ActionFeedbackData {
  kind: 'action';
  action_id: string;
  outcome: 'accepted' | 'rejected';
  text: string;
}

export const ACTION_DOWNLINK_TYPES = ['action', 'action_answer', 'action_closed', 'action_feedback'] as const;
export type ActionDownlinkType = (typeof ACTION_DOWNLINK_TYPES)[number];

/** `data` of an answer on an events topic; the answer is the envelope's type. */
export interface ActionEventData {
  kind: 'action';
  action_id: string;
  /** When it was answered on the device (ISO-8601 UTC); the portal's clock when absent. */
  at?: string;
}

export interface ActionEvent extends ActionEventData {
  answer: ActionAnswer;
}

/**
 * The answer in an envelope's type and data, or undefined when it is not a well-formed action
 * answer. Ids become key parts: no '#', at most 128 characters.
 */
export function parseActionEvent(type: string, data: Record<string, unknown>): ActionEvent | undefined {
  const { kind, action_id: id, at } = data;
  if (kind !== 'action' || typeof id !== 'string' || !id || id.length > 128 || /#/.test(id)) return undefined;
  if (!(ACTION_ANSWERS as readonly string[]).includes(type)) return undefined;
  const when = typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : undefined;
  return { kind, action_id: id, answer: type as ActionAnswer, ...(when ? { at: when } : {}) };
}
