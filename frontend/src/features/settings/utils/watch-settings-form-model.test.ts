import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_SETTINGS, WATCH_MESSAGES } from '@portal/shared/settings/watch-settings.schema';
import { clockParts, toClock, toFormValues, toSettingsBody, validateWatchSettings } from './watch-settings-form-model.ts';

const settings = {
  vibration: { notification: 'none' as const, action: 'long' as const, task: 'double' as const },
  display_seconds: 45,
  quiet_hours: { enabled: true, start: '21:30', end: '06:15' },
};

describe('the watch settings form', () => {
  it('round-trips the settings and the defaults', () => {
    expect(toFormValues(settings)).toEqual({
      notification: 'none',
      action: 'long',
      task: 'double',
      displaySeconds: '45',
      quietEnabled: true,
      quietStart: '21:30',
      quietEnd: '06:15',
    });
    expect(toSettingsBody(toFormValues(settings))).toEqual(settings);
    expect(toSettingsBody(toFormValues(DEFAULT_WATCH_SETTINGS))).toEqual(DEFAULT_WATCH_SETTINGS);
  });

  it('takes 5 to 120 whole seconds on screen, refusing anything else with the server\'s message', () => {
    const values = toFormValues(settings);
    expect(validateWatchSettings({ ...values, displaySeconds: '5' })).toEqual({});
    expect(validateWatchSettings({ ...values, displaySeconds: ' 120 ' })).toEqual({});
    for (const typed of ['4', '121', '', 'ten', '7.5', '-10']) {
      expect(validateWatchSettings({ ...values, displaySeconds: typed }), typed).toEqual({ displaySeconds: WATCH_MESSAGES.displayRange });
    }
  });

  it('puts each refusal on its field', () => {
    const values = { ...toFormValues(settings), task: 'buzz' as never, quietEnd: '24:00' };
    expect(validateWatchSettings(values)).toEqual({ task: WATCH_MESSAGES.vibrationUnknown, quietEnd: WATCH_MESSAGES.timeInvalid });
  });

  it('splits and joins the quiet hours\' clock times for the hour and minute selects', () => {
    expect(clockParts('06:05')).toEqual({ hour: 6, minute: 5 });
    expect(toClock(6, 5)).toBe('06:05');
    expect(toClock(...(Object.values(clockParts('22:00')) as [number, number]))).toBe('22:00');
  });
});
