import type { TaskSettings } from '@portal/shared/tasks/task.schema';
import { settingsResource } from '../../../lib/resource-api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/**
 * GET settings/tasks: the reminders before a task's end and whether its creator hears of it overdue
 * (the settings page; the task form says when reminders come); PUT (managers).
 */
const taskSettings = settingsResource<TaskSettings>()({
  module: 'tasks',
  key: orgDataKeys.taskSettings,
  get: 'getTaskSettings',
  update: 'updateTaskSettings',
  staleTime: 60_000,
});

export const taskSettingsQueryOptions = taskSettings.settingsQueryOptions;
export const useTaskSettings = taskSettings.useSettings;
export const useSaveTaskSettings = taskSettings.useSave;
