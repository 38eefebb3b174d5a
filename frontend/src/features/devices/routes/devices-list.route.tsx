import { Button, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { devicesListQueryOptions } from '../api/devices.ts';
import { deviceLabel, isTablet } from '../utils/device-form.ts';
import '../devices.css';

/** /devices: name, serial number and type; tablets link to their settings. */
export function DevicesListRoute() {
  const { t } = useTranslation('devices');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const list = useInfiniteQuery(devicesListQueryOptions(organization.id));
  const to = (route: string) => ({ pathname: orgHref(route), search });

  const add = (
    <Link className="amplify-button amplify-button--primary" to={to(orgPaths.devicesCreate)}>
      {t('actions.add')}
    </Link>
  );
  if (list.isError) throw list.error;
  const devices = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="devices">
      <PageHeader title={t('title')} actions={add} />
      {list.isPending ? <PageLoader /> : null}
      {!list.isPending && devices.length === 0 ? <Text>{t('list.empty')}</Text> : null}
      {devices.length > 0 ? (
        <Table className="data-table" highlightOnHover size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('list.name')}</TableCell>
              <TableCell as="th">{t('list.serialNumber')}</TableCell>
              <TableCell as="th">{t('list.type')}</TableCell>
              <TableCell as="th">
                <span className="visually-hidden">{t('list.more')}</span>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {devices.map((device) => (
              <TableRow key={device.id}>
                <TableCell>
                  <Link to={to(fillRoute(orgPaths.deviceEdit, { deviceId: device.id }))}>{deviceLabel(device)}</Link>
                </TableCell>
                <TableCell>{device.device_id}</TableCell>
                <TableCell>{t(`types.${device.type}`)}</TableCell>
                <TableCell>
                  {isTablet(device) ? (
                    <Link
                      to={to(fillRoute(orgPaths.tabletEdit, { deviceId: device.id }))}
                      aria-label={t('list.tabletSettingsOf', { name: deviceLabel(device) })}
                    >
                      {t('list.tabletSettings')}
                    </Link>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <div className="list-footer">
        {list.hasNextPage ? (
          <Button onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage} loadingText={t('list.loading')}>
            {t('list.loadMore')}
          </Button>
        ) : null}
        {list.isFetching && !list.isPending && !list.isFetchingNextPage ? <Loader aria-label={t('list.loading')} /> : null}
      </div>
      <Outlet />
    </div>
  );
}

/** An unknown path under /devices goes to the list. */
export function DevicesRedirect() {
  const orgHref = useOrgHref();
  const { search } = useLocation();
  return <Navigate to={{ pathname: orgHref(orgPaths.devices), search }} replace />;
}
