import { mixed, number, object, type InferType } from 'yup';
import { DEFAULT_TABLET_SCHEDULE, HOURS_RANGE, MINUTES_RANGE, WEEKDAYS, type Weekday } from '../constants.ts';
import { id, SHORT_TEXT_MAX, text } from '../validation/fields.ts';
import { serverMessages } from '../api/server-messages.ts';

/** Show-screen status (spec 001 §4): active (On), inactive (Off), scheduled (Schedule). */
export const SCREEN_STATUSES = ['active', 'inactive', 'scheduled'] as const;
export type ScreenStatus = (typeof SCREEN_STATUSES)[number];
/** A tablet without stored settings keeps its screen on. */
export const DEFAULT_SCREEN_STATUS: ScreenStatus = 'active';

export interface DaySchedule {
  start_time_hours: number;
  start_time_minutes: number;
  end_time_hours: number;
  end_time_minutes: number;
}
/** Every weekday when scheduled; empty otherwise. */
export type ScreenSchedule = Partial<Record<Weekday, DaySchedule>>;

export interface PowerSettings {
  show_screen_status: ScreenStatus;
  show_screen_schedule: ScreenSchedule;
}

export interface TabletSettings {
  templateId: string | null;
  power_settings: PowerSettings;
}

/** `GET /device-settings/{deviceId}` and the answer of the PUT. */
export interface TabletSettingsDto extends TabletSettings {
  /** The device's id (the `{deviceId}` of the path). */
  id: string;
  /** The tablet's serial number, as everywhere in spec 001. */
  device_id: string;
}

export const TABLET_SETTINGS_MESSAGES = serverMessages('tabletSettings', {
  startBeforeEnd: 'start time must be before end time',
  tabletsOnly: 'Tablet settings apply to tablets only',
  templateNotFound: 'Design template not found',
  notDelivered: 'The settings were saved but could not be sent to the tablet. Please try again.',
} as const);

/** 08:00–20:00 every day (spec 001 §9). */
export function defaultSchedule(): Record<Weekday, DaySchedule> {
  const day: DaySchedule = {
    start_time_hours: DEFAULT_TABLET_SCHEDULE.startHours,
    start_time_minutes: DEFAULT_TABLET_SCHEDULE.startMinutes,
    end_time_hours: DEFAULT_TABLET_SCHEDULE.endHours,
    end_time_minutes: DEFAULT_TABLET_SCHEDULE.endMinutes,
  };
  return Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, { ...day }])) as Record<Weekday, DaySchedule>;
}

export function defaultTabletSettings(): TabletSettings {
  return { templateId: null, power_settings: { show_screen_status: DEFAULT_SCREEN_STATUS, show_screen_schedule: {} } };
}

const isEmptySchedule = (schedule: unknown) =>
  schedule === undefined || schedule === null || (typeof schedule === 'object' && Object.keys(schedule).length === 0);

/**
 * The form's status switch (spec 001 §4): scheduled fills 08:00–20:00 every day when the schedule
 * is empty (a schedule already entered is kept); active and inactive clear it.
 */
export function applyScreenStatus(settings: PowerSettings, status: ScreenStatus): PowerSettings {
  if (status !== 'scheduled') return { show_screen_status: status, show_screen_schedule: {} };
  const schedule = isEmptySchedule(settings.show_screen_schedule) ? defaultSchedule() : settings.show_screen_schedule;
  return { show_screen_status: status, show_screen_schedule: schedule };
}

const within = (value: unknown, range: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

/** Minutes since midnight, or undefined while a number is missing or out of range (its own error shows). */
function minutesOf(hours: unknown, minutes: unknown): number | undefined {
  return within(hours, HOURS_RANGE) && within(minutes, MINUTES_RANGE) ? hours * 60 + minutes : undefined;
}

const timeNumber = (label: 'Start' | 'End', unit: 'hours' | 'minutes') => {
  const range = unit === 'hours' ? HOURS_RANGE : MINUTES_RANGE;
  const rangeMessage = `${unit === 'hours' ? 'Hours' : 'Minutes'} must be between ${range.min} and ${range.max}`;
  return number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(`${label} ${unit} must be a number`)
    .required(`${label} ${unit} are required`)
    .integer(rangeMessage)
    .min(range.min, rangeMessage)
    .max(range.max, rangeMessage);
};

/** One weekday: all four numbers required, and the end must come after the start (equal is an error too). */
export const dayScheduleSchema = object({
  start_time_hours: timeNumber('Start', 'hours'),
  start_time_minutes: timeNumber('Start', 'minutes'),
  end_time_hours: timeNumber('End', 'hours'),
  end_time_minutes: timeNumber('End', 'minutes'),
}).test('start-before-end', TABLET_SETTINGS_MESSAGES.startBeforeEnd, (day) => {
  const start = minutesOf(day?.start_time_hours, day?.start_time_minutes);
  const end = minutesOf(day?.end_time_hours, day?.end_time_minutes);
  return start === undefined || end === undefined || end > start;
});

const weekScheduleSchema = object(Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, dayScheduleSchema])) as Record<Weekday, typeof dayScheduleSchema>);

/** Applies the status rule to whatever arrives, so the API stores what the form would show. */
function normalisePowerSettings(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const raw = value as { show_screen_status?: unknown; show_screen_schedule?: unknown };
  if (!(SCREEN_STATUSES as readonly unknown[]).includes(raw.show_screen_status)) return value;
  return applyScreenStatus(raw as PowerSettings, raw.show_screen_status as ScreenStatus);
}

export const powerSettingsSchema = object({
  show_screen_status: mixed<ScreenStatus>()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .required('Screen status is required')
    .oneOf([...SCREEN_STATUSES], 'Screen status must be active, inactive or scheduled'),
  show_screen_schedule: mixed<ScreenSchedule>()
    .default(() => ({}))
    .when('show_screen_status', ([status]: unknown[]) =>
    status === 'scheduled' ? weekScheduleSchema : mixed<ScreenSchedule>().transform(() => ({})),
  ),
}).transform(normalisePowerSettings);

/** `PUT /device-settings/{deviceId}` body (spec 001 §7): templateId and power_settings. */
export const tabletSettingsSchema = object({
  templateId: id('Template id').trim().transform((value: string, original: unknown) => (original === '' ? null : value)).nullable().default(null),
  power_settings: powerSettingsSchema,
});
export type TabletSettingsInput = InferType<typeof tabletSettingsSchema>;

/** The tablet edit form: the body plus the tablet's serial number (spec 001 §5: device_id required). */
export const tabletSettingsFormSchema = tabletSettingsSchema.shape({
  device_id: text(SHORT_TEXT_MAX, 'Serial number').trim().required('Serial number is required'),
});
