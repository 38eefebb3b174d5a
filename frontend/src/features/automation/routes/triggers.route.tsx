import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TriggerDto } from '@portal/shared/automation/automation.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BoltIcon } from '../../../ui/icons.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { triggersQueryOptions } from '../api/triggers.ts';
import { sortByName } from '../utils/trigger-group-form-model.ts';

/** /automation/triggers: each trigger's name, type, workflow size, throttle and whether it has a webhook. */
export function TriggersRoute() {
  const { t } = useTranslation('automation');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const triggers = useQuery(triggersQueryOptions(organization.id));
  const columns: DataTableColumn<TriggerDto>[] = [
    {
      key: 'name',
      header: t('triggers.name'),
      cell: (trigger) => <Link to={{ pathname: orgHref(fillRoute(orgPaths.automationTriggerEdit, { triggerId: trigger.id })), search }}>{trigger.name}</Link>,
    },
    { key: 'type', header: t('triggers.type'), cell: (trigger) => t(`triggerTypes.${trigger.type}`) },
    { key: 'workflow', header: t('triggers.workflow'), cell: (trigger) => t('triggers.templates', { count: trigger.workflows.length }) },
    {
      key: 'throttle',
      header: t('triggers.throttleColumn'),
      cell: (trigger) => (trigger.is_throttling_enabled ? t('triggers.seconds', { count: trigger.throttle_duration_in_seconds }) : t('triggers.off')),
    },
    {
      key: 'external',
      header: t('triggers.webhook'),
      cell: (trigger) => (trigger.metadata.is_external ? <StatusChip tone="info">{t('triggers.externalChip')}</StatusChip> : t('triggers.internal')),
    },
  ];

  if (triggers.isPending) return <PageLoader />;
  if (triggers.isError) throw triggers.error;
  return (
    <>
      {triggers.data.length === 0 ? (
        <EmptyState
          icon={<BoltIcon />}
          title={t('triggers.empty')}
          help={t('triggers.emptyHelp')}
          action={
            <ButtonLink to={{ pathname: orgHref(orgPaths.automationTriggersCreate), search }}>{t('triggers.addFirst')}</ButtonLink>
          }
        />
      ) : (
        <DataTable label={t('tabs.triggers')} columns={columns} rows={sortByName(triggers.data)} />
      )}
      <Outlet />
    </>
  );
}
