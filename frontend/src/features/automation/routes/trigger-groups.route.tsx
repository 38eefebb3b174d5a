import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TriggerGroupDto } from '@portal/shared/automation/automation.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BoltIcon } from '../../../ui/icons.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { triggerGroupsQueryOptions } from '../api/trigger-groups.ts';
import { sortByName } from '../utils/trigger-group-form-model.ts';

/** /automation/trigger-groups: each group's name, type, description and number of triggers. */
export function TriggerGroupsRoute() {
  const { t } = useTranslation('automation');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const groups = useQuery(triggerGroupsQueryOptions(organization.id));
  const columns: DataTableColumn<TriggerGroupDto>[] = [
    {
      key: 'name',
      header: t('groups.name'),
      cell: (group) => <Link to={{ pathname: orgHref(fillRoute(orgPaths.automationTriggerGroupEdit, { triggerGroupId: group.id })), search }}>{group.name}</Link>,
    },
    { key: 'type', header: t('groups.type'), cell: (group) => t(`groupTypes.${group.type}`) },
    { key: 'description', header: t('groups.description'), cell: (group) => group.description },
    { key: 'triggers', header: t('groups.triggers'), cell: (group) => t('groups.triggerCount', { count: group.trigger_ids.length }) },
  ];

  if (groups.isPending) return <PageLoader />;
  if (groups.isError) throw groups.error;
  return (
    <>
      {groups.data.length === 0 ? (
        <EmptyState
          icon={<BoltIcon />}
          title={t('groups.empty')}
          help={t('groups.emptyHelp')}
          action={<ButtonLink to={{ pathname: orgHref(orgPaths.automationTriggerGroupsCreate), search }}>{t('groups.addFirst')}</ButtonLink>}
        />
      ) : (
        <DataTable label={t('tabs.groups')} columns={columns} rows={sortByName(groups.data)} />
      )}
      <Outlet />
    </>
  );
}
