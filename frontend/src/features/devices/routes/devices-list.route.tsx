import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '@portal/shared/devices/device.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { DeviceIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { devicesListQueryOptions } from '../api/devices.ts';
import { deviceLabel, isTablet } from '../utils/device-display.ts';
import '../devices.css';

/** /devices: name, serial number, type, online or offline and when last seen; tablets link to their settings. */
export function DevicesListRoute() {
  const { t } = useTranslation('devices');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const list = useInfiniteQuery(devicesListQueryOptions(organization.id));
  const to = (route: string) => ({ pathname: orgHref(route), search });

  const add = (
    <ButtonLink variation="primary" to={to(orgPaths.devicesCreate)}>
      {t('actions.add')}
    </ButtonLink>
  );
  // Connected to the broker now, and otherwise its last connect or disconnect (docs/device-protocol.md §8).
  const lastSeen = (device: DeviceListItem) =>
    device.online ? t('list.now') : device.last_seen_at ? clock.dateTime(device.last_seen_at) : t('list.never');
  const columns: DataTableColumn<DeviceListItem>[] = [
    { key: 'name', header: t('list.name'), cell: (device) => <Link to={to(fillRoute(orgPaths.deviceEdit, { deviceId: device.id }))}>{deviceLabel(device)}</Link> },
    { key: 'serial', header: t('list.serialNumber'), cell: (device) => device.device_id },
    { key: 'type', header: t('list.type'), cell: (device) => t(`types.${device.type}`) },
    {
      key: 'status',
      header: t('list.status'),
      cell: (device) => <StatusChip tone={device.online ? 'success' : 'neutral'}>{t(device.online ? 'list.online' : 'list.offline')}</StatusChip>,
    },
    { key: 'lastSeen', header: t('list.lastSeen'), cell: lastSeen },
    {
      key: 'more',
      header: <span className="visually-hidden">{t('list.more')}</span>,
      cell: (device) =>
        isTablet(device) ? (
          <Link to={to(fillRoute(orgPaths.tabletEdit, { deviceId: device.id }))} aria-label={t('list.tabletSettingsOf', { name: deviceLabel(device) })}>
            {t('list.tabletSettings')}
          </Link>
        ) : null,
    },
  ];
  if (list.isError) throw list.error;
  const devices = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="devices">
      <PageHeader title={t('title')} actions={add} />
      {list.isPending ? <PageLoader /> : null}
      {!list.isPending && devices.length === 0 ? (
        <EmptyState
          icon={<DeviceIcon />}
          title={t('list.empty')}
          help={t('list.emptyHelp')}
          action={<ButtonLink to={to(orgPaths.devicesCreate)}>{t('list.emptyAction')}</ButtonLink>}
        />
      ) : null}
      {devices.length > 0 ? <DataTable label={t('title')} columns={columns} rows={devices} /> : null}
      <LoadMoreFooter list={list} loadMoreLabel={t('list.loadMore')} loadingLabel={t('list.loading')} />
      <Outlet />
    </div>
  );
}

/** An unknown path under /devices goes to the list. */
export const DevicesRedirect = () => <RedirectTo route={orgPaths.devices} />;
