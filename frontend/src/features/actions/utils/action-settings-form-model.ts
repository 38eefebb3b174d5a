import { ValidationError } from 'yup';
import { actionSettingsSchema, ACTION_MESSAGES, type ActionSettings } from '@portal/shared/actions/action.schema';

/** The time-out options as typed (seconds, separated by commas or spaces) and the default chosen among them. */
export interface ActionSettingsFormValues {
  options: string;
  defaultSeconds: string;
}

export const toFormValues = (settings: ActionSettings): ActionSettingsFormValues => ({
  options: settings.forward_after_options.join(', '),
  defaultSeconds: String(settings.forward_after_default),
});

/** The options typed, in order, each once; a word that is no whole number makes the list invalid (null). */
export function parseOptions(text: string): number[] | null {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (!words.every((word) => /^\d{1,6}$/.test(word))) return null;
  return [...new Set(words.map(Number))].sort((a, b) => a - b);
}

/** Form → PUT settings/actions; the shared schema's rules (5 s to a day, at most 12, the default among them). */
export function toSettingsBody(values: ActionSettingsFormValues): ActionSettings {
  return { forward_after_options: parseOptions(values.options) ?? [], forward_after_default: Number(values.defaultSeconds) };
}

export function validateActionSettings(values: ActionSettingsFormValues): Partial<Record<keyof ActionSettingsFormValues, string>> {
  if (!parseOptions(values.options)?.length) return { options: ACTION_MESSAGES.forwardAfterOption };
  try {
    actionSettingsSchema.validateSync(toSettingsBody(values), { abortEarly: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.path === 'forward_after_default' ? { defaultSeconds: error.message } : { options: error.message };
  }
}
