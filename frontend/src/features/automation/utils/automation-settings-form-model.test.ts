import { describe, expect, it } from 'vitest';
import { AUTOMATION_MESSAGES, DEFAULT_AUTOMATION_SETTINGS } from '@portal/shared/automation/automation.schema';
import { menuGroupChoices, THROTTLE_CHOICES, toFormValues, toggleGroup, toSettingsBody, validateAutomationSettings } from './automation-settings-form-model.ts';

const settings = { throttle_enabled: true, throttle_threshold: 30, is_trigger_menus_enabled: true, trigger_menus_trigger_group_ids: ['tg-2', 'tg-1'] };

describe('the automation settings form', () => {
  it('offers every whole second from 0 to 60 (spec 001 §9)', () => {
    expect(THROTTLE_CHOICES).toHaveLength(61);
    expect(THROTTLE_CHOICES[0]).toBe(0);
    expect(THROTTLE_CHOICES.at(-1)).toBe(60);
  });

  it('round-trips the settings, the groups in their order', () => {
    expect(toFormValues(settings)).toEqual({ throttleEnabled: true, throttleSeconds: '30', menusEnabled: true, menuGroupIds: ['tg-2', 'tg-1'] });
    expect(toSettingsBody(toFormValues(settings))).toEqual(settings);
    expect(toSettingsBody(toFormValues(DEFAULT_AUTOMATION_SETTINGS))).toEqual(DEFAULT_AUTOMATION_SETTINGS);
  });

  it("refuses what the server refuses, in the server's words", () => {
    const values = toFormValues(settings);
    expect(validateAutomationSettings(values)).toEqual({});
    expect(validateAutomationSettings({ ...values, throttleSeconds: '61' })).toEqual({ throttleSeconds: AUTOMATION_MESSAGES.throttleRange });
    expect(validateAutomationSettings({ ...values, throttleSeconds: '-1' })).toEqual({ throttleSeconds: AUTOMATION_MESSAGES.throttleRange });
    expect(validateAutomationSettings({ ...values, throttleSeconds: '1.5' })).toEqual({ throttleSeconds: AUTOMATION_MESSAGES.throttleRange });
  });

  it('ticks a group on at the end of the list, once, and off again', () => {
    expect(toggleGroup(['tg-1'], 'tg-2', true)).toEqual(['tg-1', 'tg-2']);
    expect(toggleGroup(['tg-1', 'tg-2'], 'tg-2', true)).toEqual(['tg-1', 'tg-2']);
    expect(toggleGroup(['tg-1', 'tg-2'], 'tg-1', false)).toEqual(['tg-2']);
  });

  it('offers the trigger groups by name, then listed ids no group names any more', () => {
    expect(menuGroupChoices([{ id: 'tg-1', name: 'Lobby' }], ['tg-9', 'tg-1', 'tg-9'])).toEqual([{ id: 'tg-1', name: 'Lobby' }, { id: 'tg-9' }]);
    expect(menuGroupChoices([], [])).toEqual([]);
  });
});
