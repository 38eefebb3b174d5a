import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ShiftActivityTypeDto } from '@portal/shared/shifts/shift.schema';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { shiftActivityTypesQueryOptions } from '../../../lib/organization-data/shift-activity-types.ts';
import { fillRoute, orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { ColorDot } from '../../../ui/color-swatches.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { RedirectTo } from '../../../ui/overlay-route.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { sortShiftActivities } from '../utils/shift-activity-form-model.ts';

/** /settings/shift-planner: the organisation's shift activities (name and colour, spec 001 §3); add and edit in overlays. */
export function ShiftPlannerSettingsRoute() {
  const { t } = useTranslation('shifts', { keyPrefix: 'settings' });
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const activities = useQuery(shiftActivityTypesQueryOptions(organization.id));
  const createTo = { pathname: orgHref(orgPaths.shiftActivityCreate), search };
  const columns: DataTableColumn<ShiftActivityTypeDto>[] = [
    {
      key: 'color',
      header: t('color'),
      cell: (activity) => (
        <>
          <ColorDot color={activity.color} />
          <span className="visually-hidden">{activity.color}</span>
        </>
      ),
    },
    {
      key: 'name',
      header: t('name'),
      cell: (activity) => (
        <Link to={{ pathname: orgHref(fillRoute(orgPaths.shiftActivityEdit, { activityTypeId: activity.id })), search }} aria-label={t('editOf', { name: activity.name })}>
          {activity.name}
        </Link>
      ),
    },
  ];

  if (activities.isPending) return <PageLoader />;
  // Shown in the tab's panel, below the tabs (app/org-routes.tsx, panelErrors).
  if (activities.isError) throw activities.error;
  const items = sortShiftActivities(activities.data.items);
  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap">
        <div>
          <Heading level={3} fontSize="large">
            {t('title')}
          </Heading>
          <Text variation="secondary">{t('intro')}</Text>
        </div>
        <ButtonLink variation="primary" to={createTo}>
          {t('add')}
        </ButtonLink>
      </Flex>
      {items.length === 0 ? (
        <EmptyState title={t('empty')} help={t('emptyHelp')} action={<ButtonLink to={createTo}>{t('emptyAction')}</ButtonLink>} />
      ) : (
        <DataTable label={t('title')} columns={columns} rows={items} />
      )}
      <Outlet />
    </Flex>
  );
}

/** An unknown path under /settings/shift-planner goes to the tab itself. */
export const ShiftPlannerSettingsRedirect = () => <RedirectTo route={orgPaths.settingsShiftPlanner} />;
