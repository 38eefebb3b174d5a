import { CHECKLIST_ITEM_TEXT_MAX } from '@portal/shared/constants';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { TASK_MESSAGES, taskContentSchema } from '@portal/shared/tasks/task.schema';
import { startOfDay, startOfMinute } from '../../../lib/date-time.ts';
import { schemaFieldErrors } from '../../../lib/schema-errors.ts';
import { endOf, startOf, toContent, type TaskFormMode, type TaskFormValues } from './task-form-model.ts';

/** Field errors; a checklist item's under `checklist.{index}`. */
export type TaskFormErrors = Partial<Record<Exclude<keyof TaskFormValues, 'checklist'>, string>> & { checklist?: Record<number, string> };

export const NO_DAYS = 'Choose at least one day';
export const CHECKLIST_TOO_LONG = `Checklist item must be at most ${CHECKLIST_ITEM_TEXT_MAX} characters`;

const CONTENT_FIELDS: Record<string, 'title' | 'message'> = { 'content.title.text': 'title', 'title.text': 'title', 'body.text': 'message' };

/** The shared content schema: 'Title is required' unless the body has text, the limits (checklist items are checked below, per item). */
function contentErrors(values: TaskFormValues): TaskFormErrors {
  const content = toContent({ ...values, checklist: [] });
  return schemaFieldErrors(taskContentSchema, content, CONTENT_FIELDS, 'title');
}

/** 'checklist title is required', at most 38 characters (spec 000 §5, §9). */
function checklistErrors(values: TaskFormValues): Record<number, string> | undefined {
  const errors: Record<number, string> = {};
  values.checklist.forEach((item, index) => {
    const text = item.text.trim();
    if (!text) errors[index] = TASK_MESSAGES.checklistTitleRequired;
    else if (text.length > CHECKLIST_ITEM_TEXT_MAX) errors[index] = CHECKLIST_TOO_LONG;
  });
  return Object.keys(errors).length ? errors : undefined;
}

/**
 * The task form's rules (spec 000 §5): content always; a started task (content mode) nothing more;
 * a draft nothing at all; a template its content; otherwise recipients, a start not in the past
 * (a series' root keeps its own), an end after the start, and a repeat with days and an end after the start.
 */
export function validateTaskForm(values: TaskFormValues, mode: TaskFormMode, now: Date, timeZone: string): TaskFormErrors {
  if (mode === 'draft') return {};
  const errors = contentErrors(values);
  const checklist = checklistErrors(values);
  if (checklist) errors.checklist = checklist;
  if (mode === 'content' || mode === 'template') return errors;
  if (values.recipients.length === 0) errors.recipients = NO_RECIPIENTS;

  const start = startOf(values, now, timeZone);
  const end = endOf(values, timeZone);
  if (!start) errors.startDate = TASK_MESSAGES.startRequired;
  else if (mode !== 'recurring' && start.getTime() < startOfMinute(now).getTime()) errors.startDate = TASK_MESSAGES.startInPast;
  if (!end) errors.endDate = TASK_MESSAGES.endRequired;
  else if (start && end.getTime() <= start.getTime()) errors.endDate = TASK_MESSAGES.endBeforeStart;

  if (values.repeat) {
    if (values.repeatDays.length === 0) errors.repeatDays = NO_DAYS;
    if (values.hasRepeatEndDate) {
      if (!values.repeatEndDate) errors.repeatEndDate = TASK_MESSAGES.repeatEndRequired;
      else if (start && startOfDay(values.repeatEndDate, timeZone).getTime() <= startOfDay(start, timeZone).getTime()) errors.repeatEndDate = TASK_MESSAGES.repeatEndBeforeStart;
    }
  }
  return errors;
}

/** Spec 000 §5: the submit group waits for a recipient (drafts, templates and content edits need none). */
export const canSubmit = (values: TaskFormValues, mode: TaskFormMode) => mode === 'content' || mode === 'template' || mode === 'draft' || values.recipients.length > 0;
