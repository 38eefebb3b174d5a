import { useOutletContext } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GeneralSettingsResponse } from '@portal/shared/settings/general-settings.schema';
import { orgPaths } from '../../../lib/paths.ts';
import { useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { SideCard } from '../../../ui/side-card.tsx';

/** /settings/general/inspect: the stored settings as JSON (developer mode's inspect link). */
export function GeneralSettingsInspectRoute() {
  const { t } = useTranslation('settings');
  const settings = useOutletContext<GeneralSettingsResponse>();
  const close = useCloseOverlay(orgPaths.settingsGeneral);
  return (
    <SideCard title={t('general.inspectTitle')} onClose={close} closeOnEscape>
      <pre className="json-view">{JSON.stringify(settings, null, 2)}</pre>
    </SideCard>
  );
}
