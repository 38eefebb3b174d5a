import type { TaskSettings } from '@portal/shared/tasks/task.schema';
import { readTaskSettings, writeTaskSettings } from './task-settings.repository.ts';

/** The organisation's reminder offsets and overdue notice (`/settings/tasks`), or the defaults (decision 0028). */
export const getSettings = (orgId: string): Promise<TaskSettings> => readTaskSettings(orgId);

/** Replaces them: duplicates dropped, the offsets largest first (the order the reminders come in). */
export async function updateSettings(orgId: string, input: TaskSettings, now = new Date()): Promise<TaskSettings> {
  const settings: TaskSettings = {
    reminder_offsets_minutes: [...new Set(input.reminder_offsets_minutes)].sort((a, b) => b - a),
    notify_creator_when_overdue: input.notify_creator_when_overdue,
  };
  await writeTaskSettings(orgId, settings, now);
  return settings;
}
