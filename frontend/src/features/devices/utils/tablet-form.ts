import { HOURS_RANGE, MINUTES_RANGE, WEEKDAYS, type Weekday } from '@portal/shared/constants';
import {
  applyScreenStatus,
  type DaySchedule,
  type PowerSettings,
  type ScreenStatus,
  type TabletSettingsDto,
  type TabletSettingsInput,
} from '@portal/shared/devices/tablet-settings.schema';
import type { TabletTriggerGroup } from '@portal/shared/settings/general-settings.schema';

export interface TabletFormValues {
  /** The tablet's serial number (spec 001 §5: device_id required). */
  device_id: string;
  /** '' for no design template. */
  templateId: string;
  power_settings: PowerSettings;
  /** The tablet's trigger group from general settings tablet.trigger_group_map; '' for none. */
  triggerGroupId: string;
}

export type TimeField = keyof DaySchedule;
export const TIME_FIELDS: readonly TimeField[] = ['start_time_hours', 'start_time_minutes', 'end_time_hours', 'end_time_minutes'];

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
/** Spec 001 §9: hours 0-23, minutes 0-59. */
export const HOUR_OPTIONS = range(HOURS_RANGE.min, HOURS_RANGE.max);
export const MINUTE_OPTIONS = range(MINUTES_RANGE.min, MINUTES_RANGE.max);
export const twoDigits = (value: number): string => String(value).padStart(2, '0');
export const optionsOf = (field: TimeField) => (field.endsWith('hours') ? HOUR_OPTIONS : MINUTE_OPTIONS);

/** The tablet's entry in the map (keyed by the device's id, as the device configs read it). */
export function triggerGroupOf(map: readonly TabletTriggerGroup[], deviceId: string): string {
  return map.find((entry) => entry.device_id === deviceId)?.trigger_group_id ?? '';
}

/** The whole list with this tablet's entry replaced, added, or (for '') removed; others unchanged. */
export function withTriggerGroup(map: readonly TabletTriggerGroup[], deviceId: string, triggerGroupId: string): TabletTriggerGroup[] {
  const others = map.filter((entry) => entry.device_id !== deviceId);
  return triggerGroupId ? [...others, { device_id: deviceId, trigger_group_id: triggerGroupId }] : others;
}

/** The trigger group picker's choices (shared with /settings/tablet). */
export { triggerGroupChoices, type TriggerGroupChoice } from '../../../lib/organization-data/trigger-groups.ts';

export function toTabletFormValues(settings: TabletSettingsDto, map: readonly TabletTriggerGroup[]): TabletFormValues {
  return {
    device_id: settings.device_id,
    templateId: settings.templateId ?? '',
    power_settings: applyScreenStatus(settings.power_settings, settings.power_settings.show_screen_status),
    triggerGroupId: triggerGroupOf(map, settings.id),
  };
}

/** Spec 001 §4: Schedule fills 08:00–20:00 every day, On and Off clear the schedule. */
export function withScreenStatus(values: TabletFormValues, status: ScreenStatus): TabletFormValues {
  return { ...values, power_settings: applyScreenStatus(values.power_settings, status) };
}

/** One number of one weekday changed (the selects give strings). */
export function withTime(values: TabletFormValues, weekday: Weekday, field: TimeField, value: string): TabletFormValues {
  const schedule = values.power_settings.show_screen_schedule;
  const day = schedule[weekday];
  if (!day) return values;
  return {
    ...values,
    power_settings: { ...values.power_settings, show_screen_schedule: { ...schedule, [weekday]: { ...day, [field]: Number(value) } } },
  };
}

/** PUT device-settings/{deviceId}: templateId (null for none) and power_settings. */
export function toTabletSettingsBody(values: TabletFormValues): TabletSettingsInput {
  const { show_screen_status: status } = values.power_settings;
  return { templateId: values.templateId || null, power_settings: applyScreenStatus(values.power_settings, status) };
}

/** The weekday rows shown: all seven while scheduled, none otherwise. */
export function scheduledDays(values: TabletFormValues): Weekday[] {
  return values.power_settings.show_screen_status === 'scheduled' ? WEEKDAYS.filter((day) => values.power_settings.show_screen_schedule[day]) : [];
}

/** The weekday's error ('start time must be before end time'), from formik's nested errors. */
export function dayError(errors: unknown, weekday: Weekday): string | undefined {
  const schedule = (errors as { power_settings?: { show_screen_schedule?: Record<string, unknown> } } | undefined)?.power_settings?.show_screen_schedule;
  const error = schedule?.[weekday];
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') return Object.values(error).find((value): value is string => typeof value === 'string');
  return undefined;
}
