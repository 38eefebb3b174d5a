import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { OverlayItem, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { deviceQueryOptions } from '../api/devices.ts';
import { DeviceForm } from '../components/device-form.tsx';

export function DeviceCreateRoute() {
  const close = useCloseOverlay(orgPaths.devices);
  const closeSoon = useCloseAfterSubmit(close);
  return <DeviceForm onClose={close} onSaved={closeSoon} />;
}

/** /devices/{id}/edit; an unknown id goes back to /devices. */
export function DeviceEditRoute() {
  const { t } = useTranslation('devices');
  const { organization } = useOrganizationContext();
  const { deviceId = '' } = useParams();
  const close = useCloseOverlay(orgPaths.devices);
  const closeSoon = useCloseAfterSubmit(close);
  const device = useQuery(deviceQueryOptions(organization.id, deviceId));
  return (
    <OverlayItem query={device} listRoute={orgPaths.devices} title={t('form.editTitle', { name: '' })} onClose={close} loadingLabel={t('list.loading')}>
      {(found) => <DeviceForm key={found.id} device={found} onClose={close} onSaved={closeSoon} />}
    </OverlayItem>
  );
}
