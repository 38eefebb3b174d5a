import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { userGroupsQueryOptions } from '../../../lib/organization-data/user-groups.ts';
import { ColorDot } from '../components/color-swatches.tsx';
import { useFilterParam } from '../hooks/use-search-filter.ts';
import { isEveryoneGroup, sortGroups } from '../utils/group-form.ts';
import { matchesFilter } from '../utils/users-filter.ts';

/** /users/user-groups: the everyone group first, each with its colour; the search filters by name. */
export function GroupsRoute() {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const filter = useFilterParam();
  const groups = useQuery(userGroupsQueryOptions(organization.id));

  if (groups.isPending) return <PageLoader />;
  if (groups.isError) throw groups.error;
  const shown = sortGroups(groups.data).filter((group) => matchesFilter([group.name], filter));
  return (
    <>
      {shown.length === 0 ? (
        <Text>{filter ? t('list.noMatches', { filter }) : t('groups.empty')}</Text>
      ) : (
        <Table className="data-table" highlightOnHover size="small" aria-label={t('tabs.groups')}>
          <TableHead>
            <TableRow>
              <TableCell as="th">{t('groups.color')}</TableCell>
              <TableCell as="th">{t('groups.name')}</TableCell>
              <TableCell as="th">{t('groups.type')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((group) => (
              <TableRow key={group.id}>
                <TableCell>
                  <ColorDot color={group.color} />
                  <span className="visually-hidden">{group.color}</span>
                </TableCell>
                <TableCell>
                  <Link to={{ pathname: orgHref(fillRoute(orgPaths.userGroupEdit, { groupId: group.id })), search }}>{group.name}</Link>
                </TableCell>
                <TableCell>{t(isEveryoneGroup(group) ? 'groups.typeEveryone' : 'groups.typeOther')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Outlet />
    </>
  );
}
