import { TASK_SETTINGS } from '../components/task-settings-form.tsx';
import { SettingsSectionRoute } from '../../../ui/settings-section.tsx';

/** /settings/tasks: reminders before a task's end and the overdue notice (the defaults until the organisation saves its own). */
export function TaskSettingsRoute() {
  return <SettingsSectionRoute section={TASK_SETTINGS} />;
}
