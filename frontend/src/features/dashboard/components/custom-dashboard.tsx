import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DashboardPanel } from '@portal/shared/dashboard/dashboard.schema';
import { isManager } from '../../../lib/access.ts';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { DashboardIcon } from '../../../ui/icons.tsx';
import { dashboardSettingsQueryOptions } from '../api/dashboard.ts';
import { ActionsPanel } from './actions-panel.tsx';
import { PanelData } from './panel.tsx';
import { ShiftsPanel } from './shifts-panel.tsx';
import { TasksPanel } from './tasks-panel.tsx';

const PANELS: Record<DashboardPanel, ComponentType> = { actions: ActionsPanel, tasks: TasksPanel, shifts: ShiftsPanel };

/**
 * The custom dashboard: the panels the organisation saved, in their order. Admins and superadmins
 * change them in the "Edit panels" card; assistants see them as they are.
 */
export function CustomDashboard() {
  const { t } = useTranslation('dashboard');
  const { organization, roles } = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const settings = useQuery(dashboardSettingsQueryOptions(organization.id));
  const editor = isManager(roles);
  const edit = editor ? (
    <ButtonLink to={{ pathname: orgHref(orgPaths.dashboardCustomEdit), search }} className="dashboard-edit">
      {t('custom.edit')}
    </ButtonLink>
  ) : null;

  return (
    <PanelData query={settings}>
      {({ panels }) =>
        panels.length === 0 ? (
          <EmptyState icon={<DashboardIcon />} title={t('custom.empty')} help={t(editor ? 'custom.emptyHelp' : 'custom.emptyHelpReadOnly')} action={edit} />
        ) : (
          <>
            {edit ? <div className="dashboard-toolbar">{edit}</div> : null}
            <div className="dashboard-panels">
              {panels.map((panel) => {
                const Panel = PANELS[panel];
                return <Panel key={panel} />;
              })}
            </div>
          </>
        )
      }
    </PanelData>
  );
}
