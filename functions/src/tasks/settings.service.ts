import type { TaskSettings } from '@portal/shared/tasks/task.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { readTaskSettings, writeTaskSettings } from './task-settings.repository.ts';

/** The organisation's reminder offsets and overdue notice (`/settings/tasks`), or the defaults (decision 0028). */
export const getSettings = (orgId: string): Promise<TaskSettings> => readTaskSettings(orgId);

/** Replaces them: duplicates dropped, the offsets largest first (the order the reminders come in). */
export async function updateSettings(orgId: string, input: TaskSettings, actor: AuditActor, now = new Date()): Promise<TaskSettings> {
  const before = await readTaskSettings(orgId);
  const settings: TaskSettings = {
    reminder_offsets_minutes: [...new Set(input.reminder_offsets_minutes)].sort((a, b) => b - a),
    notify_creator_when_overdue: input.notify_creator_when_overdue,
  };
  await writeTaskSettings(orgId, settings, now);
  await recordChange(orgId, actor, settingsChange('tasks', before, settings));
  return settings;
}
