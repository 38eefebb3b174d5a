import { ACTION_MESSAGES, actionContentSchema } from '@portal/shared/actions/action.schema';
import { FEEDBACK_MESSAGE_MAX } from '@portal/shared/constants';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { schemaFieldErrors } from '../../../lib/schema-errors.ts';
import type { ActionFormMode, ActionFormValues } from './action-form-model.ts';

export type ActionFormErrors = Partial<Record<keyof ActionFormValues, string>>;

export const FEEDBACK_TOO_LONG = `Feedback message must be at most ${FEEDBACK_MESSAGE_MAX} characters`;

const CONTENT_FIELDS: Record<string, keyof ActionFormValues> = { 'title.text': 'title', 'body.text': 'message' };

/** The shared content schema: 'Title is required' (actions always need one), title and message limits. */
const contentErrors = (values: ActionFormValues): ActionFormErrors =>
  schemaFieldErrors(actionContentSchema, { title: { text: values.title }, body: { text: values.message } }, CONTENT_FIELDS, 'title');

/** A feedback message is needed while its toggle is on, at most 100 characters (spec 000 §5, §9). */
function feedbackError(on: boolean, text: string): string | undefined {
  if (!on) return undefined;
  if (!text.trim()) return ACTION_MESSAGES.feedbackRequired;
  return text.trim().length > FEEDBACK_MESSAGE_MAX ? FEEDBACK_TOO_LONG : undefined;
}

/** The form's rules (spec 000 §5); a template may have no recipients yet. */
export function validateActionForm(values: ActionFormValues, mode: ActionFormMode): ActionFormErrors {
  const errors = contentErrors(values);
  if (mode === 'create' && (values.groups[0]?.length ?? 0) === 0) errors.groups = NO_RECIPIENTS;
  const acceptance = feedbackError(values.acceptanceFeedback, values.acceptanceText);
  if (acceptance) errors.acceptanceText = acceptance;
  const rejection = feedbackError(values.rejectionFeedback, values.rejectionText);
  if (rejection) errors.rejectionText = rejection;
  return errors;
}
