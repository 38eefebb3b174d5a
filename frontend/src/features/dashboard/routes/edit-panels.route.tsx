import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isManager } from '../../../lib/access.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, RedirectTo, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { dashboardSettingsQueryOptions } from '../api/dashboard.ts';
import { PanelsForm } from '../components/panels-form.tsx';

/**
 * /dashboard/custom/edit: the "Edit panels" card (admins and superadmins; PUT settings/dashboard is
 * theirs). Assistants, who read the custom dashboard only, go back to it.
 */
export function EditPanelsRoute() {
  const { t } = useTranslation('dashboard');
  const { organization, roles } = useOrganizationContext();
  const close = useCloseOverlay(orgPaths.dashboardCustom);
  const settings = useQuery({ ...dashboardSettingsQueryOptions(organization.id), enabled: isManager(roles) });
  if (!isManager(roles)) return <RedirectTo route={orgPaths.dashboardCustom} />;
  return (
    <OverlayItem query={settings} listRoute={orgPaths.dashboardCustom} title={t('editPanels.title')} onClose={close} loadingLabel={t('panel.loading')}>
      {(data) => <PanelsForm title={t('editPanels.title')} initial={data.panels} onClose={close} />}
    </OverlayItem>
  );
}
