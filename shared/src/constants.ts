/**
 * Business constants and limits of both specifications (spec 000 and spec 001, section 9), in one
 * place so forms, schemas, handlers and devices agree. Durations are in milliseconds unless named.
 */

// --- Message limits (spec 000 §9)
export const NOTIFICATION_TITLE_MAX = 27;
export const NOTIFICATION_MESSAGE_MAX = 107;
export const CHECKLIST_ITEM_TEXT_MAX = 38;
export const FEEDBACK_MESSAGE_MAX = 100;

// --- Actions (spec 000 §9)
/** Employees needed: '1'..'9' or 'All'. */
export const EMPLOYEES_NEEDED_OPTIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'All'] as const;
export const RESPONSE_THRESHOLD_TYPES = { Any: 1, All: 2, Number: 3 } as const;
/** Auto-forward options come from server configuration: medium default 10 s, otherwise 30 s. */
export const AUTO_FORWARD_DEFAULT_SECONDS = { medium: 10, other: 30 } as const;

// --- Tasks (spec 000 §9)
export const TASK_DEFAULT_END_TIME = '23:59:59';
/** New time pickers round up to the next 30-minute mark; the end is one hour after the start. */
export const TIME_PICKER_ROUND_MINUTES = 30;
export const TASK_DEFAULT_DURATION_MINUTES = 60;
export const TASK_LIST_FILTERS = ['today', 'scheduled', 'completed', 'all'] as const;
export const UNTITLED_DRAFT_TITLE = 'Untitled Draft ';

// --- UI timings (both specs §9)
export const ERROR_TOAST_MS = 10_000;
export const FORM_ERROR_MS = 3_000;
export const CARD_CLOSE_AFTER_SUBMIT_MS = 1_000;
export const RESIZE_DEBOUNCE_MS = 100;
export const USERS_SEARCH_DEBOUNCE_MS = 300;
export const TEMPLATE_SEARCH_DEBOUNCE_MS = 1_000;
export const CHANGE_PASSWORD_REDIRECT_MS = 6_000;

// --- Layout (both specs §9)
export const NARROW_BREAKPOINT_PX = 920;
export const PRESENTATION_ZOOM = 0.7;
export const RECIPIENT_GRID_MAX_COLUMNS = 4;
export const RECIPIENT_GRID_COLUMN_PX = 146;
export const SCROLL_STEP_PX = 240;
export const TEMPLATE_LIST_ROW_HEIGHT_PX = 64;

// --- Durations and calendars (spec 000 §9)
/** Duration text uses days, hours, minutes; the largest two units. */
export const DURATION_TEXT_UNITS = 2;
/** Weeks start Monday (ISO 8601 weekday 1); ISO week numbers. */
export const WEEK_STARTS_ON = 1;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// --- Users, devices, automation (spec 001 §9)
export const PIN_MAX_DIGITS = 4;
export const PASSWORD_MIN_LENGTH = 8;
/** Special characters the password rule accepts (spec 001 §5). */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';
export const THROTTLE_SECONDS_MIN = 0;
export const THROTTLE_SECONDS_MAX = 60;
export const DEFAULT_TABLET_SCHEDULE = { startHours: 8, startMinutes: 0, endHours: 20, endMinutes: 0 } as const;
export const HOURS_RANGE = { min: 0, max: 23 } as const;
export const MINUTES_RANGE = { min: 0, max: 59 } as const;

/** 22 preset user-group colours (hex). */
export const USER_GROUP_COLORS = [
  '#E53935', '#D81B60', '#8E24AA', '#5E35B1', '#3949AB', '#1E88E5', '#039BE5', '#00ACC1',
  '#00897B', '#43A047', '#7CB342', '#C0CA33', '#FDD835', '#FFB300', '#FB8C00', '#F4511E',
  '#6D4C41', '#757575', '#546E7A', '#263238', '#AD1457', '#2E7D32',
] as const;

export const TRIGGER_SOURCE_TYPES = [
  'general', 'flic-button', 'tablet-kiosk-button', 'tomra-bin', 'tomra-rvm', 'voice-to-text',
  'watch-physical-button', 'security-alarm',
] as const;
export const TRIGGER_GROUP_TYPES = ['kiosk-app', 'user-app', 'integration', 'general'] as const;
export const DEVICE_TYPES = ['android', 'android_tablet', 'wear_os'] as const;
export const DEFAULT_DEVICE_TYPE = 'wear_os';
export const DEVICE_PROTOCOLS = ['MQTT', 'AMQP'] as const;

// --- Languages (both specs §1 and §9)
export const LANGUAGES = ['en', 'de'] as const;
export const DEFAULT_LANGUAGE = 'en';
