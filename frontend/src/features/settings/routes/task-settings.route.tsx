import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useTaskSettings } from '../../../lib/organization-data/task-settings.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { TaskSettingsForm } from '../components/task-settings-form.tsx';

/** /settings/tasks: reminders before a task's end and the overdue notice (the defaults until the organisation saves its own). */
export function TaskSettingsRoute() {
  const { organization } = useOrganizationContext();
  const settings = useTaskSettings(organization.id);
  if (settings.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (settings.isError) throw settings.error;
  return <TaskSettingsForm settings={settings.data} />;
}
