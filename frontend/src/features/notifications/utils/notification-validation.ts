import { contentSchema, END_BEFORE_SEND, REPEAT_END_REQUIRED, SEND_IN_PAST } from '@portal/shared/notifications/notification.schema';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { schemaFieldErrors } from '../../../lib/schema-errors.ts';
import { startOfDay } from '../../../lib/date-time.ts';
import type { NotificationFormMode, NotificationFormValues } from './notification-form-model.ts';
import { isInPast } from './send-options.ts';

export const NO_DAYS = 'Choose at least one day';

export type NotificationFormErrors = Partial<Record<keyof NotificationFormValues, string>>;

const CONTENT_FIELDS: Record<string, keyof NotificationFormValues> = { 'content.title.text': 'title', 'title.text': 'title', 'body.text': 'message' };

/** The shared content schema (title/message limits, 'Title is required' unless a message). */
const contentErrors = (values: NotificationFormValues): NotificationFormErrors =>
  schemaFieldErrors(contentSchema, { title: { text: values.title }, body: { text: values.message } }, CONTENT_FIELDS, 'title');

export interface ValidateContext {
  mode: NotificationFormMode;
  now: Date;
  /** The organisation's: the repeat's end date is a day of its calendar. */
  timeZone: string;
}

/**
 * The shared schema plus the form rules (spec 000 §5). A sent notification validates only its
 * title; a template its content.
 */
export function validateNotificationForm(values: NotificationFormValues, { mode, now, timeZone }: ValidateContext): NotificationFormErrors {
  const errors = contentErrors(values);
  if (mode === 'sent' || mode === 'template') return errors;
  if (values.recipients.length === 0) errors.recipients = NO_RECIPIENTS;

  const send = values.sendOption === 'now' ? null : values.send;
  if (send && isInPast(send, now)) errors.send = SEND_IN_PAST;

  if (values.repeat) {
    if (values.repeatDays.length === 0) errors.repeatDays = NO_DAYS;
    if (values.hasRepeatEndDate) {
      if (!values.repeatEndDate) errors.repeatEndDate = REPEAT_END_REQUIRED;
      else if (startOfDay(values.repeatEndDate, timeZone).getTime() <= startOfDay(send ?? now, timeZone).getTime()) errors.repeatEndDate = END_BEFORE_SEND;
    }
  }
  return errors;
}

/** Spec 000 §5: the submit group is disabled until a recipient is chosen (templates need none). */
export const canSubmit = (values: NotificationFormValues, mode: NotificationFormMode) =>
  mode === 'sent' || mode === 'template' || values.recipients.length > 0;
