import { Loader } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { deviceQueryOptions } from '../api/devices.ts';
import { DeviceForm } from '../components/device-form.tsx';
import { useCloseToDevices } from '../hooks/use-close-to-devices.ts';
import { isNotFound } from '../utils/not-found.ts';

export function DeviceCreateRoute() {
  const close = useCloseToDevices();
  const closeSoon = useCloseAfterSubmit(close);
  return <DeviceForm onClose={close} onSaved={closeSoon} />;
}

/** /devices/{id}/edit; an unknown id goes back to /devices. */
export function DeviceEditRoute() {
  const { t } = useTranslation('devices');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const { deviceId = '' } = useParams();
  const close = useCloseToDevices();
  const closeSoon = useCloseAfterSubmit(close);
  const device = useQuery(deviceQueryOptions(organization.id, deviceId));

  if (isNotFound(device.error)) return <Navigate to={{ pathname: orgHref(orgPaths.devices), search }} replace />;
  if (device.isError) throw device.error;
  if (device.isPending) {
    return (
      <SideCard title={t('form.editTitle', { name: '' })} onClose={close}>
        <Loader aria-label={t('list.loading')} />
      </SideCard>
    );
  }
  return <DeviceForm key={device.data.id} device={device.data} onClose={close} onSaved={closeSoon} />;
}
