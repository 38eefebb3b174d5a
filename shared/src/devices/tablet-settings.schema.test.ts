import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { WEEKDAYS } from '../constants.ts';
import { applyScreenStatus, defaultSchedule, tabletSettingsFormSchema, tabletSettingsSchema } from './tablet-settings.schema.ts';

const day = (start: [number, number], end: [number, number]) => ({
  start_time_hours: start[0],
  start_time_minutes: start[1],
  end_time_hours: end[0],
  end_time_minutes: end[1],
});
const week = (each = day([8, 0], [20, 0])) => Object.fromEntries(WEEKDAYS.map((d) => [d, { ...each }]));

async function errorsOf(value: unknown, schema = tabletSettingsSchema) {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as ValidationError).inner.map((e) => [e.path, e.message]));
  }
}

describe('tablet settings helpers', () => {
  it('has a default schedule of 08:00 to 20:00 on every weekday', () => {
    expect(defaultSchedule()).toEqual(week());
  });

  it('fills the default schedule when scheduled is chosen with none, and keeps one already entered', () => {
    expect(applyScreenStatus({ show_screen_status: 'active', show_screen_schedule: {} }, 'scheduled')).toEqual({
      show_screen_status: 'scheduled',
      show_screen_schedule: week(),
    });
    const own = week(day([6, 30], [18, 15]));
    expect(applyScreenStatus({ show_screen_status: 'scheduled', show_screen_schedule: own }, 'scheduled').show_screen_schedule).toEqual(own);
  });

  it('clears the schedule for active and inactive', () => {
    for (const status of ['active', 'inactive'] as const) {
      expect(applyScreenStatus({ show_screen_status: 'scheduled', show_screen_schedule: week() }, status)).toEqual({
        show_screen_status: status,
        show_screen_schedule: {},
      });
    }
  });
});

describe('tablet settings schema', () => {
  it('requires all four numbers on every weekday when scheduled', async () => {
    const schedule = { ...week(), tuesday: { start_time_hours: 9 } };
    expect(await errorsOf({ power_settings: { show_screen_status: 'scheduled', show_screen_schedule: schedule } })).toEqual({
      'power_settings.show_screen_schedule.tuesday.start_time_minutes': 'Start minutes are required',
      'power_settings.show_screen_schedule.tuesday.end_time_hours': 'End hours are required',
      'power_settings.show_screen_schedule.tuesday.end_time_minutes': 'End minutes are required',
    });
    const withoutSunday = week();
    delete withoutSunday.sunday;
    expect(Object.keys(await errorsOf({ power_settings: { show_screen_status: 'scheduled', show_screen_schedule: withoutSunday } }))).toHaveLength(4);
  });

  it("answers 'start time must be before end time' when the end is before or at the start", async () => {
    for (const end of [[7, 59], [8, 0]] as [number, number][]) {
      const schedule = { ...week(), friday: day([8, 0], end) };
      expect(await errorsOf({ power_settings: { show_screen_status: 'scheduled', show_screen_schedule: schedule } })).toEqual({
        'power_settings.show_screen_schedule.friday': 'start time must be before end time',
      });
    }
  });

  it('keeps hours within 0-23 and minutes within 0-59', async () => {
    const schedule = { ...week(), monday: day([24, 0], [23, 60]) };
    expect(await errorsOf({ power_settings: { show_screen_status: 'scheduled', show_screen_schedule: schedule } })).toEqual({
      'power_settings.show_screen_schedule.monday.start_time_hours': 'Hours must be between 0 and 23',
      'power_settings.show_screen_schedule.monday.end_time_minutes': 'Minutes must be between 0 and 59',
    });
  });

  it('stores the rule the form applies: scheduled without a schedule gets the default, on/off none', () => {
    expect(tabletSettingsSchema.cast({ power_settings: { show_screen_status: 'scheduled' } })).toEqual({
      templateId: null,
      power_settings: { show_screen_status: 'scheduled', show_screen_schedule: week() },
    });
    expect(tabletSettingsSchema.cast({ templateId: 't1', power_settings: { show_screen_status: 'inactive', show_screen_schedule: week() } })).toEqual({
      templateId: 't1',
      power_settings: { show_screen_status: 'inactive', show_screen_schedule: {} },
    });
  });

  it('requires a screen status, and the device on the form', async () => {
    expect(await errorsOf({})).toEqual({ 'power_settings.show_screen_status': 'Screen status is required' });
    expect(await errorsOf({ power_settings: { show_screen_status: 'dim' } })).toEqual({
      'power_settings.show_screen_status': 'Screen status must be active, inactive or scheduled',
    });
    expect(await errorsOf({ power_settings: { show_screen_status: 'active' } }, tabletSettingsFormSchema)).toEqual({ device_id: 'Serial number is required' });
  });
});
