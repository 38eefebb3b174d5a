import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TabletTemplateSummary } from '@portal/shared/devices/tablet-template.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { useDeveloperMode } from '../../../ui/developer-mode.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { DeviceIcon } from '../../../ui/icons.tsx';
import { RedirectTo } from '../../../ui/overlay-route.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { generalSettingsQueryOptions } from '../../../lib/organization-data/general-settings.ts';
import { tabletTemplatesQueryOptions } from '../../../lib/organization-data/tablet-templates.ts';
import { tabletsQueryOptions } from '../../../lib/organization-data/tablets.ts';
import { useTriggerGroupOptions } from '../../../lib/organization-data/trigger-groups.ts';
import { TabletTriggerGroupsForm } from '../components/tablet-trigger-groups-form.tsx';

/**
 * /settings/tablet: the design templates (inspect links in developer mode only, spec 001 §6) and
 * the trigger group each tablet shows (decision 0044).
 */
export function TabletSettingsRoute() {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const developerMode = useDeveloperMode();
  const templates = useQuery(tabletTemplatesQueryOptions(organization.id));
  const tablets = useQuery(tabletsQueryOptions(organization.id));
  const general = useQuery(generalSettingsQueryOptions(organization.id));
  const triggerGroups = useTriggerGroupOptions(organization.id);
  const to = (route: string, templateId?: string) => ({ pathname: orgHref(templateId ? fillRoute(route, { templateId }) : route), search });
  const columns: DataTableColumn<TabletTemplateSummary>[] = [
    { key: 'name', header: t('tablet.templates.name'), cell: (template) => template.name },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('tablet.templates.actions')}</span>,
      cell: (template) => (
        <Flex gap="xxxs" justifyContent="flex-end">
          {developerMode ? (
            <ButtonLink variation="link" size="small" to={to(orgPaths.tabletTemplateInspect, template.id)} aria-label={t('tablet.templates.inspectOf', { name: template.name })}>
              {t('tablet.templates.inspect')}
            </ButtonLink>
          ) : null}
          <ButtonLink variation="link" size="small" to={to(orgPaths.tabletTemplateEdit, template.id)} aria-label={t('tablet.templates.editOf', { name: template.name })}>
            {t('tablet.templates.edit')}
          </ButtonLink>
          <ButtonLink variation="link" size="small" to={to(orgPaths.tabletTemplateDelete, template.id)} aria-label={t('tablet.templates.deleteOf', { name: template.name })}>
            {t('tablet.templates.delete')}
          </ButtonLink>
        </Flex>
      ),
    },
  ];

  const failed = [templates, tablets, general].find((query) => query.isError);
  if (failed) throw failed.error;
  if (!templates.data || !tablets.data || !general.data) return <PageLoader />;
  const items = templates.data.items;
  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap">
        <div>
          <Heading level={3} fontSize="large">
            {t('tablet.templates.title')}
          </Heading>
          <Text variation="secondary">{t('tablet.templates.intro')}</Text>
        </div>
        <ButtonLink variation="primary" to={to(orgPaths.tabletTemplatesCreate)}>
          {t('tablet.templates.add')}
        </ButtonLink>
      </Flex>
      {items.length === 0 ? (
        <EmptyState
          icon={<DeviceIcon />}
          title={t('tablet.templates.empty')}
          help={t('tablet.templates.emptyHelp')}
          action={<ButtonLink to={to(orgPaths.tabletTemplatesCreate)}>{t('tablet.templates.emptyAction')}</ButtonLink>}
        />
      ) : (
        <DataTable label={t('tablet.templates.title')} columns={columns} rows={items} />
      )}
      <TabletTriggerGroupsForm tablets={tablets.data} map={general.data.general.tablet.trigger_group_map} triggerGroups={triggerGroups} />
      <Outlet />
    </Flex>
  );
}

/** An unknown path under /settings/tablet goes to the tab itself. */
export const TabletSettingsRedirect = () => <RedirectTo route={orgPaths.settingsTablet} />;
