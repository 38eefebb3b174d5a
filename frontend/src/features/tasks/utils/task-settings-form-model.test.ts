import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_SETTINGS, REMINDER_OFFSETS_MAX, TASK_MESSAGES } from '@portal/shared/tasks/task.schema';
import { parseReminders, toFormValues, toSettingsBody, validateTaskSettings } from './task-settings-form-model.ts';

describe('/settings/tasks form', () => {
  it('shows the defaults: one reminder an hour before the end, the creator told when overdue', () => {
    expect(toFormValues(DEFAULT_TASK_SETTINGS)).toEqual({ reminders: '60', notifyCreator: true });
  });

  it('reads minutes separated by commas or spaces, each once, earliest reminder first', () => {
    expect(parseReminders('15, 60 15;120')).toEqual([120, 60, 15]);
    expect(parseReminders('')).toEqual([]);
    expect(parseReminders('10, soon')).toBeNull();
    expect(toSettingsBody({ reminders: '30 10', notifyCreator: false })).toEqual({ reminder_offsets_minutes: [30, 10], notify_creator_when_overdue: false });
  });

  it('refuses words, zero, more than 7 days and more than five reminders with the product message', () => {
    expect(validateTaskSettings({ reminders: '10, soon', notifyCreator: true })).toEqual({ reminders: TASK_MESSAGES.reminderOffset });
    expect(validateTaskSettings({ reminders: '0', notifyCreator: true })).toEqual({ reminders: TASK_MESSAGES.reminderOffset });
    expect(validateTaskSettings({ reminders: String(7 * 24 * 60 + 1), notifyCreator: true })).toEqual({ reminders: TASK_MESSAGES.reminderOffset });
    const many = Array.from({ length: REMINDER_OFFSETS_MAX + 1 }, (_, i) => i + 1).join(', ');
    expect(validateTaskSettings({ reminders: many, notifyCreator: true }).reminders).toMatch(/at most 5/);
    expect(validateTaskSettings({ reminders: '', notifyCreator: false })).toEqual({});
    expect(validateTaskSettings({ reminders: '1440, 60, 5', notifyCreator: true })).toEqual({});
  });
});
