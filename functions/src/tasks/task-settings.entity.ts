import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * The organisation's tasks settings (docs/data-model.md §3.1, the `SETTINGS#tasks` section row):
 * when recipients are reminded before a task's end ("reminders are set in Setup", spec 000 §4) and
 * whether a creator is told of an overdue task. A missing row reads as DEFAULT_TASK_SETTINGS
 * (task-settings.repository.ts).
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
