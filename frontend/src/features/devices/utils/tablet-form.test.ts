import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@portal/shared/constants';
import { defaultSchedule, tabletSettingsFormSchema, type TabletSettingsDto } from '@portal/shared/devices/tablet-settings.schema';
import {
  HOUR_OPTIONS,
  MINUTE_OPTIONS,
  dayError,
  scheduledDays,
  toTabletFormValues,
  toTabletSettingsBody,
  triggerGroupChoices,
  triggerGroupOf,
  twoDigits,
  withScreenStatus,
  withTime,
  withTriggerGroup,
} from './tablet-form.ts';

const settings: TabletSettingsDto = {
  id: 'd1',
  device_id: 'SN-1',
  templateId: null,
  power_settings: { show_screen_status: 'active', show_screen_schedule: {} },
};
// Keyed by the device's id (d1), not its serial number (SN-1).
const map = [
  { device_id: 'd0', trigger_group_id: 'tg-0' },
  { device_id: 'd1', trigger_group_id: 'tg-1' },
  { device_id: 'SN-1', trigger_group_id: 'tg-serial' },
];

/** Formik's errors for a form state, as the form shows them. */
function errorsOf(values: unknown): unknown {
  try {
    tabletSettingsFormSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Record<string, unknown> = {};
    for (const inner of (error as { inner: { path: string; message: string }[] }).inner) {
      const [a, b, c] = inner.path.split('.');
      if (a === 'power_settings' && b === 'show_screen_schedule' && c) {
        const ps = (errors.power_settings ??= { show_screen_schedule: {} }) as { show_screen_schedule: Record<string, string> };
        ps.show_screen_schedule[c] ??= inner.message;
      }
    }
    return errors;
  }
}

describe('tablet settings form', () => {
  it('loads the settings with the tablet’s trigger group from the map', () => {
    expect(toTabletFormValues(settings, map)).toEqual({
      device_id: 'SN-1',
      templateId: '',
      power_settings: { show_screen_status: 'active', show_screen_schedule: {} },
      triggerGroupId: 'tg-1',
    });
    expect(triggerGroupOf(map, 'd9')).toBe('');
  });

  it('fills 08:00–20:00 every day on Schedule and clears the schedule on On or Off', () => {
    const scheduled = withScreenStatus(toTabletFormValues(settings, []), 'scheduled');
    expect(scheduled.power_settings.show_screen_schedule).toEqual(defaultSchedule());
    expect(scheduledDays(scheduled)).toEqual([...WEEKDAYS]);
    const off = withScreenStatus(scheduled, 'inactive');
    expect(off.power_settings).toEqual({ show_screen_status: 'inactive', show_screen_schedule: {} });
    expect(scheduledDays(off)).toEqual([]);
  });

  it('changes one number of one weekday from a select', () => {
    const scheduled = withScreenStatus(toTabletFormValues(settings, []), 'scheduled');
    const changed = withTime(scheduled, 'tuesday', 'end_time_hours', '7');
    expect(changed.power_settings.show_screen_schedule.tuesday).toEqual({ start_time_hours: 8, start_time_minutes: 0, end_time_hours: 7, end_time_minutes: 0 });
    expect(changed.power_settings.show_screen_schedule.monday?.end_time_hours).toBe(20);
  });

  it('shows “start time must be before end time” on the weekday that has it', () => {
    const scheduled = withScreenStatus(toTabletFormValues(settings, []), 'scheduled');
    expect(dayError(errorsOf(scheduled), 'tuesday')).toBeUndefined();
    const wrong = withTime(scheduled, 'tuesday', 'end_time_hours', '7');
    expect(dayError(errorsOf(wrong), 'tuesday')).toBe('start time must be before end time');
    expect(dayError(errorsOf(wrong), 'monday')).toBeUndefined();
    const equal = withTime(withTime(scheduled, 'friday', 'end_time_hours', '8'), 'friday', 'end_time_minutes', '0');
    expect(dayError(errorsOf(equal), 'friday')).toBe('start time must be before end time');
  });

  it('sends templateId (null for none) and power_settings', () => {
    const values = { ...withScreenStatus(toTabletFormValues(settings, []), 'scheduled'), templateId: 't1' };
    expect(toTabletSettingsBody(values)).toEqual({ templateId: 't1', power_settings: { show_screen_status: 'scheduled', show_screen_schedule: defaultSchedule() } });
    expect(toTabletSettingsBody(toTabletFormValues(settings, [])).templateId).toBeNull();
  });

  it('updates the whole trigger group map for this tablet only', () => {
    expect(withTriggerGroup(map, 'd1', 'tg-9')).toEqual([map[0], map[2], { device_id: 'd1', trigger_group_id: 'tg-9' }]);
    expect(withTriggerGroup(map, 'd1', '')).toEqual([map[0], map[2]]);
    expect(withTriggerGroup([], 'd2', 'tg-2')).toEqual([{ device_id: 'd2', trigger_group_id: 'tg-2' }]);
  });

  it('offers hours 0-23 and minutes 0-59, shown with two digits', () => {
    expect([HOUR_OPTIONS[0], HOUR_OPTIONS.at(-1), HOUR_OPTIONS.length]).toEqual([0, 23, 24]);
    expect([MINUTE_OPTIONS[0], MINUTE_OPTIONS.at(-1), MINUTE_OPTIONS.length]).toEqual([0, 59, 60]);
    expect(twoDigits(8)).toBe('08');
  });
});

describe('triggerGroupChoices', () => {
  it('offers the known trigger groups by name, then stored ids that are not among them', () => {
    expect(triggerGroupChoices([{ id: 'tg-1', name: 'Lobby' }], ['tg-1', 'tg-9'], 'tg-7')).toEqual([{ id: 'tg-1', name: 'Lobby' }, { id: 'tg-9' }, { id: 'tg-7' }]);
  });

  it('keeps the stored value while no trigger groups are known, without an empty or repeated entry', () => {
    expect(triggerGroupChoices([], ['tg-2', 'tg-2'], 'tg-2')).toEqual([{ id: 'tg-2' }]);
    expect(triggerGroupChoices([], [], '')).toEqual([]);
  });
});
