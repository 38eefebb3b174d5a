import { describe, expect, it } from 'vitest';
import { ACTION_MESSAGES } from '@portal/shared/actions/action.schema';
import { parseOptions, toFormValues, toSettingsBody, validateActionSettings } from './action-settings-form-model.ts';

describe('the actions settings form', () => {
  it('reads options typed with commas or spaces, in order, each once', () => {
    expect(parseOptions('30, 10 60,10')).toEqual([10, 30, 60]);
    expect(parseOptions('10, ten')).toBeNull();
    expect(parseOptions('')).toEqual([]);
  });

  it('round-trips the settings', () => {
    const settings = { forward_after_options: [10, 30, 60, 120, 300, 600], forward_after_default: 30 };
    expect(toFormValues(settings)).toEqual({ options: '10, 30, 60, 120, 300, 600', defaultSeconds: '30' });
    expect(toSettingsBody(toFormValues(settings))).toEqual(settings);
  });

  it('refuses what the server refuses: no options, out of range, a default that is not an option', () => {
    expect(validateActionSettings({ options: '10, 30', defaultSeconds: '30' })).toEqual({});
    expect(validateActionSettings({ options: '', defaultSeconds: '30' }).options).toBe(ACTION_MESSAGES.forwardAfterOption);
    expect(validateActionSettings({ options: '1, 30', defaultSeconds: '30' }).options).toBe(ACTION_MESSAGES.forwardAfterOption);
    expect(validateActionSettings({ options: 'x', defaultSeconds: '30' }).options).toBe(ACTION_MESSAGES.forwardAfterOption);
    expect(validateActionSettings({ options: '10, 60', defaultSeconds: '30' })).toEqual({ defaultSeconds: ACTION_MESSAGES.defaultNotAnOption });
  });
});
