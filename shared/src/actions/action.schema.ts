import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { FEEDBACK_MESSAGE_MAX, NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, RESPONSE_THRESHOLD_TYPES } from '../constants.ts';
import { recipientGroupListSchema, recipientGroupsSchema, type RecipientGroup } from '../recipients/recipient.schema.ts';
import { id, list, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';
import { serverMessages } from '../api/server-messages.ts';
import type { ActionResponse, ActionState } from './action-states.ts';

/**
 * The action of spec 000 §3: a message that asks its recipients to accept or decline, group 0
 * first and the next recipient group after each time-out, until its response threshold is met.
 * The API contract shared by the actions Lambda, the portal and the route walks.
 */
export const ACTION_MESSAGES = serverMessages('actions', {
  titleRequired: 'Title is required',
  notFound: 'Action not found',
  templateNotFound: 'Template not found',
  feedbackRequired: 'Feedback message is required',
  thresholdNumber: 'Employees needed must be 1 to 9 or All',
  forwardAfterOption: 'Choose one of the time-out options',
  defaultNotAnOption: 'The default time-out must be one of the options',
  notCarriedOut: 'The action could not be sent. Please try again.',
});

/** Time-outs an organisation may offer (seconds): from 5 s to a day. */
export const FORWARD_AFTER_MIN_SECONDS = 5;
export const FORWARD_AFTER_MAX_SECONDS = 86_400;
export const FORWARD_AFTER_OPTIONS_MAX = 12;

export type ResponseThresholdType = (typeof RESPONSE_THRESHOLD_TYPES)[keyof typeof RESPONSE_THRESHOLD_TYPES];
const THRESHOLD_TYPES = Object.values(RESPONSE_THRESHOLD_TYPES) as ResponseThresholdType[];

const forwardAfter = () =>
  number()
    .typeError(ACTION_MESSAGES.forwardAfterOption)
    .integer(ACTION_MESSAGES.forwardAfterOption)
    .min(FORWARD_AFTER_MIN_SECONDS, ACTION_MESSAGES.forwardAfterOption)
    .max(FORWARD_AFTER_MAX_SECONDS, ACTION_MESSAGES.forwardAfterOption);

/** What the watch shows: a title (required on actions) and an optional message. */
export const actionContentSchema = object({
  title: object({
    text: string()
      .trim()
      .max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`)
      .required(ACTION_MESSAGES.titleRequired),
  }).required(ACTION_MESSAGES.titleRequired),
  body: object({ text: string().trim().max(NOTIFICATION_MESSAGE_MAX, `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters`).default('') }).default({
    text: '',
  }),
});
export type ActionContent = InferType<typeof actionContentSchema>;

/** Any (1): the first accept; All (2): everyone asked so far; Number (3): `number` accepts, 1 to 9. */
export const responseThresholdSchema = object({
  type: mixed<ResponseThresholdType>().oneOf(THRESHOLD_TYPES, ACTION_MESSAGES.thresholdNumber).required(ACTION_MESSAGES.thresholdNumber),
  number: number()
    .typeError(ACTION_MESSAGES.thresholdNumber)
    .integer(ACTION_MESSAGES.thresholdNumber)
    .min(1, ACTION_MESSAGES.thresholdNumber)
    .max(9, ACTION_MESSAGES.thresholdNumber)
    .nullable()
    .default(null)
    .when('type', {
      is: RESPONSE_THRESHOLD_TYPES.Number,
      then: (schema) => schema.required(ACTION_MESSAGES.thresholdNumber),
    }),
});
export type ResponseThreshold = InferType<typeof responseThresholdSchema>;

const feedbackText = () => text(FEEDBACK_MESSAGE_MAX, 'Feedback message').trim().default('');

export const actionConfigSchema = object({
  /** Both true on actions (spec 000 §3): the creator is not asked, and hears the outcome. */
  exclude_creator: boolean().default(true),
  respond_to_creator: boolean().default(true),
  /** Seconds each recipient group has before the next is asked (or, at the last, the action expires). */
  forward_after: forwardAfter().required(ACTION_MESSAGES.forwardAfterOption),
  response_threshold: responseThresholdSchema.required(ACTION_MESSAGES.thresholdNumber),
  send_feedback: boolean().default(false),
  acceptance_feedback: boolean().default(false),
  rejection_feedback: boolean().default(false),
  acceptance_feedback_content: feedbackText(),
  rejection_feedback_content: feedbackText(),
  feedback_recipient_groups: recipientGroupListSchema,
})
  .test('acceptance-feedback', ACTION_MESSAGES.feedbackRequired, function (config) {
    if (!config?.send_feedback || !config.acceptance_feedback || config.acceptance_feedback_content) return true;
    return this.createError({ path: 'config.acceptance_feedback_content', message: ACTION_MESSAGES.feedbackRequired });
  })
  .test('rejection-feedback', ACTION_MESSAGES.feedbackRequired, function (config) {
    if (!config?.send_feedback || !config.rejection_feedback || config.rejection_feedback_content) return true;
    return this.createError({ path: 'config.rejection_feedback_content', message: ACTION_MESSAGES.feedbackRequired });
  });
export type ActionConfig = InferType<typeof actionConfigSchema>;

const metaSchema = object({
  template_id: id('Template id').nullable().default(null),
  trigger_id: id('Trigger id').nullable().default(null),
}).default({ template_id: null, trigger_id: null });

/**
 * Send an action (POST /actions). Actions go out at once: `opts.send_time` is set by the server to
 * the send instant (docs/decisions, actions). Empty recipient groups are dropped and the rest renumbered
 * 0..n-1 in order; group 0 must name a recipient.
 */
export const actionSchema = object({
  content: actionContentSchema.required(ACTION_MESSAGES.titleRequired),
  recipient_groups: recipientGroupsSchema,
  config: actionConfigSchema.required(ACTION_MESSAGES.forwardAfterOption),
  meta: metaSchema,
  /** Also store content, recipients and config as a template. */
  save_as_template: boolean().default(false),
});
export type ActionInput = InferType<typeof actionSchema>;

/** An action template (spec 001 §3): the action without its send; recipients may still be empty. */
export const actionTemplateSchema = object({
  action: object({
    content: actionContentSchema.required(ACTION_MESSAGES.titleRequired),
    recipient_groups: recipientGroupListSchema,
    config: actionConfigSchema.required(ACTION_MESSAGES.forwardAfterOption),
  }).required(ACTION_MESSAGES.titleRequired),
});
export type ActionTemplateInput = InferType<typeof actionTemplateSchema>;

/** The organisation's time-out choices (`/settings/actions`), read by the form. */
export const actionSettingsSchema = object({
  forward_after_options: list(forwardAfter().required(ACTION_MESSAGES.forwardAfterOption), FORWARD_AFTER_OPTIONS_MAX, 'Time-out options')
    .min(1, ACTION_MESSAGES.forwardAfterOption)
    .required(ACTION_MESSAGES.forwardAfterOption),
  forward_after_default: forwardAfter().required(ACTION_MESSAGES.forwardAfterOption),
}).test('default-is-option', ACTION_MESSAGES.defaultNotAnOption, function (settings) {
  // A missing list or default has its own message; this rule only compares the two when both came.
  const { forward_after_options: options, forward_after_default: chosen } = settings ?? {};
  if (!Array.isArray(options) || chosen === undefined || chosen === null || options.includes(chosen)) return true;
  return this.createError({ path: 'forward_after_default', message: ACTION_MESSAGES.defaultNotAnOption });
});
export type ActionSettings = InferType<typeof actionSettingsSchema>;

export const actionListQuerySchema = object({
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, 'limit must be a number').matches(/^\d+$/, 'limit must be a number').optional(),
});
export const actionPathSchema = object({ orgId: id('Organization id').required(), actionId: id('Action id').required() });

// States and responses live in a yup-free module, so the portal's list page loads them without yup.
export { ACTION_RESPONSES, ACTION_STATES, type ActionResponse, type ActionState } from './action-states.ts';

/** Action status (spec 000 §3), with what the details pane shows beside it. */
export interface ActionStatus {
  sent_user_ids: string[];
  accepted_user_ids: string[];
  declined_user_ids: string[];
  unanswered_user_ids: string[];
  not_received_user_ids: string[];
  /** From the send to the first answer; null until someone answers. */
  answered_time_in_ms: number | null;
  /** The recipient groups asked so far, each resolved to users. */
  resolved_recipient_groups: RecipientGroup[];
  /** Per user: their response, when they answered, and for the details pane whether a device is online. */
  responses: Array<{ user_id: string; group_number: number; response: ActionResponse; answered_at: string | null; last_seen_at: string | null; online: boolean }>;
}

export interface ActionDto {
  id: string;
  content: ActionContent;
  recipient_groups: RecipientGroup[];
  config: ActionConfig;
  meta: { template_id: string | null; trigger_id: string | null };
  opts: { send_time: string };
  created_by: string;
  created_time: string;
  state: ActionState;
  /** The recipient group asked last (0-based) and when its time-out falls (ISO-8601 UTC). */
  step: number;
  step_deadline: string;
  /** When it was fulfilled, expired, rejected or withdrawn. */
  closed_at: string | null;
  /** Users asked so far, and the answers counted. */
  recipient_count: number;
  accepted_count: number;
  declined_count: number;
  status?: ActionStatus;
}

export interface ActionPage {
  items: ActionDto[];
  next_token?: string;
}

export interface ActionTemplateDto {
  id: string;
  /** The action's title, for lists and search. */
  title: string;
  action: { content: ActionContent; recipient_groups: RecipientGroup[]; config: ActionConfig };
  created_by: string;
  created_time: string;
}

export interface ActionTemplatePage {
  items: ActionTemplateDto[];
  next_token?: string;
}
