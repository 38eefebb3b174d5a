import { ValidationError } from 'yup';
import { watchSettingsSchema, type VibrationPattern, type WatchSettings } from '@portal/shared/settings/watch-settings.schema';

/** /settings/watch as the form holds it (decision 0038). */
export interface WatchSettingsFormValues {
  notification: VibrationPattern;
  action: VibrationPattern;
  task: VibrationPattern;
  /** Whole seconds as typed, 5 to 120. */
  displaySeconds: string;
  quietEnabled: boolean;
  /** 'HH:mm' in the organisation's time zone; a start after the end spans midnight. */
  quietStart: string;
  quietEnd: string;
}

export const toFormValues = (settings: WatchSettings): WatchSettingsFormValues => ({
  ...settings.vibration,
  displaySeconds: String(settings.display_seconds),
  quietEnabled: settings.quiet_hours.enabled,
  quietStart: settings.quiet_hours.start,
  quietEnd: settings.quiet_hours.end,
});

/** A typed number that is not one stays NaN, which the schema refuses with its message. */
const seconds = (text: string) => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN);

export const toSettingsBody = (values: WatchSettingsFormValues): WatchSettings => ({
  vibration: { notification: values.notification, action: values.action, task: values.task },
  display_seconds: seconds(values.displaySeconds),
  quiet_hours: { enabled: values.quietEnabled, start: values.quietStart, end: values.quietEnd },
});

const FIELD_OF_PATH: Record<string, keyof WatchSettingsFormValues> = {
  'vibration.notification': 'notification',
  'vibration.action': 'action',
  'vibration.task': 'task',
  display_seconds: 'displaySeconds',
  'quiet_hours.start': 'quietStart',
  'quiet_hours.end': 'quietEnd',
};

/** The shared schema's rules (the server's), each message on its field. */
export function validateWatchSettings(values: WatchSettingsFormValues): Partial<Record<keyof WatchSettingsFormValues, string>> {
  try {
    watchSettingsSchema.validateSync(toSettingsBody(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Partial<Record<keyof WatchSettingsFormValues, string>> = {};
    for (const inner of error.inner) {
      const field = FIELD_OF_PATH[inner.path ?? ''];
      if (field) errors[field] ??= inner.message;
    }
    return errors;
  }
}

/** 'HH:mm' as the two numbers the hour and minute selects show. */
export function clockParts(clock: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = clock.split(':').map(Number);
  return { hour, minute };
}

const two = (value: number) => String(value).padStart(2, '0');
export const toClock = (hour: number, minute: number) => `${two(hour)}:${two(minute)}`;
