import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';

/**
 * `/settings/watch` (spec 001 §2 shows only the page; decision 0038): what an organisation sets for
 * its watches, delivered in each watch's config message (docs/device-protocol.md §5) and to the
 * watch emulator. Vibration per message kind, how long a message stays on screen, and quiet hours
 * (notifications arrive without vibration; actions still vibrate, they ask for an answer).
 */
export const WATCH_MESSAGES = serverMessages('watch', {
  vibrationUnknown: 'Vibration must be none, short, long or double',
  displayRange: 'Time on screen must be 5 to 120 seconds',
  timeInvalid: 'Time must be like 22:00',
});

export const VIBRATION_PATTERNS = ['none', 'short', 'long', 'double'] as const;
export type VibrationPattern = (typeof VIBRATION_PATTERNS)[number];
export const WATCH_MESSAGE_KINDS = ['notification', 'action', 'task'] as const;
export const DISPLAY_SECONDS = { min: 5, max: 120 } as const;

const vibration = () =>
  mixed<VibrationPattern>().oneOf([...VIBRATION_PATTERNS], WATCH_MESSAGES.vibrationUnknown).required(WATCH_MESSAGES.vibrationUnknown);
const clock = () =>
  string()
    .max(5, WATCH_MESSAGES.timeInvalid)
    .matches(/^([01]\d|2[0-3]):[0-5]\d$/, WATCH_MESSAGES.timeInvalid)
    .required(WATCH_MESSAGES.timeInvalid);

export const watchSettingsSchema = object({
  vibration: object({ notification: vibration(), action: vibration(), task: vibration() }).required(WATCH_MESSAGES.vibrationUnknown),
  display_seconds: number()
    .typeError(WATCH_MESSAGES.displayRange)
    .integer(WATCH_MESSAGES.displayRange)
    .min(DISPLAY_SECONDS.min, WATCH_MESSAGES.displayRange)
    .max(DISPLAY_SECONDS.max, WATCH_MESSAGES.displayRange)
    .required(WATCH_MESSAGES.displayRange),
  /** In the organisation's time zone; start after end spans midnight (22:00 to 06:00). */
  quiet_hours: object({ enabled: boolean().required(), start: clock(), end: clock() }).required(),
});
export type WatchSettings = InferType<typeof watchSettingsSchema>;

export const DEFAULT_WATCH_SETTINGS: WatchSettings = {
  vibration: { notification: 'short', action: 'double', task: 'short' },
  display_seconds: 15,
  quiet_hours: { enabled: false, start: '22:00', end: '06:00' },
};
