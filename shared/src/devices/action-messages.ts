import { isWellFormedId } from '../validation/id-rule.ts';
import { createEnvelope, type ActionEventData } from './topics.ts';

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

/** `data` of an answer on an events topic (defined beside the envelope, which names it). */
export type { ActionEventData };

export interface ActionEvent extends ActionEventData {
  answer: ActionAnswer;
}

/**
 * The answer in an envelope's type and data, or undefined when it is not a well-formed action
 * answer. Ids follow the one id rule (validation/id-rule.ts), the same the API's schemas apply.
 */
export function parseActionEvent(type: string, data: Record<string, unknown>): ActionEvent | undefined {
  const { kind, action_id: id, at } = data;
  if (kind !== 'action' || !isWellFormedId(id)) return undefined;
  if (!(ACTION_ANSWERS as readonly string[]).includes(type)) return undefined;
  const when = typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : undefined;
  return { kind, action_id: id, answer: type as ActionAnswer, ...(when ? { at: when } : {}) };
}

/** An action message of the inbox, parsed (the watch's side). */
export type ActionDownlink =
  | { type: 'action'; data: ActionMessageData }
  | { type: 'action_answer'; data: ActionAnswerData }
  | { type: 'action_closed'; data: ActionClosedData }
  | { type: 'action_feedback'; data: ActionFeedbackData };

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => (values as readonly unknown[]).includes(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isoOf = (value: unknown) => (isText(value) && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined);

/**
 * The action message an inbox envelope carries, or undefined when it is none or malformed (a
 * watch ignores what it cannot read rather than show half of it). A prompt needs its deadline.
 */
export function parseActionDownlink(type: string, data: Record<string, unknown>): ActionDownlink | undefined {
  const id = data.action_id;
  if (data.kind !== 'action' || !isWellFormedId(id)) return undefined;
  const base = { kind: 'action' as const, action_id: id };
  switch (type) {
    case 'action': {
      const deadline = isoOf(data.deadline);
      if (!deadline) return undefined;
      const answers = Array.isArray(data.answers) ? data.answers.filter((a): a is ActionAnswer => oneOf(ACTION_ANSWERS, a)) : [...ACTION_ANSWERS];
      const step = typeof data.step === 'number' && Number.isInteger(data.step) && data.step >= 0 ? data.step : 0;
      const title = isText(data.title) ? data.title : '';
      const body = isText(data.body) ? data.body : '';
      return { type, data: { ...base, title, body, answers, step, deadline, sent_at: isoOf(data.sent_at) ?? '' } };
    }
    case 'action_answer':
      if (!oneOf(ACTION_ANSWERS, data.answer) || !oneOf(ACTION_ANSWER_OUTCOMES, data.outcome)) return undefined;
      return { type, data: { ...base, answer: data.answer, outcome: data.outcome } };
    case 'action_closed':
      return oneOf(ACTION_CLOSED_REASONS, data.reason) ? { type, data: { ...base, reason: data.reason } } : undefined;
    case 'action_feedback':
      if (!oneOf(['accepted', 'rejected'] as const, data.outcome) || !isText(data.text)) return undefined;
      return { type, data: { ...base, outcome: data.outcome, text: data.text } };
    default:
      return undefined;
  }
}

/** The uplink envelope of an answer (QoS 1, a new envelope id each; the portal counts a replayed id once). */
export function actionAnswerEnvelope(answer: ActionAnswer, actionId: string, id: string, now = new Date()) {
  return createEnvelope(answer, { kind: 'action' as const, action_id: actionId, at: now.toISOString() }, id, now);
}
