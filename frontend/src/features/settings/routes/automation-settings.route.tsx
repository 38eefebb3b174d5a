import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useAutomationSettings } from '../../../lib/organization-data/automation-settings.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { AutomationSettingsForm } from '../components/automation-settings-form.tsx';

/** /settings/automation: throttle defaults and trigger menus; the settings layout keeps it closed while automation is off. */
export function AutomationSettingsRoute() {
  const { organization } = useOrganizationContext();
  const settings = useAutomationSettings(organization.id);
  if (settings.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (settings.isError) throw settings.error;
  return <AutomationSettingsForm settings={settings.data} />;
}
