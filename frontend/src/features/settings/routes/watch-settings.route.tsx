import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useWatchSettings } from '../api/watch-settings.ts';
import { WatchSettingsForm } from '../components/watch-settings-form.tsx';

/** /settings/watch: what every watch of the organisation does with a message (the defaults until it saves its own). */
export function WatchSettingsRoute() {
  const { organization } = useOrganizationContext();
  const settings = useWatchSettings(organization.id);
  if (settings.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (settings.isError) throw settings.error;
  return <WatchSettingsForm settings={settings.data} />;
}
