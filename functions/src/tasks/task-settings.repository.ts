import { DEFAULT_TASK_SETTINGS, type TaskSettings } from '@portal/shared/tasks/task.schema';
import { TaskSettingsEntity } from './task-settings.entity.ts';

// AP5: the section row, or the defaults.
export async function readTaskSettings(orgId: string): Promise<TaskSettings> {
  const { data } = await TaskSettingsEntity.get({ orgId }).go();
  if (!data) return { ...DEFAULT_TASK_SETTINGS, reminder_offsets_minutes: [...DEFAULT_TASK_SETTINGS.reminder_offsets_minutes] };
  return { reminder_offsets_minutes: data.reminderOffsetsMinutes, notify_creator_when_overdue: data.notifyCreatorWhenOverdue };
}

// AP7: the section is replaced as a whole.
export async function writeTaskSettings(orgId: string, settings: TaskSettings, now: Date): Promise<void> {
  await TaskSettingsEntity.put({
    orgId,
    reminderOffsetsMinutes: settings.reminder_offsets_minutes,
    notifyCreatorWhenOverdue: settings.notify_creator_when_overdue,
    updatedAt: now.toISOString(),
  }).go();
}
