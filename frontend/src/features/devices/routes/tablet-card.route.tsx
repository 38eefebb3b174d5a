import { Loader, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { generalSettingsQueryOptions } from '../../../lib/organization-data/general-settings.ts';
import { tabletTemplatesQueryOptions } from '../../../lib/organization-data/tablet-templates.ts';
import { useTriggerGroupOptions } from '../../../lib/organization-data/trigger-groups.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { isUnknownId, RedirectTo, useCloseOverlay } from '../../../ui/overlay-route.tsx';
import { SideCard, useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import { deviceQueryOptions } from '../api/devices.ts';
import { tabletSettingsQueryOptions } from '../api/tablet-settings.ts';
import { TabletSettingsForm } from '../components/tablet-settings-form.tsx';
import { deviceLabel, isTablet } from '../utils/device-form-model.ts';

/** /devices/tablet/{id}/edit: the tablet's settings; an unknown id goes back to /devices. */
export function TabletCardRoute() {
  const { t } = useTranslation('devices');
  const { organization } = useOrganizationContext();
  const orgId = organization.id;
  const { deviceId = '' } = useParams();
  const close = useCloseOverlay(orgPaths.devices);
  const closeSoon = useCloseAfterSubmit(close);
  const device = useQuery(deviceQueryOptions(orgId, deviceId));
  const settings = useQuery(tabletSettingsQueryOptions(orgId, deviceId));
  const templates = useQuery(tabletTemplatesQueryOptions(orgId));
  const general = useQuery(generalSettingsQueryOptions(orgId));
  const triggerGroups = useTriggerGroupOptions(orgId);

  if (isUnknownId(device.error) || isUnknownId(settings.error)) return <RedirectTo route={orgPaths.devices} />;
  const failed = [device, settings, templates, general].find((query) => query.isError);
  if (failed) throw failed.error;

  if (!device.data || !settings.data || !templates.data || !general.data) {
    return (
      <SideCard title={t('tablet.title', { name: '' })} onClose={close}>
        <Loader aria-label={t('list.loading')} />
      </SideCard>
    );
  }
  const title = t('tablet.title', { name: deviceLabel(device.data) });
  if (!isTablet(device.data)) {
    return (
      <SideCard title={title} onClose={close}>
        <Text>{t('tablet.tabletsOnly')}</Text>
      </SideCard>
    );
  }
  const map = general.data.general.tablet?.trigger_group_map ?? [];
  const knownIds = [...new Set([...(general.data.general.trigger_menus_trigger_group_ids ?? []), ...map.map((entry) => entry.trigger_group_id)])];
  return (
    <TabletSettingsForm
      key={settings.data.id}
      deviceId={deviceId}
      title={title}
      settings={settings.data}
      templates={templates.data.items}
      triggerGroupMap={map}
      triggerGroups={triggerGroups}
      triggerGroupIds={knownIds}
      onClose={close}
      onSaved={closeSoon}
    />
  );
}
