import { Button, Loader, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute } from '../../../lib/paths.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { usersListQueryOptions } from '../api/users.ts';
import { useFilterParam } from '../hooks/use-search-filter.ts';
import { userDisplayName } from '../utils/user-form.ts';
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

  if (list.isPending) return <PageLoader />;
  if (list.isError) throw list.error;
  const users = list.data.pages.flatMap((page) => page.items);
  return (
    <>
      {users.length === 0 ? (
        <Text>{filter ? t('list.noMatches', { filter }) : t(view === 'devices' ? 'list.emptyDevices' : 'list.empty')}</Text>
      ) : (
        <Table className="data-table" highlightOnHover size="small" aria-label={t(`tabs.${view}`)}>
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('list.name')}</TableCell>
              <TableCell as="th">{t('list.email')}</TableCell>
              <TableCell as="th">{t('list.type')}</TableCell>
              <TableCell as="th">{t('list.accessLevel')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id}>
                <TableCell>
                  <Link to={{ pathname: orgHref(fillRoute(editRoute, { userId: user.id })), search }}>{userDisplayName(user)}</Link>
                </TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{t(`types.${user.type}`)}</TableCell>
                <TableCell>{t(`accessLevels.${user.access_level}.name`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className="list-footer">
        {list.hasNextPage ? (
          <Button onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage} loadingText={t('list.loading')}>
            {t('list.loadMore')}
          </Button>
        ) : null}
        {list.isFetching && !list.isFetchingNextPage ? <Loader aria-label={t('list.loading')} /> : null}
      </div>
      <Outlet />
    </>
  );
}

export const PeopleListRoute = () => <UserList view="people" />;
export const DeviceUsersListRoute = () => <UserList view="devices" />;
