import { Entity, type EntityItem } from 'electrodb';
import { DEFAULT_TASK_SETTINGS, type TaskSettings } from '@portal/shared/tasks/task.schema';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';
import { settingsSection } from '../platform/db/settings-section.ts';

/**
 * The organisation's tasks settings (docs/data-model.md §3.1, the `SETTINGS#tasks` section row):
 * when recipients are reminded before a task's end ("reminders are set in Setup", spec 000 §4) and
 * whether a creator is told of an overdue task. A missing row reads as DEFAULT_TASK_SETTINGS
 * (`taskSettings` below).
 */
export const TaskSettingsEntity = lazy(() => new Entity(
  {
    model: { entity: 'taskSettings', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** Minutes before the end, largest first. */
      reminderOffsetsMinutes: { type: 'list', items: { type: 'number' }, required: true, field: 'reminder_offsets_minutes' },
      notifyCreatorWhenOverdue: { type: 'boolean', required: true, field: 'notify_creator_when_overdue' },
      updatedAt: { type: 'string', field: 'updated_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'SETTINGS', 'tasks'),
      },
    },
  },
  entityConfig(),
));

export type TaskSettingsItem = EntityItem<typeof TaskSettingsEntity>;

/**
 * `/settings/tasks` (decision 0028; AP5, AP7): the reminder offsets and the overdue notice, or the
 * defaults. A save keeps each offset once, largest first (the order the reminders come in).
 */
export const taskSettings = settingsSection<TaskSettings, TaskSettingsItem>(TaskSettingsEntity, {
  defaults: () => ({ ...DEFAULT_TASK_SETTINGS, reminder_offsets_minutes: [...DEFAULT_TASK_SETTINGS.reminder_offsets_minutes] }),
  fromRow: (row) => ({ reminder_offsets_minutes: row.reminderOffsetsMinutes, notify_creator_when_overdue: row.notifyCreatorWhenOverdue }),
  toRow: (settings) => ({ reminderOffsetsMinutes: settings.reminder_offsets_minutes, notifyCreatorWhenOverdue: settings.notify_creator_when_overdue }),
  normalize: (input) => ({
    reminder_offsets_minutes: [...new Set(input.reminder_offsets_minutes)].sort((a, b) => b - a),
    notify_creator_when_overdue: input.notify_creator_when_overdue,
  }),
});
