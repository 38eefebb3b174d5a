import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserGroupDto } from '@portal/shared/users/user-group.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { UsersIcon } from '../../../ui/icons.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useGroupDisplayName, userGroupsQueryOptions } from '../../../lib/organization-data/user-groups.ts';
import { ColorDot } from '../../../ui/color-swatches.tsx';
import { useFilterParam } from '../hooks/use-search-filter.ts';
import { isEveryoneGroup, sortGroups } from '../utils/group-form-model.ts';
import { matchesFilter } from '../utils/users-filter.ts';

/** /users/user-groups: the everyone group first, each with its colour; the search filters by name. */
export function GroupsRoute() {
  const { t } = useTranslation('users');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const filter = useFilterParam();
  const groups = useQuery(userGroupsQueryOptions(organization.id));
  const groupName = useGroupDisplayName();
  const columns: DataTableColumn<UserGroupDto>[] = [
    {
      key: 'color',
      header: t('groups.color'),
      cell: (group) => (
        <>
          <ColorDot color={group.color} />
          <span className="visually-hidden">{group.color}</span>
        </>
      ),
    },
    {
      key: 'name',
      header: t('groups.name'),
      cell: (group) => <Link to={{ pathname: orgHref(fillRoute(orgPaths.userGroupEdit, { groupId: group.id })), search }}>{groupName(group)}</Link>,
    },
    { key: 'type', header: t('groups.type'), cell: (group) => t(isEveryoneGroup(group) ? 'groups.typeEveryone' : 'groups.typeOther') },
  ];

  if (groups.isPending) return <PageLoader />;
  if (groups.isError) throw groups.error;
  const shown = sortGroups(groups.data).filter((group) => matchesFilter([groupName(group)], filter));
  return (
    <>
      {shown.length === 0 ? (
        <EmptyState icon={<UsersIcon />} title={filter ? t('list.noMatches', { filter }) : t('groups.empty')} help={filter ? t('list.noMatchesHelp') : undefined} />
      ) : (
        <DataTable label={t('tabs.groups')} columns={columns} rows={shown} />
      )}
      <Outlet />
    </>
  );
}
