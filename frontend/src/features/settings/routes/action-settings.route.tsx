import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useActionSettings } from '../../../lib/organization-data/action-settings.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ActionSettingsForm } from '../components/action-settings-form.tsx';

/** /settings/actions: the organisation's action time-outs (the defaults until it saves its own). */
export function ActionSettingsRoute() {
  const { organization } = useOrganizationContext();
  const settings = useActionSettings(organization.id);
  if (settings.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (settings.isError) throw settings.error;
  return <ActionSettingsForm settings={settings.data} />;
}
