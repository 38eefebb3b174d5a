import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '@portal/shared/users/user.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute } from '../../../lib/paths.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { UsersIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { usersListQueryOptions } from '../api/users-list.ts';
import { useFilterParam } from '../hooks/use-search-filter.ts';
import { userDisplayName } from '../utils/user-display.ts';
import { VIEW_ROUTES, kindOfView } from '../utils/users-view.ts';

/** The Users and Device Specific tabs: paged, searched on the server, "Load more" for the next page. */
function UserList({ view }: { view: 'people' | 'devices' }) {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const filter = useFilterParam();
  const list = useInfiniteQuery(usersListQueryOptions(organization.id, kindOfView(view), filter));
  const editRoute = VIEW_ROUTES[view].edit!;
  const columns: DataTableColumn<UserDto>[] = [
    {
      key: 'name',
      header: t('list.name'),
      cell: (user) => <Link to={{ pathname: orgHref(fillRoute(editRoute, { userId: user.id })), search }}>{userDisplayName(user)}</Link>,
    },
    { key: 'email', header: t('list.email'), cell: (user) => user.email },
    { key: 'type', header: t('list.type'), cell: (user) => t(`types.${user.type}`) },
    { key: 'access', header: t('list.accessLevel'), cell: (user) => t(`accessLevels.${user.access_level}.name`) },
  ];

  if (list.isPending) return <PageLoader />;
  if (list.isError) throw list.error;
  const users = list.data.pages.flatMap((page) => page.items);
  return (
    <>
      {users.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title={filter ? t('list.noMatches', { filter }) : t(view === 'devices' ? 'list.emptyDevices' : 'list.empty')}
          help={filter ? t('list.noMatchesHelp') : t(view === 'devices' ? 'list.emptyDevicesHelp' : 'list.emptyHelp')}
        />
      ) : (
        <DataTable label={t(`tabs.${view}`)} columns={columns} rows={users} />
      )}
      <LoadMoreFooter list={list} loadMoreLabel={t('list.loadMore')} loadingLabel={t('list.loading')} />
      <Outlet />
    </>
  );
}

export const PeopleListRoute = () => <UserList view="people" />;
export const DeviceUsersListRoute = () => <UserList view="devices" />;
