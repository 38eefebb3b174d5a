import { ValidationError } from 'yup';
import { TASK_MESSAGES, taskSettingsSchema, type TaskSettings } from '@portal/shared/tasks/task.schema';

/** The reminders before a task's end as typed (minutes, separated by commas or spaces) and the overdue notice. */
export interface TaskSettingsFormValues {
  reminders: string;
  notifyCreator: boolean;
}

export const toFormValues = (settings: TaskSettings): TaskSettingsFormValues => ({
  reminders: settings.reminder_offsets_minutes.join(', '),
  notifyCreator: settings.notify_creator_when_overdue,
});

/** The minutes typed, largest first (the earliest reminder first), each once; a word that is no whole number makes the list invalid (null). */
export function parseReminders(text: string): number[] | null {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (!words.every((word) => /^\d{1,6}$/.test(word))) return null;
  return [...new Set(words.map(Number))].sort((a, b) => b - a);
}

/** Form → PUT settings/tasks; no reminders at all is allowed (an empty field). */
export function toSettingsBody(values: TaskSettingsFormValues): TaskSettings {
  return { reminder_offsets_minutes: parseReminders(values.reminders) ?? [], notify_creator_when_overdue: values.notifyCreator };
}

/** The shared schema's rules: 1 minute to 7 days before the end, at most 5 (its messages). */
export function validateTaskSettings(values: TaskSettingsFormValues): Partial<Record<keyof TaskSettingsFormValues, string>> {
  if (parseReminders(values.reminders) === null) return { reminders: TASK_MESSAGES.reminderOffset };
  try {
    taskSettingsSchema.validateSync(toSettingsBody(values), { abortEarly: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { reminders: error.message };
  }
}
